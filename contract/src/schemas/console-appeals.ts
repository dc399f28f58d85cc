import { z } from 'zod';
import { idField } from './common.ts';
import { appealedAction } from './moderation.ts';
import { APPEAL_STATUSES } from '../moderation-words.ts';
import { APPEAL_ANSWERS, APPEAL_REPLY_MAX, DECISION_DURATIONS, type DecisionDuration } from '../console-words.ts';

/**
 * The appeals in the moderation console (issue 47, ADR 0106), for staff who manage appeals: the open
 * ones oldest first (or those answered, newest first), each with the action it is about, and an answer
 * with reasons — upheld, turned down, or the action's end changed.
 */

export const APPEALS_PAGE_SIZE = 50;

/** POST /api/mod/appeals {status?}?cursor: a page of appeals. */
export const modAppealsBody = z.object({
  status: z.enum(['open', 'answered'], { error: 'The status must be open or answered.' }).default('open'),
});

/** One appeal as staff read it. */
export const appealLine = z.object({
  id: z.number(),
  status: z.enum(APPEAL_STATUSES),
  /** The appellant's words (plain text: shown as text, never as markup). */
  text: z.string(),
  created_at: z.string(),
  reply: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** Who answered it: a member of staff by name, "command line", or null while open. */
  decided_by: z.string().nullable(),
  appellant: z.object({ id: z.number(), name: z.string().nullable(), address: z.string().nullable() }),
  /** The action appealed as its account reads it (what it acts on with "their" for "your"), with its case and who took it. */
  action: appealedAction.extend({
    id: z.number(),
    case_id: z.number().nullable(),
    /** Who took it: a member of staff by name, or "command line". */
    taken_by: z.string(),
  }),
  /** Whether this member of staff may answer it now, and if not, why (answered already; they took the action themselves). */
  may_answer: z.boolean(),
  why_not: z.string().nullable(),
});
export type AppealLine = z.infer<typeof appealLine>;

export const modAppealsResponse = z.object({ appeals: z.array(appealLine), next_cursor: z.string().nullable(), open_count: z.number() });
export type ModAppealsResponse = z.infer<typeof modAppealsResponse>;

const durations = Object.keys(DECISION_DURATIONS).filter((d) => d !== '') as [Exclude<DecisionDuration, ''>, ...Array<Exclude<DecisionDuration, ''>>];

/** POST /api/mod/appeals/answer: one answer with its reasons; a change names the action's new length, counted from its start. */
export const modAppealAnswerBody = z
  .object({
    id: idField('appeal id'),
    answer: z.enum(APPEAL_ANSWERS, { error: 'Choose an answer.' }),
    for: z.enum(durations, { error: 'Choose how long the action lasts, from its start.' }).optional(),
    reply: z
      .string({ error: 'Give your reasons: they are what the appellant is told.' })
      .trim()
      .min(1, 'Give your reasons: they are what the appellant is told.')
      .max(APPEAL_REPLY_MAX, `The reasons may not be greater than ${APPEAL_REPLY_MAX} characters.`),
  })
  .refine((b) => b.answer !== 'change' || b.for !== undefined, { path: ['for'], message: 'Choose how long the action lasts, from its start.' });
export type ModAppealAnswerBody = z.input<typeof modAppealAnswerBody>;
/** The answer as the server reads it (parsed). */
export type ModAppealAnswer = z.infer<typeof modAppealAnswerBody>;

export const modAppealAnswerResponse = z.object({ message: z.string(), status: z.enum(APPEAL_STATUSES), ends_at: z.string().nullable() });
export type ModAppealAnswerResponse = z.infer<typeof modAppealAnswerResponse>;
