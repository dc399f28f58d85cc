import { api } from '../../../lib/api-client';
import { useCommentMutation } from './use-comment-mutation';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/comment-delete {id}: by the comment's author or the post's owner. */
export function deleteComment(id: number) {
  return api(endpoints.commentDelete, { id });
}

export function useDeleteComment(postId: number) {
  return useCommentMutation(postId, deleteComment, 'The comment could not be deleted.');
}
