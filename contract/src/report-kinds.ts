/**
 * What a reader may report, and what each kind is called (issue 47): alone in its module, as the post
 * page's Report links need only this of the moderation words (scripts/bundle-budget.test.ts).
 */

/** What a reader may report (a story, a comment, a reply in a thread, an account). */
export const REPORT_KINDS = ['post', 'comment', 'reply', 'account'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** What each kind is called to a reader ("Report this story"). */
export const REPORT_KIND_NOUNS: Readonly<Record<ReportKind, string>> = { post: 'story', comment: 'comment', reply: 'reply', account: 'account' };
