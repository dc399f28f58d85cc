import { api } from '../../../lib/api-client';
import { useCommentMutation } from './use-comment-mutation';
import * as endpoints from '@inkwell/contract/calls';

export interface HideWriting {
  kind: 'comment' | 'reply';
  id: number;
  hidden: boolean;
}

/** POST /api/user/comments/hide {kind, id, hidden}: the story's writer hides a comment or reply on it from its readers, or shows it again (ADR 0113). */
export function hideWriting({ kind, id, hidden }: HideWriting) {
  return api(endpoints.writingHide, { kind, id, hidden: hidden ? 1 : 0 });
}

export function useHideWriting(postId: number) {
  return useCommentMutation(postId, hideWriting, 'That could not be changed. Try again.');
}
