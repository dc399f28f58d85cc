import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/* The counters a follow moves, for a member's follow (social/) and an account elsewhere's (federation/) alike (ADR 0083). */

/**
 * Moves the follower's following_count and the followed user's followers_count by delta, and answers
 * the followed user's new followers_count (read back by the update: no read after it). The two rows
 * are updated in id order, so A following B while B follows A cannot deadlock. (One statement
 * locking both rows in order first deadlocked under the burst: its update then waited on the older
 * version of a row it had locked, behind a transaction waiting for it.)
 */
export async function addToFollowCounts(db: Kysely<DB>, followerId: number, followingId: number, delta: number): Promise<number> {
  const updates = [
    { id: followerId, column: 'following_count' as const },
    { id: followingId, column: 'followers_count' as const },
  ].sort((a, b) => a.id - b.id);
  let followers = 0;
  for (const { id, column } of updates) {
    const row = await db
      .updateTable('users')
      .set((eb) => ({ [column]: eb(column, '+', delta) }))
      .where('id', '=', id)
      .returning('followers_count')
      .executeTakeFirstOrThrow();
    if (id === followingId) followers = row.followers_count;
  }
  return followers;
}
