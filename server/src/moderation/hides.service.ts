import { REPORT_KIND_NOUNS } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { type AuditActor, audit, staffId } from '../audit/audit.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { DomainEventBus, DomainEvents } from '../events/domain-events.ts';
import { mailTime } from '../mail/account-templates.ts';
import { noticeText, notify, quoted } from '../notify/notify.ts';
import { type ActionRow, actionInForce, insertAction, markLifted, subjectOf } from './actions.repository.ts';
import { CaseError } from './case-error.ts';
import { type Lifting, endOf, liftDueOf } from './timed-actions.ts';
import { mailStatement } from './appeal-links.ts';
import { statementMail } from '../mail/statement-templates.ts';
import { type ReportKind, targetsOf } from './reports.repository.ts';
import { described } from './reports.service.ts';

type Unhidden = DomainEvents['writing.unhidden'];

/** What lifting a hide puts back: whether the writing comes into sight for the first time (it was held). */
interface HideUndo {
  announce: boolean;
  /** The story's writer had hidden it (ADR 0113): lifted, it is theirs to show again. */
  back?: 'author';
}

/** A hide as the deciding moderator gives it: how long (undefined: until lifted), the reasons, the case, who. */
export interface Hide {
  forMs?: number | undefined;
  reason: string;
  caseId: number;
  by: AuditActor;
}

/**
 * A comment or reply hidden by the moderators (issue 47, ADR 0100): a row of moderation_actions (kind
 * 'hide', its target the writing), its audit row and the statement to its writer (what, why, until
 * when), written in the deciding transaction; the writing leaves others' sight by social's reaction to
 * 'case.decided'. Lifted by hand or by the clock: 'writing.unhidden', and the writer is told.
 */
export function createHides(db: Kysely<DB>, events: DomainEventBus, publicUrl: string) {
  /** Lifted once (false: lifted before); what comes back into sight, if the writing is still there. */
  async function lifted(trx: Kysely<DB>, action: ActionRow, by: AuditActor): Promise<{ unhidden?: Unhidden } | false> {
    const now = nowIso();
    if (!(await markLifted(trx, action.id, now))) return false;
    const kind = action.target_kind as 'comment' | 'reply';
    const [target] = await targetsOf(trx, kind, [action.target_id!]);
    const shown = target && described(target).label;
    const undo = JSON.parse(action.undo ?? '{}') as HideUndo;
    const unhidden: Unhidden = { kind, id: action.target_id!, announce: undo.announce === true, ...(undo.back === 'author' ? { backTo: 'author' as const } : {}) };
    await audit(trx, {
      actor: by,
      action: 'writing.unhide',
      target: { kind, id: unhidden.id, label: labelOf(kind, shown) },
      before: { ends_at: action.ends_at },
      caseId: action.case_id,
    });
    if (!target) return {};
    await events.emit(trx, 'writing.unhidden', unhidden);
    if ((await subjectOf(trx, action.subject_id))?.domain === null)
      await notify.fromStaff(trx, { userId: action.subject_id }, noticeText.unhidden(`your ${REPORT_KIND_NOUNS[kind]} ${quoted(shown!)}`, unhidden.backTo === 'author'), now);
    return { unhidden };
  }

  /** Lifted in the caller's transaction; what to say once it commits. */
  async function liftIn(trx: Kysely<DB>, action: ActionRow, by: AuditActor): Promise<Lifting> {
    const done = await lifted(trx, action, by);
    if (!done) return false;
    const { unhidden } = done;
    return unhidden ? { afterCommit: () => events.committed('writing.unhidden', unhidden) } : {};
  }

  /** Lifts in a transaction of its own, then says so. */
  async function lift(action: ActionRow, by: AuditActor): Promise<boolean> {
    const done = await db.transaction().execute((trx) => lifted(trx, action, by));
    if (done && done.unhidden) events.committed('writing.unhidden', done.unhidden);
    return done !== false;
  }

  return {
    liftIn,

    /** Hides the case's comment or reply, in the deciding transaction; the action's id and end. */
    async hideIn(trx: Kysely<DB>, found: { target_kind: ReportKind; target_id: number }, hide: Hide): Promise<{ actionId: number; endsAt: string | null; authorId: number }> {
      if (found.target_kind !== 'comment' && found.target_kind !== 'reply') throw new CaseError('Only a comment or a reply can be hidden here.');
      const [target] = await targetsOf(trx, found.target_kind, [found.target_id]);
      if (!target) throw new CaseError(`That ${found.target_kind} is gone.`);
      if (target.hidden === 'moderators' || (await actionInForce(trx, target.id, 'hide', found.target_kind))) throw new CaseError(`That ${found.target_kind} is hidden already.`);
      const now = nowIso();
      const endsAt = endOf(now, hide.forMs);
      const undo: HideUndo = { announce: target.hidden === 'held', ...(target.hidden === 'author' ? { back: 'author' as const } : {}) };
      const actionId = await insertAction(trx, {
        kind: 'hide',
        subject_id: target.author_id,
        target_kind: found.target_kind,
        target_id: target.id,
        case_id: hide.caseId,
        reason: hide.reason,
        starts_at: now,
        ends_at: endsAt,
        created_by: staffId(hide.by),
        undo: JSON.stringify(undo),
      });
      const shown = described(target);
      await audit(trx, {
        actor: hide.by,
        action: 'writing.hide',
        target: { kind: found.target_kind, id: target.id, label: labelOf(found.target_kind, shown.label) },
        after: { ends_at: endsAt, reason: hide.reason },
        caseId: hide.caseId,
      });
      const theirs = `your ${REPORT_KIND_NOUNS[found.target_kind]} ${quoted(shown.label)}`;
      // A member is told here, in the app and by mail; an account elsewhere is not ours to notify.
      const author = await subjectOf(trx, target.author_id);
      if (author?.domain === null) {
        await notify.fromStaff(trx, { userId: target.author_id }, noticeText.hidden(theirs, hide.reason, endsAt && mailTime(endsAt)), now);
        if (author.email) {
          const done = `The moderators of this server have hidden ${theirs} from readers`;
          const effect = 'Only you can still see it, labelled. Nothing of yours is deleted.';
          const to = author.email;
          await mailStatement(trx, publicUrl, { id: actionId, startsAt: now }, (offer) =>
            statementMail(to, 'The moderators hid something you wrote', { done, reason: hide.reason, endsAt, effect, ...offer }),
          );
        }
      }
      return { actionId, endsAt, authorId: target.author_id };
    },

    /** Lifts the hide of a comment or reply by hand; a CaseError when none is in force. */
    async lift(kind: 'comment' | 'reply', id: number, by: AuditActor): Promise<void> {
      const action = await actionInForce(db, id, 'hide', kind);
      if (!action || !(await lift(action, by))) throw new CaseError(`That ${kind} is not hidden by the moderators.`);
    },

    /** The clock: lifts every hide whose end has come by `now`; how many. */
    async liftDue(now = nowIso()): Promise<number> {
      return liftDueOf(db, 'hide', now, (action) => lift(action, 'the clock'));
    },
  };
}

const labelOf = (kind: 'comment' | 'reply', text: string | undefined) => (text === undefined ? `${kind} (gone)` : `${kind}: ${text}`);

export type Hides = ReturnType<typeof createHides>;
