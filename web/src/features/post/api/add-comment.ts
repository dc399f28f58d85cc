import { type CallBody, api } from '../../../lib/api-client';
import { useCommentMutation } from './use-comment-mutation';
import * as endpoints from '@inkwell/contract/calls';

/** The call's body, as contract/src/calls.ts names it. */
export type CommentVariables = CallBody<typeof endpoints.comment>;

/** POST /api/user/comment {user_id, post_id, comments}. */
export function addComment(body: CommentVariables) {
  return api(endpoints.comment, body);
}

export function useAddComment(postId: number) {
  return useCommentMutation(postId, addComment, 'Your comment could not be posted.');
}
