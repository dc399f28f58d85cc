import { z } from 'zod';
import { idField, requiredMessage } from './common.ts';

/** What a reader may report (a story, a comment, a reply in a thread, an account), and why. */
export const REPORT_KINDS = ['post', 'comment', 'reply', 'account'] as const;
export const REPORT_CATEGORIES = ['spam', 'harassment', 'illegal', 'rule', 'other'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

export const REPORT_NOTE_MAX = 1000;
export const REPORT_RECEIVED = 'Thank you. Your report is with the moderators, and you will hear what they decide.';
export const REPORTED_ALREADY = 'You have reported this already. The moderators have it, and you will hear what they decide.';
export const REPORT_OWN = 'You cannot report yourself or what you wrote.';
export const REPORT_GONE = 'That is not there any more.';

/** POST /api/user/report {user_id, kind, target_id, category, note?}: a signed-in reader reports something. */
export const reportBody = z.object({
  user_id: idField('user id'),
  kind: z.enum(REPORT_KINDS, { error: 'The kind must be a post, a comment, a reply or an account.' }),
  target_id: idField('target id'),
  category: z.enum(REPORT_CATEGORIES, { error: 'The category must be spam, harassment, illegal, rule or other.' }),
  note: z
    .string({ error: requiredMessage('note') })
    .trim()
    .max(REPORT_NOTE_MAX, `The note may not be greater than ${REPORT_NOTE_MAX} characters.`)
    .optional(),
});

/** The receipt: what the reader is told, and their report's number (never who else reported it). */
export const reportResponse = z.object({ message: z.string(), report_id: z.number() });
export type ReportResponse = z.infer<typeof reportResponse>;
