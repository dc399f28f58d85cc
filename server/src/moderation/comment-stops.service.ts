import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { noticeText } from '../notify/notify.ts';
import { type AccountActionTaken, createAccountAction } from './account-actions.ts';

/** A stop as the deciding moderator gives it: how long (undefined: until lifted), the reasons, the case, who. */
export type CommentStop = AccountActionTaken;

/**
 * An account's comments and replies stopped by the moderators (issue 47, ADR 0101): a row of
 * moderation_actions (kind 'no-comments', its target the account), its audit row and, for a member,
 * the statement (until when, why), in the deciding transaction. While it lasts a member's comment or
 * reply is refused with those words, and an account elsewhere's replies are not kept (social reads it:
 * db/shared.repository.ts `commentStopOf`). Lifted by hand or by the clock; the member is told.
 */
export function createCommentStops(db: Kysely<DB>, publicUrl: string) {
  const action = createAccountAction(db, publicUrl, {
    kind: 'no-comments',
    audit: { on: 'account.no-comments', off: 'account.comments-allow' },
    already: (account) => `${account} may not comment already.`,
    notInForce: 'That account may comment already.',
    notice: noticeText.commentsStopped,
    noticeEnded: noticeText.commentsBack,
    mail: {
      subject: 'The moderators stopped your comments',
      done: 'The moderators of this server have stopped your comments and replies',
      effect: 'Until then you cannot write comments or replies; your stories, and what you wrote before, stay as they are.',
    },
  });
  return { ...action, stopIn: action.takeIn };
}
