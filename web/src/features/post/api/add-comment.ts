import { apiRequest } from '../../../lib/api-client';
import { useCommentMutation } from './use-comment-mutation';

export interface CommentVariables {
  user_id: number;
  post_id: number;
  comments: string;
}

/** POST /api/user/comment {user_id, post_id, comments}. */
export function addComment(body: CommentVariables) {
  return apiRequest('comment', { body, schema: 'commentCreatedResponse' });
}

export function useAddComment(postId: number) {
  return useCommentMutation(postId, addComment, 'Your comment could not be posted.');
}
