import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as endpoints from '@inkwell/contract/calls';
import { api, isApiError } from '../../../lib/api-client';
import { useNotice } from '../../../components/NoticeProvider';

/** POST /api/user/fediverse-replies {post_id}: the story's replies from the fediverse, as threads, oldest first. */
export const fediverseRepliesQueryOptions = (postId: number) =>
  queryOptions({
    // Under ['posts', …]: what refreshes a story's page refreshes these too.
    queryKey: ['posts', 'fediverse-replies', postId],
    queryFn: ({ signal }) => api(endpoints.fediverseReplies, { post_id: postId }, { signal }),
    staleTime: 30_000,
  });

export const useFediverseReplies = (postId: number) => useQuery(fediverseRepliesQueryOptions(postId));

/** Reads the story's replies and the story (its comment count) again after a change. */
function refresh(queryClient: ReturnType<typeof useQueryClient>, postId: number) {
  void queryClient.invalidateQueries({ queryKey: ['posts'], refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: ['posts', 'detail', postId] });
  return queryClient.invalidateQueries({ queryKey: fediverseRepliesQueryOptions(postId).queryKey });
}

/**
 * POST /api/user/fediverse-replies/answer {user_id, post_id, reply_to_id, reply}: a member answers a
 * reply (sent back to its thread's accounts as a Note); a refusal (no username yet) said in a notice.
 */
export function useAnswerFediverseReply(postId: number) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: (variables: { userId: number; replyToId: number; reply: string }) =>
      api(endpoints.fediverseAnswer, { user_id: variables.userId, post_id: postId, reply_to_id: variables.replyToId, reply: variables.reply }),
    onSuccess: () => refresh(queryClient, postId),
    onError: (error) => showNotice((isApiError(error) && error.message) || 'Your reply could not be sent.', 'danger_light'),
  });
}

/**
 * POST /api/user/fediverse-replies/delete {user_id, id}: the story's writer removes a reply (and its
 * thread), a member their own answer; the list and the story are read again, a failure said in a notice.
 */
export function useDeleteFediverseReply(postId: number, userId: number | null) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: (id: number) => api(endpoints.fediverseReplyDelete, { user_id: userId ?? 0, id }),
    onSuccess: () => refresh(queryClient, postId),
    onError: (error) => showNotice((isApiError(error) && error.message) || 'The reply could not be removed.', 'danger_light'),
  });
}
