import { z } from 'zod';
import { idField } from './common.ts';

/**
 * The members' help requests in the moderation console (issue 47, ADR 0110), for staff who manage
 * users: the open ones oldest first (or those answered, newest first), each answered in place; the
 * answer reaches the member under Help in their notifications, and by mail if they ticked help mails.
 */

export const HELP_PAGE_SIZE = 50;
/** At most how long an answer is (the command line's `help:answer` holds to it too). */
export const HELP_ANSWER_MAX = 5000;

/** POST /api/mod/help {status?}?cursor: a page of help requests. */
export const modHelpBody = z.object({
  status: z.enum(['open', 'answered'], { error: 'The status must be open or answered.' }).default('open'),
});

/** One help request as staff read it. */
export const helpLine = z.object({
  id: z.number(),
  status: z.enum(['open', 'answered']),
  /** The member's words (plain text: shown as text, never as markup). */
  message: z.string(),
  created_at: z.string(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
  /** Who answered it: a member of staff by name, "command line", or null while open. */
  answered_by: z.string().nullable(),
  member: z.object({ id: z.number(), name: z.string().nullable(), address: z.string().nullable() }),
});
export type HelpLine = z.infer<typeof helpLine>;

export const modHelpResponse = z.object({ requests: z.array(helpLine), next_cursor: z.string().nullable(), open_count: z.number() });
export type ModHelpResponse = z.infer<typeof modHelpResponse>;

/** POST /api/mod/help/answer: one answer to one open request. */
export const modHelpAnswerBody = z.object({
  id: idField('help request id'),
  answer: z
    .string({ error: 'Write the answer: it is what the member reads.' })
    .trim()
    .min(1, 'Write the answer: it is what the member reads.')
    .max(HELP_ANSWER_MAX, `The answer may not be greater than ${HELP_ANSWER_MAX} characters.`),
});
export type ModHelpAnswerBody = z.input<typeof modHelpAnswerBody>;
export const modHelpAnswerResponse = z.object({ message: z.string() });
export type ModHelpAnswerResponse = z.infer<typeof modHelpAnswerResponse>;
