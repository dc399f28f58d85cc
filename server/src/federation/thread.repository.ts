import type { Kysely, NotNull } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * What the fediverse reads of comments and replies (issue 46: a reply from there is a comment, its
 * author the account's row of users, written by the social service: ADR 0086): what a Note answers,
 * and whom a member's reply in such a thread goes to.
 */

/** A comment or a reply a Note may answer: with its thread (`comment_id`, itself for a comment) and its author. */
export interface ThreadItem {
  kind: 'comment' | 'reply';
  id: number;
  post_id: number;
  comment_id: number;
  user_id: number;
  /** Its Note's id, when it came from elsewhere (or a path of ours, for a member's answer of before 0054). */
  ap_id: string | null;
  /** Whether a member wrote it (else an account elsewhere). */
  member: boolean;
}

type ItemRow = Omit<ThreadItem, 'kind' | 'member'> & { domain: string | null };
const item = (kind: ThreadItem['kind'], row: ItemRow | undefined): ThreadItem | undefined =>
  row && { kind, id: row.id, post_id: row.post_id, comment_id: row.comment_id, user_id: row.user_id, ap_id: row.ap_id, member: row.domain === null };

function findComment(db: Kysely<DB>, by: { id: number } | { apId: string }) {
  return db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.post_id', 'c.id as comment_id', 'c.user_id', 'c.ap_id', 'u.domain'])
    .where('id' in by ? 'c.id' : 'c.ap_id', '=', 'id' in by ? by.id : by.apId)
    .where('c.hidden', 'is', null)
    .executeTakeFirst();
}

function findReply(db: Kysely<DB>, by: { id: number } | { apId: string }) {
  return db
    .selectFrom('replies as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.post_id', 'r.comment_id', 'r.user_id', 'r.ap_id', 'u.domain'])
    .where('id' in by ? 'r.id' : 'r.ap_id', '=', 'id' in by ? by.id : by.apId)
    .where('r.hidden', 'is', null)
    .executeTakeFirst();
}

/** A comment or reply in sight by its id, or either by its Note's id (ap_id); a held one (ADR 0099) is not served, answered or deleted there. */
export async function findThreadItem(db: Kysely<DB>, by: { comment: number } | { reply: number } | { apId: string }): Promise<ThreadItem | undefined> {
  if ('comment' in by) return item('comment', await findComment(db, { id: by.comment }));
  if ('reply' in by) return item('reply', await findReply(db, { id: by.reply }));
  return item('comment', await findComment(db, by)) ?? item('reply', await findReply(db, by));
}

/** An account elsewhere a member's reply is addressed to: where to deliver it and how to mention it. */
export interface Addressee {
  user_id: number;
  uri: string;
  inbox: string;
  shared_inbox: string | null;
  handle: string;
  url: string | null;
}

/**
 * The accounts elsewhere of a comment's thread (they wrote the comment or one of its replies), whom a
 * member's reply in it goes to; with `sender`, not those that member blocked (a reply of theirs is
 * neither sent nor addressed to them).
 */
export function listThreadAccounts(db: Kysely<DB>, commentId: number, sender?: number): Promise<Addressee[]> {
  return threadAccounts(db, commentId)
    .$if(sender !== undefined, (q) =>
      q.where((eb) => eb.not(eb.exists(eb.selectFrom('blocks as b').select('b.blocker_id').where('b.blocker_id', '=', sender!).whereRef('b.blocked_id', '=', 'a.id')))),
    )
    .select(['a.id as user_id', 'a.ap_id as uri', 'a.inbox', 'a.shared_inbox', 'a.handle', 'a.url'])
    .$narrowType<{ uri: NotNull; inbox: NotNull; handle: NotNull }>()
    .orderBy('a.id')
    .execute();
}

/**
 * The accounts elsewhere (rows of users with a domain) that wrote a comment or one of its replies, or
 * the story it answers (a story of an account elsewhere: every comment on it goes to its account).
 */
function threadAccounts(db: Kysely<DB>, commentId: number) {
  return db
    .selectFrom('users as a')
    .where('a.domain', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('a.id', 'in', eb.selectFrom('comments').select('user_id').where('id', '=', commentId)),
        eb('a.id', 'in', eb.selectFrom('replies').select('user_id').where('comment_id', '=', commentId)),
        eb(
          'a.id',
          'in',
          eb.selectFrom('comments as tc').innerJoin('posts as tp', 'tp.id', 'tc.post_id').select('tp.user_id').where('tc.id', '=', commentId).where('tp.ap_id', 'is not', null),
        ),
      ]),
    );
}

/** A member's comment or reply as its Note says it, with what it answers (a reply: the comment, or the reply it names). */
export interface MemberNoteRow {
  kind: 'comment' | 'reply';
  id: number;
  post_id: number;
  comment_id: number;
  user_id: number;
  body: string;
  created_at: string;
  updated_at: string;
  /** Its own Note id's path when it was published before 0054 (`/ap/notes/<n>`); else null. */
  ap_id: string | null;
  /** What it answers (null for a comment: the story). */
  answered: ThreadItem | null;
  /** The story it is under, when that is a story of an account elsewhere: its id there and its account's row of users. */
  story: { ap_id: string; user_id: number } | null;
}

/** A member's comment or reply (never an account elsewhere's), with what it answers. */
export async function findMemberNote(db: Kysely<DB>, by: { comment: number } | { reply: number } | { apId: string }): Promise<MemberNoteRow | undefined> {
  const found = await findThreadItem(db, by);
  if (!found?.member) return undefined;
  const table = found.kind === 'comment' ? 'comments' : 'replies';
  const row = await db.selectFrom(table).select(['body', 'created_at', 'updated_at']).where('id', '=', found.id).executeTakeFirstOrThrow();
  let answered: ThreadItem | null = null;
  if (found.kind === 'reply') {
    const replyTo = await db.selectFrom('replies').select('reply_to_id').where('id', '=', found.id).executeTakeFirstOrThrow();
    answered = (await findThreadItem(db, replyTo.reply_to_id === null ? { comment: found.comment_id } : { reply: replyTo.reply_to_id })) ?? null;
  }
  const post = await db.selectFrom('posts').select(['ap_id', 'user_id']).where('id', '=', found.post_id).executeTakeFirstOrThrow();
  const story = post.ap_id === null ? null : { ap_id: post.ap_id, user_id: post.user_id };
  return { kind: found.kind, id: found.id, post_id: found.post_id, comment_id: found.comment_id, user_id: found.user_id, ap_id: found.ap_id, ...row, answered, story };
}

/** Whether a comment's thread holds anything an account elsewhere wrote. */
export async function threadHasAccounts(db: Kysely<DB>, commentId: number): Promise<boolean> {
  return (await threadAccounts(db, commentId).select('a.id').limit(1).executeTakeFirst()) !== undefined;
}

/** The members' replies in sight that go with the comment (all of its replies) or the one reply, with their authors (a held one was never sent). */
export function listMemberReplies(db: Kysely<DB>, of: { commentId: number; replyId: number | null }) {
  return db
    .selectFrom('replies as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'r.ap_id'])
    .where(of.replyId === null ? 'r.comment_id' : 'r.id', '=', of.replyId ?? of.commentId)
    .where('u.domain', 'is', null)
    .where('r.hidden', 'is', null)
    .execute();
}
