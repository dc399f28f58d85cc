import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** true when this call created the follow. */
export async function insertFollow(db: Kysely<DB>, followerId: number, followingId: number, now: string): Promise<boolean> {
  const row = await db
    .insertInto('follows')
    .values({ follower_id: followerId, following_id: followingId, created_at: now })
    .onConflict((oc) => oc.columns(['follower_id', 'following_id']).doNothing())
    .returning('follower_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** true when this call removed the follow. */
export async function deleteFollow(db: Kysely<DB>, followerId: number, followingId: number): Promise<boolean> {
  const row = await db
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('following_id', '=', followingId)
    .returning('follower_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function isFollowing(db: Kysely<DB>, followerId: number, followingId: number): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('follower_id', '=', followerId)
    .where('following_id', '=', followingId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves the follower's following_count and the followed user's followers_count by delta. The two
 * rows are updated in id order, so A following B while B follows A cannot deadlock.
 */
export async function addToFollowCounts(db: Kysely<DB>, followerId: number, followingId: number, delta: number): Promise<void> {
  const updates = [
    { id: followerId, column: 'following_count' as const },
    { id: followingId, column: 'followers_count' as const },
  ].sort((a, b) => a.id - b.id);
  for (const { id, column } of updates) {
    await db
      .updateTable('users')
      .set((eb) => ({ [column]: eb(column, '+', delta) }))
      .where('id', '=', id)
      .execute();
  }
}

export async function getFollowersCount(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('followers_count').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.followers_count;
}
