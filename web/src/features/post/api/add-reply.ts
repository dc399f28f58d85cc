import { apiRequest } from '../../../lib/api-client';
import { useCommentMutation } from './use-comment-mutation';

export interface ReplyVariables {
  user_id: number;
  post_id: number;
  comment_id: number;
  reply: string;
  /** The reply of the same comment this one answers. */
  reply_to_id?: number;
}

/** POST /api/user/replies {user_id, post_id, reply, comment_id, reply_to_id?}. */
export function addReply(body: ReplyVariables) {
  return apiRequest('replies', { body, schema: 'commentCreatedResponse' });
}

export function useAddReply(postId: number) {
  return useCommentMutation(postId, addReply, 'Your reply could not be posted.');
}
