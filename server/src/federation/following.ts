import type { Federation } from '@fedify/fedify';
import { Follow, Undo, isActor } from '@fedify/vocab';
import { FEDIVERSE_ACCOUNT_INVALID, FEDIVERSE_NOT_FOLLOWED, FEDIVERSE_UNFOLLOWED, type FediverseFollowResponse, type FediverseFollowingResponse } from '@inkwell/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { HttpError, notFound, validationError } from '../lib/errors.ts';
import { route } from '../plugins/endpoint.ts';
import { INSTANCE_ACTOR, NO_USERNAME, federatingMember } from './actor-member.ts';
import { actAs } from './member-acts.ts';
import { isBlockedAddress } from './domain-blocks.ts';
import { findAccountAddress, saveRemoteActor } from './followers.repository.ts';
import { addFollowing, listFollowing, removeFollowing } from './following.repository.ts';
import { recipientOf, remoteActorFields } from './remote-actor.ts';
import { hasBlockedRemote } from './remote-blocks.repository.ts';
import { hostOf, resourceOf } from './remote-follow.ts';

export const FOLLOWING_MESSAGES = {
  notFound: 'We could not find that account. Check the handle and try again.',
  onThisSite: 'That account is on this site: follow it from its profile.',
  blockedServer: 'This site does not federate with that server.',
  youBlocked: 'You blocked this account. Unblock it in Settings › Blocked Users to follow it.',
  asked: (handle: string) => `Asked to follow ${handle}: you follow them once their server says yes.`,
  following: (handle: string) => `You follow ${handle}.`,
} as const;

const refuse = (message: string) => validationError({ account: [message] });

/**
 * Members following accounts of other servers (issue 30). The account is looked up by its handle
 * (WebFinger) or address with the instance actor's signed fetches (a server in secure mode answers
 * those): https for a handle, never a loopback or private address unless
 * FEDERATION_ALLOW_PRIVATE_ADDRESS (SSRF), FEDERATION_LOOKUP_TIMEOUT_MS at most. It is kept
 * (a row of users), the follow written 'pending' and a signed Follow queued to it; its server's Accept
 * or Reject (follow-answers.ts) settles it. Unfollowing sends an Undo of that Follow.
 */
export class FediverseFollowing {
  readonly #database: Database;
  readonly #federation: Federation<void>;
  readonly #publicUrl: URL;
  readonly #timeoutMs: number;

  constructor(database: Database, federation: Federation<void>, publicUrl: string, timeoutMs: number) {
    this.#database = database;
    this.#federation = federation;
    this.#publicUrl = new URL(publicUrl);
    this.#timeoutMs = timeoutMs;
  }

  async follow(userId: number, account: string): Promise<FediverseFollowResponse> {
    const { db } = this.#database;
    if (!(await federatingMember(this.#database, String(userId)))) throw new HttpError(422, NO_USERNAME, { account: [NO_USERNAME] });
    const resource = resourceOf(account);
    if (!resource) throw refuse(FEDIVERSE_ACCOUNT_INVALID);
    const theirHost = hostOf(resource);
    if (theirHost === this.#publicUrl.host) throw refuse(FOLLOWING_MESSAGES.onThisSite);
    if (await isBlockedAddress(db, `https://${theirHost}/`)) throw refuse(FOLLOWING_MESSAGES.blockedServer);

    const member = actAs(this.#federation, this.#publicUrl, userId);
    const { ctx } = member;
    const documentLoader = await ctx.getDocumentLoader({ identifier: INSTANCE_ACTOR });
    const found = await ctx.lookupObject(resource.href, { documentLoader, signal: AbortSignal.timeout(this.#timeoutMs) }).catch(() => null);
    if (!found || !isActor(found) || !found.id) throw refuse(FOLLOWING_MESSAGES.notFound);
    if (found.id.origin === this.#publicUrl.origin) throw refuse(FOLLOWING_MESSAGES.onThisSite);
    if (await isBlockedAddress(db, found.id)) throw refuse(FOLLOWING_MESSAGES.blockedServer);
    const fields = await remoteActorFields(found);
    if (!fields) throw refuse(FOLLOWING_MESSAGES.notFound);
    if (await hasBlockedRemote(db, userId, fields.uri)) throw refuse(FOLLOWING_MESSAGES.youBlocked);

    const now = nowIso();
    const { accountId, row } = await db.transaction().execute(async (trx) => {
      const { userId: accountId } = await saveRemoteActor(trx, fields, now);
      return { accountId, row: await addFollowing(trx, userId, accountId, member.newId('follows').href, now) };
    });
    // A follow still waiting is asked again (its server may have lost the first), with the same Follow.
    if (row.state === 'pending') {
      await member.send(recipientOf(fields), new Follow({ id: new URL(row.follow_uri), actor: member.me, object: found.id }));
    }
    return {
      message: row.state === 'pending' ? FOLLOWING_MESSAGES.asked(fields.handle) : FOLLOWING_MESSAGES.following(fields.handle),
      account: { account_id: accountId, handle: fields.handle, name: fields.name, url: fields.url, state: row.state },
    };
  }

  async unfollow(userId: number, accountId: number): Promise<void> {
    if (!(await this.stop(userId, accountId))) throw notFound(FEDIVERSE_NOT_FOLLOWED);
  }

  /** Ends the member's follow of the account, if there is one, and tells its server (an Undo); resolves to whether there was one. */
  async stop(userId: number, accountId: number): Promise<boolean> {
    const { db } = this.#database;
    const ended = await db.transaction().execute(async (trx) => {
      const row = await removeFollowing(trx, userId, accountId);
      const address = row ? await findAccountAddress(trx, accountId) : undefined;
      return row && address ? { followUri: row.follow_uri, address } : undefined;
    });
    if (!ended) return false;
    const member = actAs(this.#federation, this.#publicUrl, userId);
    const follow = new Follow({ id: new URL(ended.followUri), actor: member.me, object: new URL(ended.address.uri) });
    await member.send(recipientOf(ended.address), new Undo({ id: member.newId('undos'), actor: member.me, object: follow }));
    return true;
  }
}

/**
 * POST /api/user/fediverse-following (the member's list), with FEDERATION on or off (what those
 * accounts publish is in the ordinary Following: remote-stories.ts), and
 * /fediverse-following/follow and /unfollow (404 with it off: `following` null).
 */
export const fediverseFollowingRoutes: FastifyPluginAsync<{ following: FediverseFollowing | null; database: Database }> = async (app, { following, database }) => {
  route(app, 'fediverseFollowing', async (request): Promise<FediverseFollowingResponse> => ({ data: await listFollowing(database.db, request.auth!.userId) }));
  route(app, 'fediverseFollow', async (request) => {
    if (!following) throw notFound();
    return following.follow(request.auth!.userId, request.body.account);
  });
  route(app, 'fediverseUnfollow', async (request) => {
    if (!following) throw notFound();
    await following.unfollow(request.auth!.userId, request.body.account_id);
    return { message: FEDIVERSE_UNFOLLOWED };
  });
};
