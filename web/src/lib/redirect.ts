/** Where the guard sent the user from (location state `from`), so login can return there. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

const AUTH_PAGES = new Set(['/login', '/signup', '/verified']);

export function redirectTarget(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) return '/';
  if (AUTH_PAGES.has(from.pathname)) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
