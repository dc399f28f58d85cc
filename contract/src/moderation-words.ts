/**
 * The words and lists of reports (issue 47) without zod: the post page's Report link and the report
 * form use them, and must not pull the schemas into the page's first load (scripts/bundle-budget.test.ts).
 */
import type { ReportKind } from './report-kinds.ts';

export * from './report-kinds.ts';

/** Why a reader reports something. */
export const REPORT_CATEGORIES = ['spam', 'harassment', 'illegal', 'rule', 'other'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

export const REPORT_NOTE_MAX = 1000;
export const REPORT_RECEIVED = 'Thank you. Your report is with the moderators, and you will hear what they decide.';
export const REPORTED_ALREADY = 'You have reported this already. The moderators have it, and you will hear what they decide.';
export const REPORT_OWN = 'You cannot report yourself or what you wrote.';
export const REPORT_GONE = 'That is not there any more.';

/** The words of each category, as the form and the list show them. */
export const REPORT_CATEGORY_LABELS: Readonly<Record<ReportCategory, { label: string; hint: string }>> = {
  spam: { label: 'Spam', hint: 'Advertising, scams, the same thing posted again and again' },
  harassment: { label: 'Harassment or hate', hint: 'Attacks on a person or a group, threats, abuse' },
  illegal: { label: 'Illegal content', hint: 'Something against the law where you or we are' },
  rule: { label: 'Against a rule of this server', hint: 'Something the server’s rules do not allow' },
  other: { label: 'Something else', hint: 'Tell the moderators in the note' },
};

/**
 * The decisions a case can end with, mildest first (hide: a comment or reply; no-comments, limit and
 * suspend: an account; limit keeps its stories out of feeds, search and recommendations but for its
 * followers, ADR 0111). Deleting comes with the appeal window's end.
 */
export const CASE_DECISIONS = ['none', 'note', 'warn', 'hide', 'no-comments', 'limit', 'suspend'] as const;
export type CaseDecisionName = (typeof CASE_DECISIONS)[number];
/** The moderators' actions with effects, each a row with an end and an appeal (the decisions that act). */
export const ACTION_KINDS = ['suspend', 'hide', 'no-comments', 'limit'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/** What a suspended account's profile and stories answer (410): the account is there, held back by the moderators. */
export const ACCOUNT_SUSPENDED = 'This account is suspended by the moderators of this server.';

/**
 * What came of a report, by decision and what it was about, as its reporter is told it — in the
 * notification and mail ("…decided on your report of …: <this>") and on their reports (capitalised).
 */
export function caseOutcome(decision: CaseDecisionName, kind: ReportKind): string {
  const whose = kind === 'account' ? 'the account' : 'its author';
  switch (decision) {
    case 'none':
      return 'it breaks no rule of this server, so nothing was done.';
    case 'note':
      return 'nothing was taken down; the moderators keep a note of it in case it happens again.';
    case 'warn':
      return `${whose} has been warned.`;
    case 'hide':
      return 'it has been hidden from readers.';
    case 'no-comments':
      return `${whose} may not write comments for now.`;
    case 'limit':
      return `${whose} is limited: its stories no longer show in feeds, search or recommendations, but for those who follow it.`;
    case 'suspend':
      return `${whose} has been suspended.`;
  }
}

/** How long after an action began its account may appeal it (issue 47: 20 days), and at most how long the appeal is. */
export const APPEAL_WINDOW_DAYS = 20;
export const APPEAL_TEXT_MAX = 2000;
export const APPEAL_INVALID_LINK = 'This appeal link is not valid. Open the link in the latest mail from the moderators.';
export const APPEAL_RECEIVED = 'Your appeal is with the moderators. A moderator will answer it, and we will write to you.';
export const APPEAL_CLOSED = `The time to appeal has passed: an action can be appealed for ${APPEAL_WINDOW_DAYS} days after it began.`;
export const APPEAL_ENDED = 'This action has ended: there is nothing left to appeal.';
export const APPEAL_MADE_ALREADY = 'You have appealed this already: one appeal per action.';
export const APPEAL_STATUSES = ['open', 'approved', 'rejected', 'changed'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
/** What each answer means to the appellant, as the page and the mail say it. */
export const APPEAL_OUTCOMES: Readonly<Record<Exclude<AppealStatus, 'open'>, string>> = {
  approved: 'Your appeal was upheld: the action is lifted.',
  rejected: 'Your appeal was turned down: the action stays.',
  changed: 'Your appeal was partly upheld: the action was changed.',
};
