import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { deleteNoticesOf, insertNotice, markHelpAnswered, mayTell, retractNotice, upsertNotice } from './notify.repository.ts';

/** The post a like is about: whose it is. */
interface PostTarget {
  id: number;
  user_id: number;
}

const TITLE_MAX = 80;

/** The actor as a notification names them: 'Someone' when they have not given a name. */
/** A title as notifications quote it (“…”, shortened). */
export const quoted = (title: string) => quote(title);

export function actorName(name: string | null): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : 'Someone';
}

function quote(title: string): string {
  const t = title.trim();
  return `“${t.length > TITLE_MAX ? `${t.slice(0, TITLE_MAX - 1).trimEnd()}…` : t}”`;
}

export const noticeText = {
  like: (actor: string, title: string) => `${actor} liked your post ${quote(title)}.`,
  comment: (actor: string, title: string) => `${actor} commented on ${quote(title)}.`,
  replyToAuthor: (actor: string, title: string) => `${actor} replied to your comment on ${quote(title)}.`,
  replyToOwner: (actor: string, title: string) => `${actor} replied to a comment on ${quote(title)}.`,
  /** To the author of a reply that was answered (issue 13: replies to replies). */
  replyToReply: (actor: string, title: string) => `${actor} answered your reply on ${quote(title)}.`,
  follow: (actor: string) => `${actor} started following you.`,
  /** From an account of another server (issue 30): its name, or its handle when it gave none. */
  fediverseFollow: (actor: string) => `${actor} started following you from the fediverse.`,
  fediverseLike: (actor: string, title: string) => `${actor} liked your post ${quote(title)} from the fediverse.`,
  fediverseBoost: (actor: string, title: string) => `${actor} boosted your post ${quote(title)} on the fediverse.`,
  fediverseReply: (actor: string, title: string) => `${actor} replied to ${quote(title)} from the fediverse.`,
  /** To a member whose comment was answered from there. */
  fediverseReplyToAuthor: (actor: string, title: string) => `${actor} replied to your comment on ${quote(title)} from the fediverse.`,
  /** To a member whose reply was answered from there. */
  fediverseAnswer: (actor: string, title: string) => `${actor} answered your reply on ${quote(title)} from the fediverse.`,
  helpAnswer: (answer: string) => `We answered your help request: ${answer}`,
  /** To a reporter, when the moderators decided on their report (issue 47): what it was about, what they did, their words. */
  reportOutcome: (what: string, done: string, note: string) => `The moderators decided on your report of ${what}: ${done}${note ? ` Their note: ${note}` : ''}`,
  /** To the account a warning is about: what of theirs, and the moderators' reasons. */
  warning: (what: string, note: string) => `The moderators warned you about ${what}: ${note}`,
  /** To the writer of a comment or reply the moderators hid: what, until when (null: until they lift it), and their reasons. */
  hidden: (what: string, note: string, until: string | null) => `The moderators hid ${what} from readers${until ? ` until ${until}` : ''}: ${note} Only you can still see it.`,
  /** To a member whose comments the moderators stopped: until when (null: until they lift it), and their reasons. */
  commentsStopped: (until: string | null, note: string) =>
    `The moderators stopped you from writing comments and replies ${until ? `until ${until}` : 'until they lift it'}: ${note}`,
  /** To that member, when it ended. */
  commentsBack: 'You may write comments and replies again.',
  /** To a member the moderators limited: until when (null: until they lift it), and their reasons. */
  limited: (until: string | null, note: string) =>
    `The moderators limited your account ${until ? `until ${until}` : 'until they lift it'}: your stories show to your followers and to anyone with a link, but not in feeds, search or recommendations. ${note}`,
  /** To that member, when it ended. */
  limitLifted: 'Your account is no longer limited: your stories show in feeds, search and recommendations again.',
  /** To its writer, when a hide ended. */
  unhidden: (what: string, byWriter = false) =>
    `The moderators no longer hide ${what}: ${byWriter ? 'it stays hidden by the story’s writer, as it was before.' : 'readers can see it again.'}`,
  post: (author: string, title: string) => `${author} published a new story: ${quote(title)}.`,
};

/** Who acted, as a notification names them: a member (`domain` null) or an account elsewhere (its name, or its handle). */
export interface Teller {
  name: string | null;
  handle: string | null;
  domain: string | null;
}

/**
 * The texts of what `actor` did: a member's (SPEC's wording), or an account elsewhere's, which say
 * "from the fediverse" (ADR 0086: one act, told one way or the other by who did it).
 */
export function noticesBy(actor: Teller) {
  if (actor.domain === null) {
    const who = actorName(actor.name);
    return {
      like: (title: string) => noticeText.like(who, title),
      follow: () => noticeText.follow(who),
      comment: (title: string) => noticeText.comment(who, title),
      replyToAuthor: (title: string) => noticeText.replyToAuthor(who, title),
      replyToOwner: (title: string) => noticeText.replyToOwner(who, title),
      replyToReply: (title: string) => noticeText.replyToReply(who, title),
      boost: (title: string) => noticeText.fediverseBoost(who, title),
    };
  }
  const who = actor.name?.trim() || actor.handle || 'Someone';
  return {
    like: (title: string) => noticeText.fediverseLike(who, title),
    follow: () => noticeText.fediverseFollow(who),
    comment: (title: string) => noticeText.fediverseReply(who, title),
    replyToAuthor: (title: string) => noticeText.fediverseReplyToAuthor(who, title),
    replyToOwner: (title: string) => noticeText.fediverseReply(who, title),
    replyToReply: (title: string) => noticeText.fediverseAnswer(who, title),
    boost: (title: string) => noticeText.fediverseBoost(who, title),
  };
}

interface Notice {
  recipient: number;
  actorId: number;
  message: string;
  now: string;
  /** The actor is limited and the recipient does not follow it (Teller's `unheard`, ADR 0111): nothing is told. */
  unheard?: boolean;
}

/**
 * The one place that writes notifications, always in the caller's transaction; nobody is notified of
 * their own action. Likes and follows keep one row per actor and post (or actor and user); comments
 * add a row each. From here a notification travels to open tabs and to the mail (notify.repository.ts).
 * A new story is told to its author's followers apart, after the publishing commit (post-fanout.ts).
 */
export const notify = {
  /** A like, or a boost from the fediverse (told under Likes, type 'boost'): one per actor, post and kind. */
  async like(trx: Kysely<DB>, post: PostTarget, n: Omit<Notice, 'recipient'>, kind: 'like' | 'boost' = 'like'): Promise<void> {
    if (post.user_id === n.actorId || n.unheard) return;
    await upsertNotice(trx, { user_id: post.user_id, actor_id: n.actorId, type: kind, post_id: post.id, message: n.message, now: n.now });
  },

  async follow(trx: Kysely<DB>, n: Notice): Promise<void> {
    if (n.recipient === n.actorId || n.unheard) return;
    await upsertNotice(trx, { user_id: n.recipient, actor_id: n.actorId, type: 'follow', post_id: null, message: n.message, now: n.now });
  },

  /**
   * Of a comment or a reply: the row names it, so deleting it takes the notification too. Its actor
   * may be an account elsewhere (a reply from the fediverse); its recipient is told only when a member
   * (an answer to an account elsewhere's comment goes to it as a Note instead: federation/) who has
   * not blocked the actor.
   */
  async comment(trx: Kysely<DB>, postId: number, source: { commentId: number } | { replyId: number }, n: Notice): Promise<void> {
    if (n.recipient === n.actorId || !(await mayTell(trx, n.recipient, n.actorId))) return;
    const ids = 'commentId' in source ? { comment_id: source.commentId } : { reply_id: source.replyId };
    await insertNotice(trx, { user_id: n.recipient, actor_id: n.actorId, type: 'comment', post_id: postId, ...ids, message: n.message, now: n.now });
  },

  /** An unlike (or an Undo of a boost) takes back its notification. */
  async unlike(trx: Kysely<DB>, post: PostTarget, actorId: number, kind: 'like' | 'boost' = 'like'): Promise<void> {
    await retractNotice(trx, { user_id: post.user_id, actor_id: actorId, type: kind, post_id: post.id });
  },

  /** An unfollow takes back the follow's notification. */
  async unfollow(trx: Kysely<DB>, recipient: number, actorId: number): Promise<void> {
    await retractNotice(trx, { user_id: recipient, actor_id: actorId, type: 'follow', post_id: null });
  },

  /** A comment (with its replies) or a reply about to be deleted takes what was told of it. */
  async commentDeleted(trx: Kysely<DB>, of: { commentId: number } | { replyId: number }): Promise<void> {
    await deleteNoticesOf(trx, of);
  },

  /**
   * What staff tell a member (issue 47): the outcome of their report (`reportId`), or a warning about
   * something of theirs: a 'responses' notification with no actor (staff speak as the server), live
   * in their tabs and mailed with their help mails.
   */
  async fromStaff(trx: Kysely<DB>, to: { userId: number; reportId?: number | null }, message: string, now: string): Promise<number> {
    return insertNotice(trx, { user_id: to.userId, actor_id: null, type: 'responses', post_id: null, report_id: to.reportId ?? null, message, now });
  },

  /**
   * An operator's answer to an open help request: marked answered and told to its member as a
   * 'responses' notification (SPEC §9, shown under Help). false when the request is not open.
   */
  async helpAnswer(trx: Kysely<DB>, request: { id: number; user_id: number }, answer: string, now: string, by: number | null = null): Promise<number | null> {
    if (!(await markHelpAnswered(trx, request.id, answer, now, by))) return null;
    return insertNotice(trx, {
      user_id: request.user_id,
      actor_id: null,
      type: 'responses',
      post_id: null,
      help_request_id: request.id,
      message: noticeText.helpAnswer(answer),
      now,
    });
  },
};
