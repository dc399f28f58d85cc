import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * true when this call created the like, or the boost (ON CONFLICT DO NOTHING: a second like is no
 * like); `activityId` the Like or Announce an account elsewhere made it by.
 */
export async function insertLike(db: Kysely<DB>, postId: number, userId: number, now: string, kind: 'like' | 'boost' = 'like', activityId: string | null = null): Promise<boolean> {
  const row = await db
    .insertInto('likes')
    .values({ post_id: postId, user_id: userId, created_at: now, kind, activity_id: activityId })
    .onConflict((oc) => oc.columns(['post_id', 'user_id', 'kind']).doNothing())
    .returning('post_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The like (or boost) this call removed, with the Like it was sent as (null: never sent); undefined when there was none. */
export function deleteLike(db: Kysely<DB>, postId: number, userId: number, kind: 'like' | 'boost' = 'like'): Promise<{ activity_id: string | null } | undefined> {
  return db.deleteFrom('likes').where('post_id', '=', postId).where('user_id', '=', userId).where('kind', '=', kind).returning('activity_id').executeTakeFirst();
}

/** Adds delta (0 reads) to posts.likes_count and answers the stored count. */
export async function addToLikesCount(db: Kysely<DB>, postId: number, delta: number): Promise<number> {
  if (delta === 0) {
    const row = await db.selectFrom('posts').select('likes_count').where('id', '=', postId).executeTakeFirstOrThrow();
    return row.likes_count;
  }
  const row = await db
    .updateTable('posts')
    .set((eb) => ({ likes_count: eb('likes_count', '+', delta) }))
    .where('id', '=', postId)
    .returning('likes_count')
    .executeTakeFirstOrThrow();
  return row.likes_count;
}
