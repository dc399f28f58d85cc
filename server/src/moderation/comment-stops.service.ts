import type { Kysely } from 'kysely';
import { type AuditActor, audit, staffId } from '../audit/audit.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { mailTime } from '../mail/account-templates.ts';
import { noticeText, notify } from '../notify/notify.ts';
import { type ActionRow, actionInForce, insertAction, markLifted, subjectOf } from './actions.repository.ts';
import { CaseError } from './case-error.ts';
import { type Lifting, endOf, liftDueOf, subjectLabel as label } from './timed-actions.ts';
import { mailStatement } from './appeal-links.ts';
import { statementMail } from '../mail/statement-templates.ts';

/** A stop as the deciding moderator gives it: how long (undefined: until lifted), the reasons, the case, who. */
export interface CommentStop {
  forMs?: number | undefined;
  reason: string;
  caseId: number | null;
  by: AuditActor;
}

/**
 * An account's comments and replies stopped by the moderators (issue 47, ADR 0101): a row of
 * moderation_actions (kind 'no-comments', its target the account), its audit row and, for a member,
 * the statement (until when, why), in the deciding transaction. While it lasts a member's comment or
 * reply is refused with those words, and an account elsewhere's replies are not kept (social reads it:
 * db/shared.repository.ts `commentStopOf`). Lifted by hand or by the clock; the member is told.
 */
export function createCommentStops(db: Kysely<DB>, publicUrl: string) {
  async function lifted(trx: Kysely<DB>, action: ActionRow, by: AuditActor): Promise<boolean> {
    const now = nowIso();
    if (!(await markLifted(trx, action.id, now))) return false;
    const subject = await subjectOf(trx, action.subject_id);
    if (!subject) return true;
    await audit(trx, {
      actor: by,
      action: 'account.comments-allow',
      target: { kind: 'account', id: subject.id, label: label(subject) },
      before: { ends_at: action.ends_at },
      caseId: action.case_id,
    });
    if (subject.domain === null) await notify.fromStaff(trx, { userId: subject.id }, noticeText.commentsBack, now);
    return true;
  }

  return {
    /** Lifts it in the caller's transaction (an appeal upheld); false when it was lifted already. */
    liftIn: async (trx: Kysely<DB>, action: ActionRow, by: AuditActor): Promise<Lifting> => (await lifted(trx, action, by)) && {},

    /** Stops the account's comments, in the deciding transaction; the action's end. */
    async stopIn(trx: Kysely<DB>, subjectId: number, stop: CommentStop): Promise<{ endsAt: string | null }> {
      const subject = await subjectOf(trx, subjectId);
      if (!subject) throw new CaseError('That account is gone.');
      if (await actionInForce(trx, subjectId, 'no-comments')) throw new CaseError(`${label(subject)} may not comment already.`);
      const now = nowIso();
      const endsAt = endOf(now, stop.forMs);
      const actionId = await insertAction(trx, {
        kind: 'no-comments',
        subject_id: subjectId,
        target_kind: 'account',
        target_id: subjectId,
        case_id: stop.caseId,
        reason: stop.reason,
        starts_at: now,
        ends_at: endsAt,
        created_by: staffId(stop.by),
        undo: null,
      });
      await audit(trx, {
        actor: stop.by,
        action: 'account.no-comments',
        target: { kind: 'account', id: subjectId, label: label(subject) },
        after: { ends_at: endsAt, reason: stop.reason },
        caseId: stop.caseId,
      });
      if (subject.domain === null) {
        await notify.fromStaff(trx, { userId: subjectId }, noticeText.commentsStopped(endsAt && mailTime(endsAt), stop.reason), now);
        if (subject.email) {
          const done = 'The moderators of this server have stopped your comments and replies';
          const effect = 'Until then you cannot write comments or replies; your stories, and what you wrote before, stay as they are.';
          const to = subject.email;
          await mailStatement(trx, publicUrl, { id: actionId, startsAt: now }, (offer) =>
            statementMail(to, 'The moderators stopped your comments', { done, reason: stop.reason, endsAt, effect, ...offer }),
          );
        }
      }
      return { endsAt };
    },

    /** Lifts the stop on the account by hand; a CaseError when none is in force. */
    async lift(subjectId: number, by: AuditActor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const action = await actionInForce(trx, subjectId, 'no-comments');
        if (!action || !(await lifted(trx, action, by))) throw new CaseError('That account may comment already.');
      });
    },

    /** The clock: lifts every stop whose end has come by `now`; how many. */
    async liftDue(now = nowIso()): Promise<number> {
      return liftDueOf(db, 'no-comments', now, (action) => db.transaction().execute((trx) => lifted(trx, action, 'the clock')));
    },
  };
}
