import type { Kysely } from 'kysely';
import { endFollow } from '../db/follow-state.repository.ts';
import type { DB } from '../db/schema.ts';
import type { DomainEventBus, DomainEvents } from '../events/domain-events.ts';
import { notify } from '../notify/notify.ts';

export type FollowRemoved = DomainEvents['follow.removed'];

/**
 * Ends the follow of `followingId` by `followerId`, if there was one, in the caller's transaction, as
 * every end of a follow does (an unfollow, a block, a follower removed, an Undo or a Reject from the
 * fediverse, a domain block): accepted, counted out with its notification taken back; still asked,
 * its request gone; and says so (`follow.removed`: an account elsewhere's server is owed the Reject
 * or the Undo, unless `undone`: it ended the follow itself). The caller says `committed` after.
 */
export async function endFollowSaying(trx: Kysely<DB>, events: DomainEventBus, followerId: number, followingId: number, undone = false): Promise<FollowRemoved | undefined> {
  const ended = await endFollow(trx, followerId, followingId);
  if (!ended) return undefined;
  if (ended.accepted) await notify.unfollow(trx, followingId, followerId);
  const removed: FollowRemoved = { followerId, followingId, activityId: ended.activity_id, ...(undone ? { undone } : {}) };
  await events.emit(trx, 'follow.removed', removed);
  return removed;
}
