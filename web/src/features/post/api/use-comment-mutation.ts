import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { useNotice } from '../../../components/NoticeProvider';

/**
 * SPEC §4: after a comment or reply is sent or deleted the post reloads; SPEC §8: a failure shows a
 * danger notice with the server's message. Every other list holding the post is marked stale too, so
 * its card shows the same comment count (comments and replies) when it is shown again.
 */
/** An answer saying the writing was held for review. */
function isHeld(answer: unknown): answer is { message: string; held: true } {
  return typeof answer === 'object' && answer !== null && (answer as { held?: unknown }).held === true && typeof (answer as { message?: unknown }).message === 'string';
}

export function useCommentMutation<V>(postId: number, mutationFn: (variables: V) => Promise<unknown>, fallback: string) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      // Held for review (issue 47): the writer is told why only they see it for now.
      if (isHeld(answer)) showNotice(answer.message, 'info_light');
      void queryClient.invalidateQueries({ queryKey: ['posts'], refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: ['posts', 'detail', postId] });
    },
    onError: (error) => showNotice((isApiError(error) && error.message) || fallback, 'danger_light'),
  });
}
