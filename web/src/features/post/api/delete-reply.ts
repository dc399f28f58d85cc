import { apiRequest } from '../../../lib/api-client';
import { useCommentMutation } from './use-comment-mutation';

/** POST /api/user/reply-delete {id}: by the reply's author or the post's owner. */
export function deleteReply(id: number) {
  return apiRequest('reply-delete', { body: { id }, schema: 'messageResponse' });
}

export function useDeleteReply(postId: number) {
  return useCommentMutation(postId, deleteReply, 'The reply could not be deleted.');
}
