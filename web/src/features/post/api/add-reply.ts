import { type CallBody, api } from '../../../lib/api-client';
import { useCommentMutation } from './use-comment-mutation';
import * as endpoints from '@inkwell/contract/calls';

/** The call's body, as contract/src/calls.ts names it. */
export type ReplyVariables = CallBody<typeof endpoints.replies>;

/** POST /api/user/replies {user_id, post_id, reply, comment_id, reply_to_id?}. */
export function addReply(body: ReplyVariables) {
  return api(endpoints.replies, body);
}

export function useAddReply(postId: number) {
  return useCommentMutation(postId, addReply, 'Your reply could not be posted.');
}
