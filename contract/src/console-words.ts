/**
 * The moderation console's words and lists (issue 47, ADR 0105) without zod, apart from the report
 * words (moderation-words.ts) that the post page loads: the console's screens use these, and nothing
 * of a reader's first load does (scripts/bundle-budget.test.ts).
 */
import type { CaseDecisionName } from './moderation-words.ts';

/**
 * What a staff role may do (issue 47, ADR 0091), one name per permission flag: the server's
 * `access/roles.ts` gives each its bit; a call of the console names the one it needs (ADR 0105).
 */
export const STAFF_PERMISSIONS = ['manageReports', 'manageUsers', 'manageAppeals', 'manageFederation', 'manageRules', 'manageRoles', 'viewAuditLog', 'deleteData'] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** A member without the permission a console call needs (403). */
export const STAFF_ONLY = 'That is for the moderators of this server.';
/** Acting on a member whose role is at or above one's own (403). */
export const STAFF_OUTRANKED = 'Their role is at or above yours: someone above them decides this.';
/** The decisions that act on the account a case concerns (its role must be below the moderator's; `manageUsers` needed). */
export const ACCOUNT_DECISIONS: readonly CaseDecisionName[] = ['warn', 'hide', 'no-comments', 'limit', 'suspend'];
/** How a decision is called on the console's buttons and lists. */
export const CASE_DECISION_LABELS: Readonly<Record<CaseDecisionName, string>> = {
  none: 'No rule broken',
  note: 'Keep a note',
  warn: 'Warn',
  hide: 'Hide it',
  'no-comments': 'Stop comments',
  limit: 'Limit the account',
  suspend: 'Suspend the account',
};
/** How long a timed decision may be chosen for on the console (undefined: until lifted). */
export const DECISION_DURATIONS = { '': 'Until lifted', '1h': '1 hour', '12h': '12 hours', '1d': '1 day', '3d': '3 days', '7d': '7 days', '30d': '30 days' } as const;
export type DecisionDuration = keyof typeof DECISION_DURATIONS;
/** The decisions that may have an end. */
export const TIMED_DECISIONS: readonly CaseDecisionName[] = ['hide', 'no-comments', 'limit', 'suspend'];
/** At most how many cases one bulk decision takes. */
export const BULK_RESOLVE_MAX = 500;
/** At most how long a decision's note is (a preset's words and the moderator's together). */
export const DECISION_NOTE_MAX = 2000;

/** How a moderator answers an appeal (issue 47, ADR 0106): uphold it (the action is lifted), turn it down, or change the action's end. */
export const APPEAL_ANSWERS = ['approve', 'reject', 'change'] as const;
export type AppealAnswerName = (typeof APPEAL_ANSWERS)[number];
export const APPEAL_ANSWER_LABELS: Readonly<Record<AppealAnswerName, string>> = {
  approve: 'Uphold it: lift the action',
  reject: 'Turn it down: the action stays',
  change: 'Change how long it lasts',
};
/** At most how long an answer's reasons are. */
export const APPEAL_REPLY_MAX = 2000;
/** The moderator who took an action answering its appeal, when the server asks for another (APPEAL_OTHER_MODERATOR) (403). */
export const APPEAL_NOT_YOURS = 'You took this action: another moderator answers its appeal.';

/**
 * How a server elsewhere is dealt with (issue 47, ADRs 0108 and 0112), in Mastodon's words for its CSV:
 * `suspend` refuses everything from it and ends every follow; `silence` limits every account of it as
 * the limit action limits one (ADR 0111); `noop` blocks nothing, for a server whose media or reports
 * alone are refused.
 */
export const SERVER_SEVERITIES = ['suspend', 'silence', 'noop'] as const;
export type ServerSeverity = (typeof SERVER_SEVERITIES)[number];
export const SERVER_SEVERITY_LABELS: Readonly<Record<ServerSeverity, string>> = { suspend: 'Suspend', silence: 'Limit', noop: 'No block' };
/** What each severity does, under its choice on the console. */
export const SERVER_SEVERITY_HINTS: Readonly<Record<ServerSeverity, string>> = {
  suspend: 'Nothing is taken from it or sent to it, and every follow between its accounts and members ends.',
  silence:
    'Its accounts are limited: their stories and profiles leave feeds, search and recommendations for anyone who does not follow them, and only their followers are told what they do.',
  noop: 'Its accounts are followed and read as before; only the choices below apply.',
};
/** At most how long a comment on a server's block is (public or private). */
export const SERVER_COMMENT_MAX = 1000;
/** At most how long an imported CSV is (characters). */
export const SERVER_CSV_MAX = 1_000_000;
