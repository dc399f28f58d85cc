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

export async function insertComment(db: Kysely<DB>, values: { post_id: number; user_id: number; body: string; now: string }): Promise<number> {
  const { now, ...rest } = values;
  const row = await db
    .insertInto('comments')
    .values({ ...rest, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertReply(
  db: Kysely<DB>,
  values: { comment_id: number; post_id: number; user_id: number; reply_to_id: number | null; body: string; now: string },
): Promise<number> {
  const { now, ...rest } = values;
  const row = await db
    .insertInto('replies')
    .values({ ...rest, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The comment, only when it belongs to that post. */
export function findCommentOfPost(db: Kysely<DB>, commentId: number, postId: number) {
  return db.selectFrom('comments').select(['id', 'user_id']).where('id', '=', commentId).where('post_id', '=', postId).executeTakeFirst();
}

/** The reply, only when it answers that comment (the one a new reply may answer). */
export function findReplyOfComment(db: Kysely<DB>, replyId: number, commentId: number) {
  return db.selectFrom('replies').select(['id', 'user_id']).where('id', '=', replyId).where('comment_id', '=', commentId).executeTakeFirst();
}

export function findComment(db: Kysely<DB>, id: number): Promise<Deletable | undefined> {
  return db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select(['comments.id', 'comments.post_id', 'comments.user_id', 'posts.user_id as post_owner_id', 'comments.id as comment_id'])
    .where('comments.id', '=', id)
    .executeTakeFirst();
}

export function findReply(db: Kysely<DB>, id: number): Promise<Deletable | undefined> {
  return db
    .selectFrom('replies')
    .innerJoin('posts', 'posts.id', 'replies.post_id')
    .select(['replies.id', 'replies.post_id', 'replies.user_id', 'posts.user_id as post_owner_id', 'replies.comment_id'])
    .where('replies.id', '=', id)
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
