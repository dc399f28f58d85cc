import type { FediverseFollowersPage } from '@inkwell/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.ts';
import { notFound } from '../lib/errors.ts';
import { route } from '../plugins/endpoint.ts';
import { federatingMember } from './actor-member.ts';
import { countRemoteFollowers, pageOfFollowersShown } from './followers.repository.ts';

/** Followers on other servers shown on one page of the profile's list. */
export const FEDIVERSE_FOLLOWERS_PAGE_SIZE = 30;

/**
 * A member's followers on other servers, as the site shows them (issue 30): counted on the profile
 * apart from the members who follow, and listed newest first with the handle, name and profile page
 * each presented (cleaned when kept: federation/remote-actor.ts). Only a member who federates has any.
 */
export class FediverseFollowers {
  readonly #database: Database;

  constructor(database: Database) {
    this.#database = database;
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
}

/** POST /api/user/fediverse-followers; with FEDERATION off (`followers` null) nobody has any: 404. */
export const fediverseFollowersRoutes: FastifyPluginAsync<{ followers: FediverseFollowers | null }> = async (app, { followers }) => {
  route(app, 'fediverseFollowers', async (request) => {
    if (!followers) throw notFound();
    return followers.page(request.body.profile_id, request.body.cursor);
  });
};
