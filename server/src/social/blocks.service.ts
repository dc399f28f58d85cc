import { FEDIVERSE_BLOCKED, FEDIVERSE_UNBLOCKED, type BlockResponse, type BlockedUsersResponse } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { DomainEventBus } from '../events/domain-events.ts';
import { type FollowRemoved, endFollowSaying } from './end-follow.ts';
import { forbidden, notFound, validationError } from '../lib/errors.ts';
import type { Auth } from '../plugins/session.ts';
import * as repo from './blocks.repository.ts';
import { NOT_FOUND, orNotFound } from './errors.ts';
import { type FollowBlocks, findActiveUser } from './targets.repository.ts';
import { truthy, writtenElsewhere } from '../lib/post-card.ts';

export const BLOCK_MESSAGES = {
  blocked: 'You have blocked this member. You will not see their posts, comments or notifications.',
  unblocked: 'You have unblocked this member.',
  self: 'You cannot block yourself.',
  cannotFollow: 'You cannot follow this member.',
  unblockFirst: 'You blocked this member. Unblock them to follow them.',
  cannotComment: 'The author of this post does not accept your comments.',
} as const;

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
 * POST /block and /blocked-users, for a member or an account elsewhere alike (ADR 0083: one graph).
 * Blocking ends the follows both ways (counters and notifications with them; with an account
 * elsewhere, its server told through `follow.removed`: a Reject of its follow, an Undo of the
 * member's) in the same transaction; what the blocker reads is filtered by the feed, search, panels
 * and notifications through their blocked ids, and the inbox drops what a blocked account sends them.
 */
/** A person as a list of people shows them (whom one blocked, whom one banned): a member, or an account elsewhere with its handle, picture there and profile page. */
export function listedPerson({ id, name, profile_picture, domain, handle, icon_url, profile_url }: ListedRow): BlockedUsersResponse['data'][number] {
  return { id, name, profile_picture, elsewhere: writtenElsewhere({ domain, handle, icon_url, profile_url, url: null }) };
}
type ListedRow = Awaited<ReturnType<typeof repo.blockedUsers>>[number];

export function createBlocksService(db: Kysely<DB>, events: DomainEventBus) {
  return {
    async setBlocked(auth: Auth, blockId: number, block: boolean): Promise<BlockResponse> {
      if (blockId === auth.userId) throw validationError({ block_id: [BLOCK_MESSAGES.self] });
      const { answer, told } = await orNotFound(NOT_FOUND.user, () =>
        db.transaction().execute(async (trx) => {
          const target = await findActiveUser(trx, blockId);
          if (!target) throw notFound(NOT_FOUND.user);
          const told: FollowRemoved[] = [];
          if (block) {
            await repo.insertBlock(trx, auth.userId, blockId, nowIso());
            for (const [a, b] of [
              [auth.userId, blockId],
              [blockId, auth.userId],
            ] as const) {
              const removed = await endFollowSaying(trx, events, a, b);
              if (removed) told.push(removed);
            }
          } else {
            await repo.deleteBlock(trx, auth.userId, blockId);
          }
          const elsewhere = target.domain !== null;
          const message = block ? (elsewhere ? FEDIVERSE_BLOCKED : BLOCK_MESSAGES.blocked) : elsewhere ? FEDIVERSE_UNBLOCKED : BLOCK_MESSAGES.unblocked;
          return { answer: { message, is_blocked: block }, told };
        }),
      );
      for (const removed of told) events.committed('follow.removed', removed);
      return answer;
    },

    async list(auth: Auth): Promise<BlockedUsersResponse> {
      return { data: (await repo.blockedUsers(db, auth.userId)).map(listedPerson) };
    },
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
