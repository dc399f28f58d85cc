import { z } from 'zod';
import { idField, requiredMessage } from './common.ts';
import { CASE_DECISIONS, REPORT_CATEGORIES, REPORT_KINDS, REPORT_NOTE_MAX } from '../moderation-words.ts';

export * from '../moderation-words.ts';

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

/** What a report is about, as the reporter is shown it: a story's title, a comment's first words, an account's name. */
export const reportTarget = z.object({
  kind: z.enum(REPORT_KINDS),
  id: z.number(),
  /** The story's title, the comment's or reply's first words, the account's name or handle. */
  label: z.string(),
  /** Whose it is (the author, or the account itself). */
  author: z.string(),
  /** Where it is shown here (a story or profile path, a comment's anchor on its story). */
  href: z.string(),
  /** The reader's own (their story, comment, reply or account): not theirs to report. */
  own: z.boolean(),
});
export type ReportTarget = z.infer<typeof reportTarget>;

/** POST /api/user/report/target {user_id, kind, target_id}: what the report form is about (404 when gone). */
export const reportTargetBody = z.object({
  user_id: idField('user id'),
  kind: z.enum(REPORT_KINDS, { error: 'The kind must be a post, a comment, a reply or an account.' }),
  target_id: idField('target id'),
});
export const reportTargetResponse = z.object({
  target: reportTarget,
  /** The reader's open report of it, if they made one: the form is not shown again (a second would be refused). */
  reported: z.object({ id: z.number(), created_at: z.string() }).nullable(),
});
export type ReportTargetResponse = z.infer<typeof reportTargetResponse>;

export const MY_REPORTS_PAGE_SIZE = 20;

/** One of the reader's own reports: what, why, when, and where its case stands (never who else reported it). */
export const myReport = z.object({
  id: z.number(),
  kind: z.enum(REPORT_KINDS),
  target_id: z.number(),
  category: z.enum(REPORT_CATEGORIES),
  note: z.string(),
  created_at: z.string(),
  /** 'open' while the moderators have it; 'resolved' once they decided. */
  status: z.enum(['open', 'resolved']),
  resolved_at: z.string().nullable(),
  /** What the moderators decided ('none': no rule broken; 'note': kept on file; 'warn': its author warned), and their note; null while open. */
  decision: z.enum(CASE_DECISIONS).nullable(),
  decision_note: z.string(),
  /** Addition: the title of the server's rule it was decided under, or null (ADR 0102). */
  rule: z.string().nullable(),
  /** What it is about, or null when it is gone (deleted since). */
  target: reportTarget.nullable(),
});
export type MyReport = z.infer<typeof myReport>;

/** POST /api/user/reports {user_id}?cursor: the reader's reports, newest first; next_cursor null on the last page. */
export const myReportsBody = z.object({ user_id: idField('user id') });
export const myReportsResponse = z.object({ data: z.array(myReport), next_cursor: z.string().nullable() });
export type MyReportsResponse = z.infer<typeof myReportsResponse>;

/** A rule of this server as everybody reads it: its number (its place in the list), title and a few words. */
export const serverRule = z.object({ id: z.number(), number: z.number(), title: z.string(), body: z.string() });
export type ServerRule = z.infer<typeof serverRule>;

/** GET /api/user/rules: the server's rules, in order (an empty list when it has none yet). */
export const serverRulesResponse = z.object({ rules: z.array(serverRule) });
export type ServerRulesResponse = z.infer<typeof serverRulesResponse>;
