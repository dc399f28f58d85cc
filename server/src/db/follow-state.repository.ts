import type { Kysely } from 'kysely';
import { addToFollowCounts } from './follow-counts.repository.ts';
import type { DB } from './schema.ts';

/* Where a follow stands and how it ends, for a member's follow (social/) and one with an account elsewhere (federation/) alike (ADR 0083, 0085). */

/** A follow as it stands: accepted (a row of follows) or asked (a row of follow_requests, waiting for its server's Accept). */
export type FollowState = 'accepted' | 'pending';

export async function followStateOf(db: Kysely<DB>, followerId: number, followingId: number): Promise<FollowState | undefined> {
  const follow = await db.selectFrom('follows').select('follower_id').where('follower_id', '=', followerId).where('following_id', '=', followingId).executeTakeFirst();
  if (follow) return 'accepted';
  const asked = await db.selectFrom('follow_requests').select('follower_id').where('follower_id', '=', followerId).where('followed_id', '=', followingId).executeTakeFirst();
  return asked ? 'pending' : undefined;
}

/** A follow that ended: the Follow it was made by (null between members), and whether it had been accepted (counted: the followed one's followers_count after). */
export interface EndedFollow {
  activity_id: string | null;
  accepted: boolean;
  followers_count: number | null;
}

/**
 * Ends the follow of `followingId` by `followerId`: a request still waiting for its Accept (a row of
 * follow_requests, never counted) or a follow (a row of follows, counted out of both counters).
 * Resolves to what ended, or undefined when there was none. Call it in a transaction.
 */
export async function endFollow(db: Kysely<DB>, followerId: number, followingId: number): Promise<EndedFollow | undefined> {
  const asked = await db.deleteFrom('follow_requests').where('follower_id', '=', followerId).where('followed_id', '=', followingId).returning('activity_id').executeTakeFirst();
  if (asked) return { activity_id: asked.activity_id, accepted: false, followers_count: null };
  const follow = await db.deleteFrom('follows').where('follower_id', '=', followerId).where('following_id', '=', followingId).returning('activity_id').executeTakeFirst();
  if (!follow) return undefined;
  const followersCount = await addToFollowCounts(db, followerId, followingId, -1);
  return { activity_id: follow.activity_id, accepted: true, followers_count: followersCount };
}
