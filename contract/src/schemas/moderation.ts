import { z } from 'zod';
import { idField, requiredMessage } from './common.ts';
import { SERVER_SEVERITIES } from '../console-words.ts';
import { ACTION_KINDS, APPEAL_STATUSES, APPEAL_TEXT_MAX, CASE_DECISIONS, REPORT_CATEGORIES, REPORT_KINDS, REPORT_NOTE_MAX } from '../moderation-words.ts';

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

/** One year of the moderators' work as everybody reads it (issue 47): counts only, nobody named. */
export const moderationYear = z.object({
  year: z.number(),
  /** Reports made, and of those, reports sent by other servers. */
  reports: z.number(),
  from_servers: z.number(),
  /** Writings held for review before anybody saw them (a new account's first link, a watched word). */
  held: z.number(),
  /** Cases decided, by decision (only those with any). */
  decisions: z.partialRecord(z.enum(CASE_DECISIONS), z.number()),
  /** Appeals made, and how those answered were answered. */
  appeals: z.object({ made: z.number(), upheld: z.number(), turned_down: z.number(), changed: z.number() }),
});
export type ModerationYear = z.infer<typeof moderationYear>;

/** A server blocked as everybody reads it on /moderation: the domain (obfuscated when asked), what happens to it, and why. */
export const publicServerBlock = z.object({ domain: z.string(), severity: z.enum(SERVER_SEVERITIES), reject_media: z.boolean(), reject_reports: z.boolean(), reason: z.string() });
export type PublicServerBlock = z.infer<typeof publicServerBlock>;

/** GET /api/user/moderation: the moderators' work year by year, newest first (none before the first report), and the servers blocked (by domain). */
export const moderationYearsResponse = z.object({ years: z.array(moderationYear), servers: z.array(publicServerBlock) });
export type ModerationYearsResponse = z.infer<typeof moderationYearsResponse>;

/** The token of an appeal link (the statement mail's), as the page and the form send it. */
const appealToken = z
  .string({ error: requiredMessage('token') })
  .trim()
  .min(1, 'The token field is required.')
  .max(200, 'This appeal link is not valid.');

/** POST /api/user/appeal/statement {token}: the action an appeal link is about (422 errors.token when the link is not valid). */
export const appealTokenBody = z.object({ token: appealToken });

/** An action as its account reads it on the appeal page: what, why, since and until when. */
export const appealedAction = z.object({
  kind: z.enum(ACTION_KINDS),
  /** What it acts on, as the statement said it ("your account", "your comment “…”"). */
  what: z.string(),
  reason: z.string(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  /** When it was lifted (by the clock, a moderator or an appeal), or null while in force. */
  lifted_at: z.string().nullable(),
});
export type AppealedAction = z.infer<typeof appealedAction>;

/** An appeal as its appellant reads it: their words, and the answer once a moderator gave one. */
export const appealView = z.object({
  text: z.string(),
  status: z.enum(APPEAL_STATUSES),
  reply: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type AppealView = z.infer<typeof appealView>;

export const appealStatementResponse = z.object({
  action: appealedAction,
  appeal: appealView.nullable(),
  /** Until when an appeal can be made. */
  window_ends_at: z.string(),
});
export type AppealStatementResponse = z.infer<typeof appealStatementResponse>;

/** POST /api/user/appeal {token, text}: the appeal, once per action within the window (201). */
export const appealBody = z.object({
  token: appealToken,
  text: z
    .string({ error: requiredMessage('text') })
    .trim()
    .min(1, 'The text field is required.')
    .max(APPEAL_TEXT_MAX, `The text may not be greater than ${APPEAL_TEXT_MAX} characters.`),
});
export const appealResponse = z.object({ message: z.string(), appeal: appealView });
export type AppealResponse = z.infer<typeof appealResponse>;
