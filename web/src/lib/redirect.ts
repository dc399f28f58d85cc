import { safeNextPath } from '@inkwell/contract';

/** Where the guard sent the user from (location state `from`), so login can return there. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * Where login returns to: the guard's location state `from`, else the page's `?next=` (the address a
 * form sent without the app's scripts came back with), else home.
 */
export function redirectTarget(state: unknown, search = ''): string {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== 'string') return safeNextPath(new URLSearchParams(search).get('next')) ?? '/';
  return safeNextPath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`) ?? '/';
}
