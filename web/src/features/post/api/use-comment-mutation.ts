import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { useNotice } from '../../../components/NoticeProvider';

/**
 * SPEC §4: after a comment or reply is sent or deleted the post reloads; SPEC §8: a failure shows a
 * danger notice with the server's message.
 */
export function useCommentMutation<V>(postId: number, mutationFn: (variables: V) => Promise<unknown>, fallback: string) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['posts', 'detail', postId] }),
    onError: (error) => showNotice((isApiError(error) && error.message) || fallback, 'danger_light'),
  });
}
