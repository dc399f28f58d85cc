import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/user/drafts {}: the writer's drafts, scheduled ones included, last changed first. */
export function getDrafts(signal?: AbortSignal) {
  return apiRequest('drafts', { body: {}, schema: 'draftsResponse', signal });
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
