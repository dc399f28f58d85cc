import { FEDIVERSE_ACCOUNT_NOT_FOUND, FEDIVERSE_BLOCKED, FEDIVERSE_UNBLOCKED, type BlockResponse, type FediverseBlocksResponse } from '@inkwell/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { notFound } from '../lib/errors.ts';
import { route } from '../plugins/endpoint.ts';
import { notify } from '../notify/notify.ts';
import type { FediverseFollowers } from './fediverse-followers.ts';
import type { FediverseFollowing } from './following.ts';
import { removeFollowing } from './following.repository.ts';
import { findAccountAddress, removeRemoteFollowerOf } from './followers.repository.ts';
import { deleteRemoteBlock, hasBlockedRemote, insertRemoteBlock, listRemoteBlocks } from './remote-blocks.repository.ts';

/** Whether the member blocked the account with this actor uri (the inbox's listeners ask before they keep anything). */
export function blockedBy(database: Database, userId: number, actorUri: URL): Promise<boolean> {
  return hasBlockedRemote(database.db, userId, actorUri.href);
}

/**
 * A member's blocks of accounts of other servers (issue 30), as /block is of members: blocking ends
 * the account's follow in the same transaction (its notification with it) and, with FEDERATION on
 * (`followers` set), tells its server with a signed Reject; the member's own follow of it ends too
 * (an Undo); from then on its Follow is rejected and its
 * likes, boosts and replies to the member's stories are dropped at the inbox (follows.ts, reactions.ts,
 * replies.ts), and the member's notifications leave it out. Unblocking lets it follow again.
 */
export class FediverseBlocks {
  readonly #database: Database;
  readonly #followers: FediverseFollowers | null;
  readonly #following: FediverseFollowing | null;

  constructor(database: Database, followers: FediverseFollowers | null, following: FediverseFollowing | null) {
    this.#database = database;
    this.#followers = followers;
    this.#following = following;
  }

  async set(userId: number, accountId: number, block: boolean): Promise<BlockResponse> {
    const { db } = this.#database;
    // An account elsewhere only (a member is blocked with the ordinary call).
    if (!(await findAccountAddress(db, accountId))) throw notFound(FEDIVERSE_ACCOUNT_NOT_FOUND);
    const blockedId = accountId;
    if (!block) {
      await deleteRemoteBlock(db, userId, blockedId);
      return { message: FEDIVERSE_UNBLOCKED, is_blocked: false };
    }
    const ended = await db.transaction().execute(async (trx) => {
      await insertRemoteBlock(trx, userId, blockedId, nowIso());
      const follow = await removeRemoteFollowerOf(trx, userId, blockedId);
      if (!follow) return undefined;
      await notify.fediverse.unfollow(trx, userId, blockedId);
      const address = await findAccountAddress(trx, blockedId);
      return address ? { address, followUri: follow.follow_uri } : undefined;
    });
    if (ended) await this.#followers?.reject(userId, ended.address, ended.followUri);
    // And the member stops following it (its server told with an Undo; with FEDERATION off, only here).
    if (this.#following) await this.#following.stop(userId, accountId);
    else await removeFollowing(db, userId, accountId);
    return { message: FEDIVERSE_BLOCKED, is_blocked: true };
  }

  async list(userId: number): Promise<FediverseBlocksResponse> {
    return { data: await listRemoteBlocks(this.#database.db, userId) };
  }
}

/** POST /api/user/fediverse-blocks and /fediverse-blocks/set, answered with FEDERATION on or off. */
export const fediverseBlocksRoutes: FastifyPluginAsync<{ blocks: FediverseBlocks }> = async (app, { blocks }) => {
  route(app, 'fediverseBlocks', async (request) => blocks.list(request.auth!.userId));
  route(app, 'fediverseBlock', async (request) => blocks.set(request.auth!.userId, request.body.account_id, request.body.status === 1));
};
