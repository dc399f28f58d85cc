import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { LibraryScope, LibrarySearchResponse } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/library/search {user_id, query, scope, cursor?}: one page of the member's saved, read and written stories. */
export function searchLibrary(userId: string, query: string, scope: LibraryScope, cursor: string | null, signal?: AbortSignal): Promise<LibrarySearchResponse> {
  return api(endpoints.librarySearch, { user_id: Number(userId), query, scope, ...(cursor ? { cursor } : {}) }, { signal });
}

/** Each next page with the cursor the last one gave, until it gives none. */
export const librarySearchQueryOptions = (userId: string, query: string, scope: LibraryScope) =>
  infiniteQueryOptions({
    queryKey: ['library', 'search', userId, scope, query],
    queryFn: ({ pageParam, signal }) => searchLibrary(userId, query, scope, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: LibrarySearchResponse) => last.next_cursor ?? undefined,
    staleTime: 30_000,
  });

/** Results for a query (none asked for a blank one). */
export function useLibrarySearch(userId: string, query: string, scope: LibraryScope) {
  return useInfiniteQuery({ ...librarySearchQueryOptions(userId, query, scope), enabled: query.trim() !== '' });
}
