import { paths } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { type AuditActor, audit, staffId } from '../audit/audit.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { suspendedMail, unsuspendedMail } from '../mail/account-templates.ts';
import { insertMail } from '../mail/outbox.repository.ts';
import { deactivateAccount, reactivateAccount } from '../db/shared.repository.ts';
import { type ActionRow, actionInForce, insertAction, markLifted, subjectOf } from './actions.repository.ts';
import { CaseError } from './case-error.ts';
import { mailStatement } from './appeal-links.ts';
import { type Lifting, endOf, liftDueOf, subjectLabel as label } from './timed-actions.ts';

/** The longest reasons a suspension may give (what the account is told). */
export const REASON_MAX = 2000;
/** The longest suspension with an end: beyond it, suspend until lifted. */
const LONGEST_MS = 10 * 365 * 24 * 60 * 60 * 1000;
const UNITS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** A duration as the command line and the console write it ('30m', '2h', '3d', '2w'), in milliseconds; undefined when it is not one. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,6})([mhdw])$/.exec(text.trim());
  const ms = match ? Number(match[1]) * UNITS[match[2]!]! : undefined;
  return ms !== undefined && ms > 0 && ms <= LONGEST_MS ? ms : undefined;
}

export interface Suspension {
  /** How long, in milliseconds; undefined: until a moderator lifts it. */
  forMs?: number | undefined;
  reason: string;
  caseId?: number | null;
  by: AuditActor;
}

/**
 * Suspensions (issue 47, ADR 0096): a member of this server out of sight as a deactivated account is —
 * every feed, list, search, comment thread and the fediverse (its actor answers 410 Gone) — every
 * session ended and sign-in refused with the reasons, until its end (the clock lifts it: `liftDue`, a
 * job of the moderation module) or a moderator lifts it. Nothing is deleted. Each is written in one
 * transaction with its audit row and its mail to the account (the statement of reasons; another when
 * it ends). A member who had deactivated their account before stays deactivated after.
 */
export function createSuspensions(db: Kysely<DB>, publicUrl: string) {
  async function lifted(trx: Kysely<DB>, action: ActionRow, by: AuditActor): Promise<boolean> {
    const now = nowIso();
    if (!(await markLifted(trx, action.id, now))) return false;
    const subject = await subjectOf(trx, action.subject_id);
    if (!subject) return true;
    if ((JSON.parse(action.undo ?? '{}') as { reactivate?: boolean }).reactivate) await reactivateAccount(trx, subject.id, now);
    await audit(trx, {
      actor: by,
      action: 'account.unsuspend',
      target: { kind: 'account', id: subject.id, label: label(subject) },
      before: { ends_at: action.ends_at },
      caseId: action.case_id,
    });
    if (subject.email) await insertMail(trx, unsuspendedMail(subject.email, new URL(paths.login.getHref(), publicUrl).href), now);
    return true;
  }

  return {
    /** Suspends the member in the caller's transaction (a case decided) or its own; the action's id and end. */
    async suspendIn(trx: Kysely<DB>, subjectId: number, suspension: Suspension): Promise<{ actionId: number; endsAt: string | null }> {
      const reason = suspension.reason.trim();
      if (reason === '') throw new CaseError('A suspension needs its reasons (--note): they are what the account is told.');
      if (reason.length > REASON_MAX) throw new CaseError(`The reasons may not be longer than ${REASON_MAX} characters.`);
      const subject = await subjectOf(trx, subjectId);
      if (!subject || subject.domain !== null || !subject.email) throw new CaseError('Only a member of this server can be suspended here.');
      if (await actionInForce(trx, subjectId, 'suspend')) throw new CaseError(`${label(subject)} is suspended already.`);
      const now = nowIso();
      const endsAt = endOf(now, suspension.forMs);
      await deactivateAccount(trx, subjectId, now);
      const actionId = await insertAction(trx, {
        kind: 'suspend',
        subject_id: subjectId,
        target_kind: 'account',
        target_id: subjectId,
        case_id: suspension.caseId ?? null,
        reason,
        starts_at: now,
        ends_at: endsAt,
        created_by: staffId(suspension.by),
        undo: JSON.stringify({ reactivate: subject.deactivated_at === null }),
      });
      await audit(trx, {
        actor: suspension.by,
        action: 'account.suspend',
        target: { kind: 'account', id: subjectId, label: label(subject) },
        after: { ends_at: endsAt, reason },
        caseId: suspension.caseId ?? null,
      });
      const to = subject.email;
      await mailStatement(trx, publicUrl, { id: actionId, startsAt: now }, (offer) => suspendedMail(to, { endsAt, reason, ...offer }));
      return { actionId, endsAt };
    },

    async suspend(subjectId: number, suspension: Suspension): Promise<{ actionId: number; endsAt: string | null }> {
      return db.transaction().execute((trx) => this.suspendIn(trx, subjectId, suspension));
    },

    /** Lifts it in the caller's transaction (an appeal upheld); false when it was lifted already. */
    liftIn: async (trx: Kysely<DB>, action: ActionRow, by: AuditActor): Promise<Lifting> => (await lifted(trx, action, by)) && {},

    /** Lifts the member's suspension by hand; a CaseError when there is none in force. */
    async lift(subjectId: number, by: AuditActor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const action = await actionInForce(trx, subjectId, 'suspend');
        if (!action || !(await lifted(trx, action, by))) throw new CaseError('That account is not suspended.');
      });
    },

    /** The clock: lifts every action whose end has come by `now` (each in its own transaction); how many. */
    async liftDue(now = nowIso()): Promise<number> {
      return liftDueOf(db, 'suspend', now, (action) => db.transaction().execute((trx) => lifted(trx, action, 'the clock')));
    },
  };
}

export type Suspensions = ReturnType<typeof createSuspensions>;
