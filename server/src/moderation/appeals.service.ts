import {
  APPEAL_CLOSED,
  APPEAL_ENDED,
  APPEAL_INVALID_LINK,
  APPEAL_MADE_ALREADY,
  APPEAL_NOT_YOURS,
  APPEAL_OUTCOMES,
  APPEAL_RECEIVED,
  APPEAL_REPLY_MAX,
  type AppealResponse,
  type AppealStatementResponse,
  type AppealView,
} from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { type AuditActor, audit, staffId } from '../audit/audit.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { DomainEventBus } from '../events/domain-events.ts';
import { conflict, validationError } from '../lib/errors.ts';
import { hashToken } from '../lib/tokens.ts';
import { insertMail } from '../mail/outbox.repository.ts';
import { appealAnsweredMail } from '../mail/statement-templates.ts';
import { notify } from '../notify/notify.ts';
import { yourActedOn } from './action-labels.ts';
import { subjectOf } from './actions.repository.ts';
import { appealLink, appealWindowEnd } from './appeal-links.ts';
import {
  type AppealRow,
  type AppealedActionRow,
  actionByAppealToken,
  actionById,
  answerAppeal,
  appealById,
  appealOfAction,
  appealsByStatus,
  insertAppeal,
  setActionEnd,
} from './appeals.repository.ts';
import { CaseError } from './case-error.ts';
import { createCommentStops } from './comment-stops.service.ts';
import { createHides } from './hides.service.ts';
import { createSuspensions } from './suspensions.service.ts';
import { createLimits } from './limits.service.ts';
import { type Lifting, endOf } from './timed-actions.ts';

/** How a moderator answers an appeal: uphold it (the action is lifted), turn it down, or change the action's end. */
export type AppealAnswer = { outcome: 'approve' } | { outcome: 'reject' } | { outcome: 'change'; forMs: number };
const STATUS_OF = { approve: 'approved', reject: 'rejected', change: 'changed' } as const;

const view = (row: AppealRow): AppealView => ({ text: row.text, status: row.status, reply: row.reply, created_at: row.created_at, decided_at: row.decided_at });

/**
 * Appeals (issue 47, ADR 0103). The statement of each action on a member carries a link with a token
 * of that action; the page it opens shows the statement and takes one appeal, within the window
 * (`APPEAL_WINDOW_DAYS` after the action began), with no session — a suspended member cannot sign in.
 * A moderator answers it with reasons: upheld (the action is lifted, by its kind's own lifting, with
 * its audit row and notice), turned down, or changed (a new end, counted from the action's start; one
 * already passed lifts it at once). The answer, its audit row ('appeal.decide') and the mail to the
 * appellant (with a fresh link to the page, which now shows the answer) commit together.
 */
/**
 * Why an appeal cannot be answered (answered already; or, with `notBy`, by the member of staff who
 * took its action: APPEAL_OTHER_MODERATOR), or null: what `decide` refuses and the console's list says.
 */
export function refusalOf(appeal: { id: number; status: string }, action: { created_by: number | null }, rules: { notBy?: number } = {}): CaseError | null {
  if (appeal.status !== 'open') return new CaseError(`Appeal ${appeal.id} was answered already.`, { kind: 'conflict' });
  if (rules.notBy !== undefined && action.created_by === rules.notBy) return new CaseError(APPEAL_NOT_YOURS, { kind: 'forbidden' });
  return null;
}

export function createAppeals(db: Kysely<DB>, publicUrl: string, events: DomainEventBus) {
  const lifting: Record<AppealedActionRow['kind'], { liftIn: (trx: Kysely<DB>, action: AppealedActionRow, by: AuditActor) => Promise<Lifting> }> = {
    suspend: createSuspensions(db, publicUrl),
    hide: createHides(db, events, publicUrl),
    'no-comments': createCommentStops(db, publicUrl),
    limit: createLimits(db, publicUrl),
  };

  async function byToken(trx: Kysely<DB>, token: string): Promise<AppealedActionRow> {
    const action = await actionByAppealToken(trx, hashToken(token.trim()));
    if (!action) throw validationError({ token: [APPEAL_INVALID_LINK] });
    return action;
  }

  return {
    /** POST /appeal/statement: the action the link is about, and the appeal made, if any. */
    async statement(token: string): Promise<AppealStatementResponse> {
      const action = await byToken(db, token);
      const appeal = await appealOfAction(db, action.id);
      return {
        action: {
          kind: action.kind,
          what: await yourActedOn(db, action),
          reason: action.reason,
          starts_at: action.starts_at,
          ends_at: action.ends_at,
          lifted_at: action.lifted_at,
        },
        appeal: appeal ? view(appeal) : null,
        window_ends_at: appealWindowEnd(action.starts_at),
      };
    },

    /** POST /appeal: 201 with the appeal; 422 (the link, the window), 409 when appealed already. */
    async appeal(token: string, text: string): Promise<AppealResponse> {
      return db.transaction().execute(async (trx) => {
        const action = await byToken(trx, token);
        const now = nowIso();
        if (now > appealWindowEnd(action.starts_at)) throw validationError({ text: [APPEAL_CLOSED] });
        if (action.lifted_at !== null) throw validationError({ text: [APPEAL_ENDED] });
        const row = { action_id: action.id, appellant_id: action.subject_id, text: text.trim(), created_at: now };
        const id = await insertAppeal(trx, row);
        if (id === false) throw conflict(APPEAL_MADE_ALREADY);
        return { message: APPEAL_RECEIVED, appeal: view({ ...row, id, status: 'open', reply: null, decided_by: null, decided_at: null }) };
      });
    },

    /** The appeals with this status (or any), oldest first, with their actions: the command line's list. */
    list: (status: AppealRow['status'] | 'any', limit = 100) => appealsByStatus(db, status, limit),

    /**
     * A moderator's answer, with reasons told to the appellant; a CaseError when it cannot be given.
     * With `notBy` (APPEAL_OTHER_MODERATOR in the console), that member of staff may not answer the
     * appeal of an action they took — checked in the transaction that answers it.
     */
    async decide(
      appealId: number,
      answer: AppealAnswer,
      replyText: string,
      by: AuditActor,
      rules: { notBy?: number } = {},
    ): Promise<{ status: AppealRow['status']; endsAt: string | null }> {
      const reply = replyText.trim();
      if (reply === '') throw new CaseError('An answer needs its reasons (--note): they are what the appellant is told.', { field: 'reply' });
      if (reply.length > APPEAL_REPLY_MAX) throw new CaseError(`The reasons may not be longer than ${APPEAL_REPLY_MAX} characters.`, { field: 'reply' });
      let after: (() => void) | undefined;
      const done = await db.transaction().execute(async (trx) => {
        const appeal = await appealById(trx, appealId);
        if (!appeal) throw new CaseError(`There is no appeal ${appealId}.`, { kind: 'missing' });
        const action = (await actionById(trx, appeal.action_id))!;
        const refused = refusalOf(appeal, action, rules);
        if (refused) throw refused;
        if (answer.outcome === 'change' && action.lifted_at !== null) throw new CaseError('That action has ended already: uphold or turn down the appeal.');
        const now = nowIso();
        const status = STATUS_OF[answer.outcome];
        if (!(await answerAppeal(trx, appealId, { status, reply, decided_by: staffId(by), decided_at: now })))
          throw new CaseError(`Appeal ${appealId} was answered already.`, { kind: 'conflict' });
        let endsAt = action.ends_at;
        let stillOn = false;
        const newEnd = answer.outcome === 'change' ? endOf(action.starts_at, answer.forMs)! : null;
        if (answer.outcome === 'approve' || (newEnd !== null && newEnd <= now)) {
          const lifted = action.lifted_at === null ? await lifting[action.kind].liftIn(trx, action, by) : false;
          if (lifted) after = lifted.afterCommit;
          endsAt = action.lifted_at ?? now;
        } else if (newEnd !== null) {
          await setActionEnd(trx, action.id, newEnd);
          endsAt = newEnd;
          stillOn = true;
        }
        const what = await yourActedOn(trx, action);
        await audit(trx, {
          actor: by,
          action: 'appeal.decide',
          target: { kind: 'appeal', id: appealId, label: `appeal of the ${action.kind} of ${what.replace(/^your /, 'their ')}` },
          before: { status: 'open', ends_at: action.ends_at },
          after: { status, reply, ends_at: endsAt },
          caseId: action.case_id,
        });
        const appellant = await subjectOf(trx, appeal.appellant_id);
        if (appellant?.domain === null) {
          await notify.fromStaff(trx, { userId: appellant.id }, `${APPEAL_OUTCOMES[status]} ${reply}`, now);
          if (appellant.email) {
            const page = await appealLink(trx, action.id, publicUrl);
            await insertMail(trx, appealAnsweredMail(appellant.email, { status, reply, what, endsAt: stillOn ? endsAt : null, page }), now);
          }
        }
        return { status, endsAt };
      });
      after?.();
      return done;
    },
  };
}

export type Appeals = ReturnType<typeof createAppeals>;
