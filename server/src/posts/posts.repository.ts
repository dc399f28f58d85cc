import { type Kysely, type Transaction } from 'kysely';
import { isPostgres } from '../db/database.ts';
import { type CommentsFrom, postBodyText } from '@inkwell/contract';
import type { DB } from '../db/schema.ts';
import { addToPostCount } from '../db/post-count.repository.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface PostValues {
  category_id: number;
  title: string;
  sub_title: string;
  description: string;
  image: string | null;
  read_time: number;
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The post's owner and cover, for authorization and clean-up; undefined when there is no such post. */
export function findPostForWrite(db: Db, id: number) {
  return db.selectFrom('posts').select(['id', 'user_id', 'image']).where('id', '=', id).executeTakeFirst();
}

export async function insertPost(db: Db, userId: number, values: PostValues, now: string): Promise<number> {
  const row = await db
    .insertInto('posts')
    // body_text: what search indexes (migration 0019's triggers and generated columns, in this statement).
    // comments_from: who may comment on the writer's new stories (ADR 0115), in this statement.
    .values((eb) => ({
      ...values,
      body_text: postBodyText(values.description),
      user_id: userId,
      comments_from: eb.selectFrom('users').select('comments_from').where('id', '=', userId),
      created_at: now,
      updated_at: now,
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new post with the stored images it uses, counted among its author's posts: add-post and a draft's publishing. */
export async function publishPost(db: Db, userId: number, values: PostValues, paths: readonly string[], now: string): Promise<number> {
  const postId = await insertPost(db, userId, values, now);
  await replacePostImages(db, postId, paths);
  await addToPostCount(db, userId, 1);
  return postId;
}

/** Who may comment on a story now, and its writer's name (for the audit log), row-locked (PostgreSQL) until the transaction ends. */
export function findCommentsFrom(db: Db, id: number) {
  return db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .select(['posts.comments_from', 'posts.user_id', 'users.name'])
    .where('posts.id', '=', id)
    .$if(isPostgres(db), (qb) => qb.forUpdate('posts'))
    .executeTakeFirst();
}

/** Who may comment on a story (ADR 0115). */
export async function setCommentsFrom(db: Db, id: number, from: CommentsFrom): Promise<void> {
  await db.updateTable('posts').set({ comments_from: from }).where('id', '=', id).execute();
}

export async function updatePost(db: Db, id: number, values: PostValues, now: string): Promise<void> {
  await db
    .updateTable('posts')
    .set({ ...values, body_text: postBodyText(values.description), updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Locks the post row for its deletion (PostgreSQL; SQLite has one writer) and answers whether it is
 * still there. Taken first, as every write to the post's thread takes the post row first (lockPost in
 * social/targets.repository.ts): deleting the dependents first and the post last deadlocked with them.
 */
export async function lockPostForDelete(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('posts')
    .select('id')
    .where('id', '=', id)
    .$if(isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes a post and everything that hangs on it. The foreign keys cascade too; deleting explicitly
 * keeps it visible and inside the caller's transaction on both databases. true only when this call
 * removed the post row, so of several concurrent deletes of one post exactly one moves post_count.
 */
export async function deletePostWithDependents(db: Db, id: number): Promise<boolean> {
  await db.deleteFrom('notifications').where('post_id', '=', id).execute();
  await db.deleteFrom('replies').where('post_id', '=', id).execute();
  await db.deleteFrom('comments').where('post_id', '=', id).execute();
  await db.deleteFrom('likes').where('post_id', '=', id).execute();
  await db.deleteFrom('saves').where('post_id', '=', id).execute();
  await db.deleteFrom('post_images').where('post_id', '=', id).execute();
  const gone = await db.deleteFrom('posts').where('id', '=', id).returning('id').executeTakeFirst();
  return gone !== undefined;
}

export async function postImagePaths(db: Db, postId: number): Promise<string[]> {
  const rows = await db.selectFrom('post_images').select('path').where('post_id', '=', postId).execute();
  return rows.map((r) => r.path);
}

export async function replacePostImages(db: Db, postId: number, paths: readonly string[]): Promise<void> {
  await db.deleteFrom('post_images').where('post_id', '=', postId).execute();
  if (paths.length > 0)
    await db
      .insertInto('post_images')
      .values(paths.map((path) => ({ post_id: postId, path })))
      .execute();
}
