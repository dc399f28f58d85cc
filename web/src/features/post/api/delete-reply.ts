import { api } from '../../../lib/api-client';
import { useCommentMutation } from './use-comment-mutation';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/reply-delete {id}: by the reply's author or the post's owner. */
export function deleteReply(id: number) {
  return api(endpoints.replyDelete, { id });
}

export function useDeleteReply(postId: number) {
  return useCommentMutation(postId, deleteReply, 'The reply could not be deleted.');
}
