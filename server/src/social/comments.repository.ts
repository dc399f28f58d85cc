import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** A comment or reply with what deciding who may delete it needs. */
export interface Deletable {
  id: number;
  post_id: number;
  user_id: number;
  post_owner_id: number;
  /** The comment it belongs to (itself for a comment). */
  comment_id: number;
}

/** What a Note from elsewhere adds to its comment or reply: its id there, its page and its time (ADR 0086). */
interface NoteColumns {
  ap_id?: string;
  url?: string | null;
  created_at?: string;
}

/** The new comment's id; undefined when its Note (`ap_id`) was kept before. */
export async function insertComment(db: Kysely<DB>, values: { post_id: number; user_id: number; body: string; now: string } & NoteColumns): Promise<number | undefined> {
  const { now, ...rest } = values;
  const row = await db
    .insertInto('comments')
    .values({ created_at: now, ...rest, updated_at: now })
    .onConflict((oc) => oc.column('ap_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The new reply's id; undefined when its Note (`ap_id`) was kept before. */
export async function insertReply(
  db: Kysely<DB>,
  values: { comment_id: number; post_id: number; user_id: number; reply_to_id: number | null; body: string; now: string } & NoteColumns,
): Promise<number | undefined> {
  const { now, ...rest } = values;
  const row = await db
    .insertInto('replies')
    .values({ created_at: now, ...rest, updated_at: now })
    .onConflict((oc) => oc.column('ap_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** A comment or reply by its Note's id (ap_id), with what deciding who may remove it needs. */
export async function findByNote(db: Kysely<DB>, apId: string): Promise<{ kind: 'comment' | 'reply'; target: Deletable } | undefined> {
  const comment = await findComment(db, { apId });
  if (comment) return { kind: 'comment', target: comment };
  const reply = await findReply(db, { apId });
  return reply && { kind: 'reply', target: reply };
}

/** The new text of the comment or reply of the Note `apId`, when `userId` wrote it; whether there was one. */
export async function editByNote(db: Kysely<DB>, apId: string, userId: number, body: string, now: string): Promise<boolean> {
  for (const table of ['comments', 'replies'] as const) {
    const row = await db.updateTable(table).set({ body, updated_at: now }).where('ap_id', '=', apId).where('user_id', '=', userId).returning('id').executeTakeFirst();
    if (row) return true;
  }
  return false;
}

/** The comment, only when it belongs to that post. */
export function findCommentOfPost(db: Kysely<DB>, commentId: number, postId: number) {
  return db.selectFrom('comments').select(['id', 'user_id']).where('id', '=', commentId).where('post_id', '=', postId).executeTakeFirst();
}

/** The reply, only when it answers that comment (the one a new reply may answer). */
export function findReplyOfComment(db: Kysely<DB>, replyId: number, commentId: number) {
  return db.selectFrom('replies').select(['id', 'user_id']).where('id', '=', replyId).where('comment_id', '=', commentId).executeTakeFirst();
}

/** A comment by its id, or by its Note's id (`apId`: one from elsewhere). */
export function findComment(db: Kysely<DB>, by: number | { apId: string }): Promise<Deletable | undefined> {
  return db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select(['comments.id', 'comments.post_id', 'comments.user_id', 'posts.user_id as post_owner_id', 'comments.id as comment_id'])
    .where(typeof by === 'number' ? 'comments.id' : 'comments.ap_id', '=', typeof by === 'number' ? by : by.apId)
    .executeTakeFirst();
}

/** A reply by its id, or by its Note's id (`apId`: one from elsewhere). */
export function findReply(db: Kysely<DB>, by: number | { apId: string }): Promise<Deletable | undefined> {
  return db
    .selectFrom('replies')
    .innerJoin('posts', 'posts.id', 'replies.post_id')
    .select(['replies.id', 'replies.post_id', 'replies.user_id', 'posts.user_id as post_owner_id', 'replies.comment_id'])
    .where(typeof by === 'number' ? 'replies.id' : 'replies.ap_id', '=', typeof by === 'number' ? by : by.apId)
    .executeTakeFirst();
}

/** Deletes a comment's replies; answers how many went. */
export async function deleteRepliesOfComment(db: Kysely<DB>, commentId: number): Promise<number> {
  const rows = await db.deleteFrom('replies').where('comment_id', '=', commentId).returning('id').execute();
  return rows.length;
}

export async function deleteComment(db: Kysely<DB>, id: number): Promise<boolean> {
  return (await db.deleteFrom('comments').where('id', '=', id).returning('id').executeTakeFirst()) !== undefined;
}

export async function deleteReply(db: Kysely<DB>, id: number): Promise<boolean> {
  return (await db.deleteFrom('replies').where('id', '=', id).returning('id').executeTakeFirst()) !== undefined;
}

export async function addToCommentsCount(db: Kysely<DB>, postId: number, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .updateTable('posts')
    .set((eb) => ({ comments_count: eb('comments_count', '+', delta) }))
    .where('id', '=', postId)
    .execute();
}

/** When the account was made (undefined: no such account). */
export async function accountMadeAt(db: Kysely<DB>, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirst();
  return row?.created_at;
}

/** The comments and replies the account wrote since `since` (ISO time): their text and when, newest first. */
export async function writingsSince(db: Kysely<DB>, userId: number, since: string): Promise<Array<{ body: string; created_at: string }>> {
  const of = (table: 'comments' | 'replies') =>
    db
      .selectFrom(table as 'comments')
      .select(['body', 'created_at'])
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .execute();
  const comments = await of('comments');
  const replies = await of('replies');
  return [...comments, ...replies].sort((a, b) => b.created_at.localeCompare(a.created_at));
}
