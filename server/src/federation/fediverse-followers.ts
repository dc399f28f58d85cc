import type { Federation } from '@fedify/fedify';
import { Follow, Reject } from '@fedify/vocab';
import type { FediverseFollowersPage } from '@inkwell/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.ts';
import { notFound } from '../lib/errors.ts';
import { route } from '../plugins/endpoint.ts';
import { federatingMember } from './actor-member.ts';
import { actAs } from './member-acts.ts';
import { countRemoteFollowers, findAccountAddress, pageOfFollowersShown, removeRemoteFollowerOf } from './followers.repository.ts';
import { type RemoteAddress, recipientOf } from './remote-actor.ts';

export const FOLLOWER_REMOVED = 'Removed: they no longer follow you.';
export const FOLLOWER_NOT_LISTED = 'This account does not follow you.';

/** Followers on other servers shown on one page of the profile's list. */
export const FEDIVERSE_FOLLOWERS_PAGE_SIZE = 30;

/**
 * A member's followers on other servers, as the site shows them (issue 30): counted on the profile
 * apart from the members who follow, and listed newest first with the handle, name and profile page
 * each presented (cleaned when kept: federation/remote-actor.ts). Only a member who federates has any.
 * A member may remove one: its server is told with a signed Reject of the follow, as Mastodon does.
 */
export class FediverseFollowers {
  readonly #database: Database;
  readonly #federation: Federation<void>;
  readonly #publicUrl: URL;

  constructor(database: Database, federation: Federation<void>, publicUrl: string) {
    this.#database = database;
    this.#federation = federation;
    this.#publicUrl = new URL(publicUrl);
  }

  /** How many follow the member from other servers; null for a member who does not federate. */
  async count(userId: number): Promise<number | null> {
    return (await federatingMember(this.#database, String(userId))) ? countRemoteFollowers(this.#database.db, userId) : null;
  }

  async page(profileId: number, cursor: number | undefined): Promise<FediverseFollowersPage> {
    if (!(await federatingMember(this.#database, String(profileId)))) throw notFound();
    const rows = await pageOfFollowersShown(this.#database.db, profileId, cursor ?? null, FEDIVERSE_FOLLOWERS_PAGE_SIZE + 1);
    const data = rows.slice(0, FEDIVERSE_FOLLOWERS_PAGE_SIZE);
    return { data, next_cursor: rows.length > FEDIVERSE_FOLLOWERS_PAGE_SIZE ? data.at(-1)!.id : null };
  }

  /** The member stops the account of their list's row `rowId` (its row of users) following them, and its server is told (Reject of its Follow, queued). */
  async remove(userId: number, rowId: number): Promise<void> {
    if (!(await federatingMember(this.#database, String(userId)))) throw notFound();
    const { db } = this.#database;
    const gone = await db.transaction().execute(async (trx) => {
      // An account elsewhere only: a member's follow is ended by blocking them.
      const address = await findAccountAddress(trx, rowId);
      const row = address ? await removeRemoteFollowerOf(trx, userId, rowId) : undefined;
      return row && address ? { ...row, address } : undefined;
    });
    if (!gone) throw notFound(FOLLOWER_NOT_LISTED);
    await this.reject(userId, gone.address, gone.follow_uri);
  }

  /** Tells the account's server that its follow (`followUri`) of the member is no more: a signed Reject of it, queued. */
  async reject(userId: number, address: RemoteAddress, followUri: string): Promise<void> {
    const member = actAs(this.#federation, this.#publicUrl, userId);
    const follow = new Follow({ id: new URL(followUri), actor: new URL(address.uri), object: member.me });
    await member.send(recipientOf(address), new Reject({ id: member.newId('rejects'), actor: member.me, object: follow }));
  }
}

/** POST /api/user/fediverse-followers; with FEDERATION off (`followers` null) nobody has any: 404. */
export const fediverseFollowersRoutes: FastifyPluginAsync<{ followers: FediverseFollowers | null }> = async (app, { followers }) => {
  route(app, 'fediverseFollowers', async (request) => {
    if (!followers) throw notFound();
    return followers.page(request.body.profile_id, request.body.cursor);
  });
  route(app, 'removeFediverseFollower', async (request) => {
    if (!followers) throw notFound();
    await followers.remove(request.auth!.userId, request.body.follower_id);
    return { message: FOLLOWER_REMOVED };
  });
};
