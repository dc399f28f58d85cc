import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/drafts {}: the writer's drafts, scheduled ones included, last changed first. */
export function getDrafts(signal?: AbortSignal) {
  return api(endpoints.drafts, undefined, { signal });
}

/** Under ['drafts', …]: the editor's saves mark it stale. */
export const draftsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['drafts', 'list', userId],
    queryFn: async ({ signal }) => (await getDrafts(signal)).data,
    staleTime: 30_000,
  });

export function useDrafts(userId: string) {
  return useQuery(draftsQueryOptions(userId));
}
