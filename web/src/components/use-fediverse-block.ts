import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as endpoints from '@inkwell/contract/calls';
import { api, isApiError } from '../lib/api-client';
import { useNotice } from './NoticeProvider';

/**
 * Blocking an account of another fediverse server, shared by the places that offer it (one's own
 * followers on the fediverse, a reply from there on one's story, Settings' Blocked Users).
 */
export const fediverseBlocksQueryOptions = (viewerId: number) =>
  queryOptions({
    queryKey: ['fediverse-blocks', viewerId],
    queryFn: ({ signal }) => api(endpoints.fediverseBlocks, { user_id: viewerId }, { signal }),
    staleTime: 60_000,
  });

/** The accounts elsewhere the member blocked. */
export const useFediverseBlocks = (viewerId: number) => useQuery(fediverseBlocksQueryOptions(viewerId));

/** POST /api/user/fediverse-blocks/set {user_id, account_id, status 1|0}; what it changes is read again. */
export function useFediverseBlock(viewerId: number) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: ({ accountId, block }: { accountId: number; block: boolean }) => api(endpoints.fediverseBlock, { user_id: viewerId, account_id: accountId, status: block ? 1 : 0 }),
    onSuccess: (answer) => {
      showNotice(answer.message, 'success_light');
      for (const key of ['fediverse-blocks', 'fediverse-followers', 'profile', 'notifications']) void queryClient.invalidateQueries({ queryKey: [key] });
    },
    onError: (error) => showNotice((isApiError(error) && error.message) || 'That did not work. Please try again.', 'danger_light'),
  });
}
