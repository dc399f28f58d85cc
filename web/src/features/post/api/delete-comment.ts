import { apiRequest } from '../../../lib/api-client';
import { useCommentMutation } from './use-comment-mutation';

/** POST /api/user/comment-delete {id}: by the comment's author or the post's owner. */
export function deleteComment(id: number) {
  return apiRequest('comment-delete', { body: { id }, schema: 'messageResponse' });
}

export function useDeleteComment(postId: number) {
  return useCommentMutation(postId, deleteComment, 'The comment could not be deleted.');
}
