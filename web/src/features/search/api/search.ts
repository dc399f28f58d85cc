import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/search {query} (with the session headers when signed in): people and posts. */
export function search(query: string, signal?: AbortSignal): Promise<SearchResponse> {
  return api(endpoints.search, { query }, { signal });
}

export const searchQueryOptions = (query: string) => queryOptions({ queryKey: ['search', query], queryFn: ({ signal }) => search(query, signal), staleTime: 60_000 });

/** Results for a (debounced) query; none asked for a blank one; the last results stay while the next load. */
export function useSearch(query: string) {
  return useQuery({ ...searchQueryOptions(query), enabled: query.trim() !== '', placeholderData: keepPreviousData, retry: false });
}
