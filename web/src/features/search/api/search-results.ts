import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchResultType, SearchResultsResponse } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/search/results {query, type, cursor?}: one page of posts, people or topics. */
export function getSearchResults(query: string, type: SearchResultType, cursor: string | null, signal?: AbortSignal): Promise<SearchResultsResponse> {
  return api(endpoints.searchResults, { query, type, ...(cursor ? { cursor } : {}) }, { signal });
}

/** Each next page with the cursor the last one gave, until it gives none. */
export const searchResultsQueryOptions = (query: string, type: SearchResultType) =>
  infiniteQueryOptions({
    queryKey: ['search-results', type, query],
    queryFn: ({ pageParam, signal }) => getSearchResults(query, type, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: SearchResultsResponse) => last.next_cursor ?? undefined,
    staleTime: 60_000,
  });

/** Results for a query (none asked for a blank one). */
export function useSearchResults(query: string, type: SearchResultType) {
  return useInfiniteQuery({ ...searchResultsQueryOptions(query, type), enabled: query.trim() !== '' });
}
