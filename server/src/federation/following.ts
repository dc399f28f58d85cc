import type { Acting } from '../access/policy.ts';
import type { Federation } from '@fedify/fedify';
import { actingFor } from '../access/policy.ts';
import { isActor } from '@fedify/vocab';
import { FEDIVERSE_ACCOUNT_INVALID, type LookupAccountResponse } from '@inkwell/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { notFound, validationError } from '../lib/errors.ts';
import { route } from '../plugins/endpoint.ts';
import { INSTANCE_ACTOR } from './actor-member.ts';
import { isBlockedAddress } from './domain-blocks.ts';
import { saveRemoteActor } from './followers.repository.ts';
import { followStateOf } from '../db/follow-state.repository.ts';
import { remoteActorFields } from './remote-actor.ts';
import { hostOf, resourceOf } from './remote-follow.ts';

export const LOOKUP_MESSAGES = {
  notFound: 'We could not find that account. Check the handle and try again.',
  onThisSite: 'That account is on this site: follow it from its profile.',
  blockedServer: 'This site does not federate with that server.',
} as const;

const refuse = (message: string) => validationError({ account: [message] });

/**
 * An account of another server named by its handle or address (issue 30, ADR 0085): looked up once
 * (WebFinger, then its actor) with the instance actor's signed fetches (a server in secure mode answers
 * those): https for a handle, never a loopback or private address unless
 * FEDERATION_ALLOW_PRIVATE_ADDRESS (SSRF), FEDERATION_LOOKUP_TIMEOUT_MS at most. It is kept as a row of
 * users, whose id the ordinary calls take: the follow (`/follow-unfollow`, whose `follow.requested`
 * the federation answers with the Follow: member-follows.ts) and the block.
 */
export class AccountLookup {
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

  async find(userId: Acting, account: string): Promise<LookupAccountResponse> {
    const { db } = this.#database;
    const resource = resourceOf(account);
    if (!resource) throw refuse(FEDIVERSE_ACCOUNT_INVALID);
    const theirHost = hostOf(resource);
    if (theirHost === this.#publicUrl.host) throw refuse(LOOKUP_MESSAGES.onThisSite);
    if (await isBlockedAddress(db, `https://${theirHost}/`)) throw refuse(LOOKUP_MESSAGES.blockedServer);

    const ctx = this.#federation.createContext(this.#publicUrl);
    const documentLoader = await ctx.getDocumentLoader({ identifier: INSTANCE_ACTOR });
    const found = await ctx.lookupObject(resource.href, { documentLoader, signal: AbortSignal.timeout(this.#timeoutMs) }).catch(() => null);
    if (!found || !isActor(found) || !found.id) throw refuse(LOOKUP_MESSAGES.notFound);
    if (found.id.origin === this.#publicUrl.origin) throw refuse(LOOKUP_MESSAGES.onThisSite);
    if (await isBlockedAddress(db, found.id)) throw refuse(LOOKUP_MESSAGES.blockedServer);
    const fields = await remoteActorFields(found);
    if (!fields) throw refuse(LOOKUP_MESSAGES.notFound);

    const { userId: id, iconUrl } = await saveRemoteActor(db, fields, nowIso());
    const state = await followStateOf(db, userId, id);
    return {
      account: {
        id,
        name: fields.name,
        handle: fields.handle,
        icon_url: iconUrl,
        profile_url: fields.url,
        is_following: state !== undefined,
        pending: state === 'pending',
      },
    };
  }
}

/** POST /api/user/fediverse-accounts/lookup (404 with FEDERATION off: `lookup` null). */
export const fediverseFollowingRoutes: FastifyPluginAsync<{ lookup: AccountLookup | null }> = async (app, { lookup }) => {
  route(app, 'lookupAccount', async (request) => {
    if (!lookup) throw notFound();
    return lookup.find(actingFor(request.auth!), request.body.account);
  });
};
