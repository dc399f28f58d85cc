import { APPEALS_PAGE_SIZE, type AppealLine, type ModAppealAnswer, type ModAppealAnswerResponse, type ModAppealsResponse } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { idCursor } from '../lib/id-cursor.ts';
import { type StaffCaller, staffName } from '../plugins/staff.ts';
import { appealsPage, openAppealCount } from './appeals.repository.ts';
import { type AppealAnswer, type Appeals, refusalOf } from './appeals.service.ts';
import { type ActedOn, namesOfActedOn } from './action-labels.ts';
import { CaseError, caseErrorAsHttp } from './case-error.ts';
import { DURATION_MS } from './console.service.ts';

type PageRow = Awaited<ReturnType<typeof appealsPage>>[number];

/** What a page row's action acts on. */
const actedOn = (r: PageRow): ActedOn => ({ target_kind: r.action_target_kind, target_id: r.action_target_id });

/** What staff are told an answer did. */
const DONE = { approved: 'upheld: the action is lifted', rejected: 'turned down: the action stays', changed: 'answered: the action was changed' } as const;

/**
 * The appeals in the console (issue 47, ADR 0106), for staff who manage appeals: a page of them with
 * the action each is about (what it acts on, named as the appellant was told, with "their" for
 * "your"), and an answer through the same `decide` as the command line's `appeal:decide` — the
 * lifting, the audit row with the caller's name, the notice and the mail in one transaction. With
 * APPEAL_OTHER_MODERATOR on, whoever took an action cannot answer its appeal.
 */
export function createConsoleAppeals(db: Kysely<DB>, appeals: Appeals, otherModerator: boolean) {
  const rulesFor = (staff: StaffCaller) => (otherModerator ? { notBy: staff.id } : {});

  return {
    async page(staff: StaffCaller, status: 'open' | 'answered', cursor: string | undefined): Promise<ModAppealsResponse> {
      const rows = await appealsPage(db, { answered: status === 'answered', cursor: idCursor(cursor), limit: APPEALS_PAGE_SIZE + 1 });
      const page = rows.slice(0, APPEALS_PAGE_SIZE);
      const what = await namesOfActedOn(db, page.map(actedOn), 'their');
      const appealsShown = page.map((r): AppealLine => {
        const why = refusalOf(r, { created_by: r.action_created_by }, rulesFor(staff))?.message ?? null;
        return {
          id: r.id,
          status: r.status,
          text: r.text,
          created_at: r.created_at,
          reply: r.reply,
          decided_at: r.decided_at,
          decided_by: r.status === 'open' ? null : staffName(r.answerer_name, r.answerer_email, r.decided_by),
          appellant: { id: r.appellant_id, name: r.appellant_name, address: r.appellant_handle ?? r.appellant_email },
          action: {
            id: r.action_id,
            kind: r.action_kind,
            what: what(actedOn(r)),
            reason: r.action_reason,
            starts_at: r.action_starts_at,
            ends_at: r.action_ends_at,
            lifted_at: r.action_lifted_at,
            case_id: r.action_case_id,
            taken_by: staffName(r.taker_name, r.taker_email, r.action_created_by),
          },
          may_answer: why === null,
          why_not: why,
        };
      });
      return { appeals: appealsShown, next_cursor: rows.length > APPEALS_PAGE_SIZE ? String(page.at(-1)!.id) : null, open_count: await openAppealCount(db) };
    },

    /** 404 without the appeal, 409 when answered already, 403 for the action's own moderator (when asked), 422 when the answer cannot be given. */
    async answer(staff: StaffCaller, body: ModAppealAnswer): Promise<ModAppealAnswerResponse> {
      const answer: AppealAnswer = body.answer === 'change' ? { outcome: 'change', forMs: DURATION_MS[body.for!]! } : { outcome: body.answer };
      try {
        const done = await appeals.decide(body.id, answer, body.reply, { id: staff.id, name: staff.name }, rulesFor(staff));
        return { message: `Appeal ${body.id} ${DONE[done.status as keyof typeof DONE]}.`, status: done.status, ends_at: done.endsAt };
      } catch (err) {
        if (err instanceof CaseError) throw caseErrorAsHttp(err, 'answer');
        throw err;
      }
    },
  };
}

export type ConsoleAppeals = ReturnType<typeof createConsoleAppeals>;
