/**
 * Who may comment on a story (issue 47, ADR 0115): its writer says so per story, and chooses what a
 * new story starts with. The rule and its words, shared by the server (which refuses) and the app
 * (which shows why there is no comment box).
 */
export const COMMENTS_FROM = ['anyone', 'followers', 'subscribers', 'nobody'] as const;
export type CommentsFrom = (typeof COMMENTS_FROM)[number];

/** What is known of the one who would comment, against the story's writer. */
export interface CommenterStanding {
  /** They wrote the story: its writer may always comment on it. */
  writer: boolean;
  /** They follow the writer (a member, or an account elsewhere: one graph). */
  follows: boolean;
  /** They are a confirmed subscriber of the writer's newsletter, with their account's address. */
  subscribed: boolean;
  /** The writer banned them from commenting on their stories (ADR 0116). */
  banned: boolean;
}

/** Whether someone may comment on or reply under a story open to `from`. */
export function mayComment(from: CommentsFrom, who: CommenterStanding): boolean {
  if (who.writer) return true;
  if (who.banned) return false;
  if (from === 'anyone') return true;
  if (from === 'followers') return who.follows;
  if (from === 'subscribers') return who.subscribed;
  return false;
}

/** A choice that is none of the four (422). */
export const COMMENTS_FROM_INVALID = 'Choose anyone, followers, subscribers or nobody.';
