import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentsFrom } from '@inkwell/contract';
import { useNotice } from '../../../components/NoticeProvider';
import { api, isApiError } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/posts/comments-from {id, comments_from}: the story's writer says who may comment on it (ADR 0115). */
export function setCommentsFrom(postId: number, from: CommentsFrom) {
  return api(endpoints.postsCommentsFrom, { id: postId, comments_from: from });
}

/** The writer's choice: the story's page is read again, and the server's word shown. */
export function useSetCommentsFrom(postId: number) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: (from: CommentsFrom) => setCommentsFrom(postId, from),
    onSuccess: (answer) => {
      showNotice(answer.message, 'success_light');
      return queryClient.invalidateQueries({ queryKey: ['posts', 'detail', postId] });
    },
    onError: (error) => showNotice((isApiError(error) && error.message) || 'That could not be changed. Try again.', 'danger_light'),
  });
}
