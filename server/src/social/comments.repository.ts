import type { Kysely } from 'kysely';
import type { DB, WritingHidden } from '../db/schema.ts';

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
  /** Held for review (a member's writing the spam defences hold: ADR 0099). */
  hidden?: WritingHidden;
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

/** The comment, only when it belongs to that post and is in sight (a held one cannot be answered). */
export function findCommentOfPost(db: Kysely<DB>, commentId: number, postId: number) {
  return db.selectFrom('comments').select(['id', 'user_id']).where('id', '=', commentId).where('post_id', '=', postId).where('hidden', 'is', null).executeTakeFirst();
}

/** The reply, only when it answers that comment and is in sight (the one a new reply may answer). */
export function findReplyOfComment(db: Kysely<DB>, replyId: number, commentId: number) {
  return db.selectFrom('replies').select(['id', 'user_id']).where('id', '=', replyId).where('comment_id', '=', commentId).where('hidden', 'is', null).executeTakeFirst();
}

/**
 * A comment or reply out of others' sight for the reason `was` (held, or hidden by the moderators: ADR
 * 0099, 0100) back in sight; what telling of it needs (its post, writer, comment and the reply it
 * answers), or undefined when it was not so (gone, or back before).
 */
export async function bringIntoSight(db: Kysely<DB>, kind: 'comment' | 'reply', id: number, was: WritingHidden) {
  if (kind === 'comment') {
    const row = await db.updateTable('comments').set({ hidden: null }).where('id', '=', id).where('hidden', '=', was).returning(['post_id', 'user_id']).executeTakeFirst();
    return row && { postId: row.post_id, writerId: row.user_id, commentId: id, replyId: null, replyToId: null };
  }
  const row = await db
    .updateTable('replies')
    .set({ hidden: null })
    .where('id', '=', id)
    .where('hidden', '=', was)
    .returning(['post_id', 'user_id', 'comment_id', 'reply_to_id'])
    .executeTakeFirst();
  return row && { postId: row.post_id, writerId: row.user_id, commentId: row.comment_id, replyId: id, replyToId: row.reply_to_id };
}

/** A comment or reply hidden by the moderators (ADR 0100); its post and whether it was in sight (counted) before, or undefined when it is gone. */
export async function hideWriting(db: Kysely<DB>, kind: 'comment' | 'reply', id: number): Promise<{ postId: number; wasInSight: boolean } | undefined> {
  const table = kind === 'comment' ? 'comments' : 'replies';
  const before = await db
    .selectFrom(table as 'comments')
    .select(['post_id', 'hidden'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!before) return undefined;
  await db
    .updateTable(table as 'comments')
    .set({ hidden: 'moderators' })
    .where('id', '=', id)
    .execute();
  return { postId: before.post_id, wasInSight: before.hidden === null };
}

/**
 * A comment or reply in sight hidden by the story's writer (ADR 0113): its post, or undefined when it
 * is not in sight (gone, held, or hidden already: `hiddenOf` says which).
 */
export async function hideForAuthor(db: Kysely<DB>, kind: 'comment' | 'reply', id: number): Promise<{ postId: number } | undefined> {
  const table = kind === 'comment' ? 'comments' : 'replies';
  const row = await db
    .updateTable(table as 'comments')
    .set({ hidden: 'author' })
    .where('id', '=', id)
    .where('hidden', 'is', null)
    .returning('post_id')
    .executeTakeFirst();
  return row && { postId: row.post_id };
}

/** A writing the moderators hid over the story's writer's hide, handed back to that (ADR 0113): still out of sight. */
export async function handBackToAuthor(db: Kysely<DB>, kind: 'comment' | 'reply', id: number): Promise<void> {
  const table = kind === 'comment' ? 'comments' : 'replies';
  await db
    .updateTable(table as 'comments')
    .set({ hidden: 'author' })
    .where('id', '=', id)
    .where('hidden', '=', 'moderators')
    .execute();
}

/** Why a comment or reply is out of sight (null: it is in sight), or undefined when there is none. */
export async function hiddenOf(db: Kysely<DB>, kind: 'comment' | 'reply', id: number): Promise<WritingHidden | null | undefined> {
  const table = kind === 'comment' ? 'comments' : 'replies';
  const row = await db
    .selectFrom(table as 'comments')
    .select('hidden')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.hidden;
}

/** Who wrote a comment and a reply (the ones a released reply answers), for telling them. */
export async function writersOf(db: Kysely<DB>, commentId: number, replyId: number | null) {
  const comment = await db.selectFrom('comments').select(['id', 'user_id']).where('id', '=', commentId).executeTakeFirst();
  const answered = replyId === null ? undefined : await db.selectFrom('replies').select(['id', 'user_id']).where('id', '=', replyId).executeTakeFirst();
  return { comment, answered };
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

/** Deletes a comment's replies; answers how many went that were in sight (the post's count counts those). */
export async function deleteRepliesOfComment(db: Kysely<DB>, commentId: number): Promise<number> {
  const rows = await db.deleteFrom('replies').where('comment_id', '=', commentId).returning('hidden').execute();
  return rows.filter((r) => r.hidden === null).length;
}

/** Deletes a comment or a reply: undefined when it was gone already, else whether it was in sight (counted). */
export async function deleteWriting(db: Kysely<DB>, table: 'comments' | 'replies', id: number): Promise<{ counted: boolean } | undefined> {
  const row = await db
    .deleteFrom(table as 'comments')
    .where('id', '=', id)
    .returning('hidden')
    .executeTakeFirst();
  return row && { counted: row.hidden === null };
}

export async function addToCommentsCount(db: Kysely<DB>, postId: number, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .updateTable('posts')
    .set((eb) => ({ comments_count: eb('comments_count', '+', delta) }))
    .where('id', '=', postId)
    .execute();
}

/** The id the next comment or reply would have, more or less (what a program whose writing was dropped is answered with). */
export async function nextWritingId(db: Kysely<DB>, table: 'comments' | 'replies'): Promise<number> {
  const row = await db
    .selectFrom(table as 'comments')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0) + 1;
}

/** When the account was made (undefined: no such account). */
export async function accountMadeAt(db: Kysely<DB>, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirst();
  return row?.created_at;
}

/** The comments and replies the account wrote since `since` (ISO time): their text, when, and whether they are held, newest first. */
export async function writingsSince(db: Kysely<DB>, userId: number, since: string): Promise<Array<{ body: string; created_at: string; hidden: WritingHidden | null }>> {
  const of = (table: 'comments' | 'replies') =>
    db
      .selectFrom(table as 'comments')
      .select(['body', 'created_at', 'hidden'])
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .execute();
  const comments = await of('comments');
  const replies = await of('replies');
  return [...comments, ...replies].sort((a, b) => b.created_at.localeCompare(a.created_at));
}
