import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as endpoints from '@inkwell/contract/calls';
import { api, isApiError } from '../../../lib/api-client';
import { useNotice } from '../../../components/NoticeProvider';

/** POST /api/user/fediverse-replies {post_id}: the story's replies from the fediverse, as threads, oldest first. */
export const fediverseRepliesQueryOptions = (postId: number) =>
  queryOptions({
    // Under ['posts', …]: what refreshes a story's page refreshes these too.
    queryKey: ['posts', 'fediverse-replies', postId],
    queryFn: async ({ signal }) => (await api(endpoints.fediverseReplies, { post_id: postId }, { signal })).comments,
    staleTime: 30_000,
  });

export const useFediverseReplies = (postId: number) => useQuery(fediverseRepliesQueryOptions(postId));

/**
 * POST /api/user/fediverse-replies/delete {user_id, id}: the story's writer removes a reply (and its
 * thread); the list and the story (its comment count) are read again, a failure said in a notice.
 */
export function useDeleteFediverseReply(postId: number, userId: number) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: (id: number) => api(endpoints.fediverseReplyDelete, { user_id: userId, id }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['posts'], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: ['posts', 'detail', postId] });
      return queryClient.invalidateQueries({ queryKey: fediverseRepliesQueryOptions(postId).queryKey });
    },
    onError: (error) => showNotice((isApiError(error) && error.message) || 'The reply could not be removed.', 'danger_light'),
  });
}
