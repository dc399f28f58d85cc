import type { DehydratedState } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** The id of the <script type="application/json"> that carries the server's data to the browser. */
export const STATE_ELEMENT_ID = 'inkwell-state';

interface SerializedError {
  apiError: true;
  status: number;
  message: string;
  errors: Record<string, string[]>;
}

/**
 * The fetched data as JSON that is safe inside a script element: `<` is escaped, so no text in it
 * (a title holding `</script>`) can end the element. A failed call keeps its status and message.
 */
export function serializeState(state: DehydratedState): string {
  const queries = state.queries.map((query) => {
    const error = query.state.error;
    if (!error) return query;
    const serialized: SerializedError =
      error instanceof ApiError ? { apiError: true, status: error.status, message: error.message, errors: error.errors } : { apiError: true, status: 0, message: '', errors: {} };
    return { ...query, state: { ...query.state, error: serialized } };
  });
  return JSON.stringify({ ...state, queries })
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The state the server put in the page, with its failed calls as ApiErrors again; null if none. Its
 * data counts as fetched when the page arrived: the server keeps a rendered page only until a write
 * drops it, so a page rendered a while ago still shows what its calls would answer now, and the
 * screens do not ask again for it right after hydrating.
 */
export function readState(json: string | null | undefined): DehydratedState | null {
  if (!json) return null;
  let state: DehydratedState;
  try {
    state = JSON.parse(json) as DehydratedState;
  } catch {
    return null;
  }
  const arrived = Date.now();
  for (const query of state.queries) {
    if (query.state.status === 'success') query.state.dataUpdatedAt = arrived;
    const error = query.state.error as SerializedError | null;
    if (error && typeof error === 'object' && error.apiError) {
      (query.state as { error: unknown }).error = new ApiError(error.status, error.message, error.errors);
    }
  }
  return state;
}
