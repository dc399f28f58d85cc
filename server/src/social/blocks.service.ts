import type { BlockResponse, BlockedUsersResponse } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { forbidden, notFound, validationError } from '../lib/errors.ts';
import type { Auth } from '../plugins/session.ts';
import * as repo from './blocks.repository.ts';
import { NOT_FOUND, orNotFound } from './errors.ts';
import { addToFollowCounts, deleteFollow } from './follows.repository.ts';
import { notify } from '../notify/notify.ts';
import { type FollowBlocks, findActiveUser } from './targets.repository.ts';
import { truthy } from '../lib/post-card.ts';

export const BLOCK_MESSAGES = {
  blocked: 'You have blocked this member. You will not see their posts, comments or notifications.',
  unblocked: 'You have unblocked this member.',
  self: 'You cannot block yourself.',
  cannotFollow: 'You cannot follow this member.',
  unblockFirst: 'You blocked this member. Unblock them to follow them.',
  cannotComment: 'The author of this post does not accept your comments.',
} as const;

/** Ends a follow, if there was one, with its counters and its notification, in the caller's transaction. */
async function unfollow(trx: Kysely<DB>, followerId: number, followingId: number): Promise<void> {
  if (!(await deleteFollow(trx, followerId, followingId))) return;
  await addToFollowCounts(trx, followerId, followingId, -1);
  await notify.unfollow(trx, followingId, followerId);
}

/** Refuses a follow between two members when either blocked the other (403 with a message), from the follow target's read. */
export function refuseBlockedFollow(blocks: FollowBlocks): void {
  if (truthy(blocks.blocked_follower)) throw forbidden(BLOCK_MESSAGES.cannotFollow);
  if (truthy(blocks.follower_blocked)) throw forbidden(BLOCK_MESSAGES.unblockFirst);
}

/** Refuses a comment or reply on a post whose author blocked the caller (403 with a message). */
export async function refuseBlockedComment(db: Kysely<DB>, postOwnerId: number, callerId: number): Promise<void> {
  if (await repo.hasBlocked(db, postOwnerId, callerId)) throw forbidden(BLOCK_MESSAGES.cannotComment);
}

/**
 * POST /block and /blocked-users. Blocking ends the follows both ways (counters and notifications with
 * them) in the same transaction; what the blocker reads is filtered by the feed, search, panels and
 * notifications through their blocked ids.
 */
export function createBlocksService(db: Kysely<DB>) {
  return {
    async setBlocked(auth: Auth, blockId: number, block: boolean): Promise<BlockResponse> {
      if (blockId === auth.userId) throw validationError({ block_id: [BLOCK_MESSAGES.self] });
      return orNotFound(NOT_FOUND.user, () =>
        db.transaction().execute(async (trx) => {
          if (!(await findActiveUser(trx, blockId))) throw notFound(NOT_FOUND.user);
          if (block) {
            await repo.insertBlock(trx, auth.userId, blockId, nowIso());
            for (const [a, b] of [
              [auth.userId, blockId],
              [blockId, auth.userId],
            ] as const)
              await unfollow(trx, a, b);
          } else {
            await repo.deleteBlock(trx, auth.userId, blockId);
          }
          return { message: block ? BLOCK_MESSAGES.blocked : BLOCK_MESSAGES.unblocked, is_blocked: block };
        }),
      );
    },

    async list(auth: Auth): Promise<BlockedUsersResponse> {
      return { data: await repo.blockedUsers(db, auth.userId) };
    },
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
