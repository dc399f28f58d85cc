import type { Kysely } from 'kysely';
import { type AuditActor, audit, staffId } from '../audit/audit.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { mailTime } from '../mail/account-templates.ts';
import { statementMail } from '../mail/statement-templates.ts';
import { notify } from '../notify/notify.ts';
import { type ActionRow, actionInForce, insertAction, markLifted, subjectOf } from './actions.repository.ts';
import { mailStatement } from './appeal-links.ts';
import { CaseError } from './case-error.ts';
import { type Lifting, endOf, liftDueOf, subjectLabel as label } from './timed-actions.ts';

/** An account action as the deciding moderator gives it: how long (undefined: until lifted), the reasons, the case, who. */
export interface AccountActionTaken {
  forMs?: number | undefined;
  reason: string;
  caseId: number | null;
  by: AuditActor;
}

/** What sets one kind of action on a whole account apart: its words, its audit names and its effect on the account's row. */
export interface AccountActionKind {
  kind: 'no-comments' | 'limit';
  /** The audit log's names of taking it and of lifting it. */
  audit: { on: string; off: string };
  /** The refusal when one is in force already, and when none is to lift. */
  already: (account: string) => string;
  notInForce: string;
  /** What a member is told in the app: when it begins (until when, reasons) and when it ends. */
  notice: (until: string | null, reason: string) => string;
  noticeEnded: string;
  /** The statement mailed to a member: its subject, what was done, and what it means until it ends. */
  mail: { subject: string; done: string; effect: string };
  /** What the action changes on the account's row besides its own row, in the same transaction (on: when it began; null: lifted). */
  mark?: (trx: Kysely<DB>, subjectId: number, on: string | null) => Promise<void>;
}

/**
 * One kind of the moderators' timed actions on a whole account (issue 47; ADRs 0101, 0111): a row of
 * moderation_actions (its target the account), its audit row and, for a member, the notice and the
 * statement of reasons with its appeal link, all in the deciding transaction; lifted by hand, by an
 * appeal or by the clock, audited and told. Accounts elsewhere get no notice (they have no inbox here).
 */
export function createAccountAction(db: Kysely<DB>, publicUrl: string, spec: AccountActionKind) {
  async function lifted(trx: Kysely<DB>, action: ActionRow, by: AuditActor): Promise<boolean> {
    const now = nowIso();
    if (!(await markLifted(trx, action.id, now))) return false;
    const subject = await subjectOf(trx, action.subject_id);
    if (!subject) return true;
    await spec.mark?.(trx, subject.id, null);
    await audit(trx, {
      actor: by,
      action: spec.audit.off,
      target: { kind: 'account', id: subject.id, label: label(subject) },
      before: { ends_at: action.ends_at },
      caseId: action.case_id,
    });
    if (subject.domain === null) await notify.fromStaff(trx, { userId: subject.id }, spec.noticeEnded, now);
    return true;
  }

  return {
    /** Lifts it in the caller's transaction (an appeal upheld); false when it was lifted already. */
    liftIn: async (trx: Kysely<DB>, action: ActionRow, by: AuditActor): Promise<Lifting> => (await lifted(trx, action, by)) && {},

    /** Takes it on the account, in the deciding transaction; the action's end. */
    async takeIn(trx: Kysely<DB>, subjectId: number, taken: AccountActionTaken): Promise<{ endsAt: string | null }> {
      const subject = await subjectOf(trx, subjectId);
      if (!subject) throw new CaseError('That account is gone.');
      if (await actionInForce(trx, subjectId, spec.kind)) throw new CaseError(spec.already(label(subject)), { kind: 'conflict' });
      const now = nowIso();
      const endsAt = endOf(now, taken.forMs);
      const actionId = await insertAction(trx, {
        kind: spec.kind,
        subject_id: subjectId,
        target_kind: 'account',
        target_id: subjectId,
        case_id: taken.caseId,
        reason: taken.reason,
        starts_at: now,
        ends_at: endsAt,
        created_by: staffId(taken.by),
        undo: null,
      });
      await spec.mark?.(trx, subjectId, now);
      await audit(trx, {
        actor: taken.by,
        action: spec.audit.on,
        target: { kind: 'account', id: subjectId, label: label(subject) },
        after: { ends_at: endsAt, reason: taken.reason },
        caseId: taken.caseId,
      });
      if (subject.domain === null) {
        await notify.fromStaff(trx, { userId: subjectId }, spec.notice(endsAt && mailTime(endsAt), taken.reason), now);
        if (subject.email) {
          const to = subject.email;
          const { subject: title, done, effect } = spec.mail;
          await mailStatement(trx, publicUrl, { id: actionId, startsAt: now }, (offer) => statementMail(to, title, { done, reason: taken.reason, endsAt, effect, ...offer }));
        }
      }
      return { endsAt };
    },

    /** Lifts the one in force on the account by hand; a CaseError when none is. */
    async lift(subjectId: number, by: AuditActor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const action = await actionInForce(trx, subjectId, spec.kind);
        if (!action || !(await lifted(trx, action, by))) throw new CaseError(spec.notInForce, { kind: 'conflict' });
      });
    },

    /** The clock: lifts every one whose end has come by `now`; how many. */
    async liftDue(now = nowIso()): Promise<number> {
      return liftDueOf(db, spec.kind, now, (action) => db.transaction().execute((trx) => lifted(trx, action, 'the clock')));
    },
  };
}

export type AccountAction = ReturnType<typeof createAccountAction>;
