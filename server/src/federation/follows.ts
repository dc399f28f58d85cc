import { randomUUID } from 'node:crypto';
import type { Federation, InboxContext, InboxListenerSetters } from '@fedify/fedify';
import { Accept, Follow, Reject } from '@fedify/vocab';
import type { Database } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { accountIdOf } from './accounts.repository.ts';
import type { InboxDeps } from './inbox.ts';
import { federatingMember } from './actor-member.ts';
import { isBlockedAddress } from './domain-blocks.ts';
import { countRemoteFollowers, listRemoteFollowers, membersFollowedBy, saveRemoteActor } from './followers.repository.ts';
import { recipientOf, senderOf } from './remote-actor.ts';
import { acceptedFollowing, countAcceptedFollowing } from './following.repository.ts';

/** Followers on one page of the followers collection. */
export const FOLLOWERS_PAGE_SIZE = 50;

/** The member a Follow is for: one of our member actors, there and not deactivated; else undefined. */
async function followedMember(ctx: InboxContext<void>, database: Database, object: URL | null) {
  const target = object ? ctx.parseUri(object) : null;
  if (target?.type !== 'actor') return undefined;
  const member = await federatingMember(database, target.identifier);
  return member ? { member, identifier: target.identifier } : undefined;
}

/**
 * Follows from the fediverse (ADR 0068, 0086). A `Follow` of a member is the ordinary follow: the
 * account (its row of users, brought up to date) follows the member through the social service a
 * member's follow goes through (`acts.follow`: the same counters and notification), and a signed
 * `Accept` is queued to its inbox (its `Undo`: undo.ts, undoFollow). Fedify has checked the
 * signature, and that its signer is the activity's actor, before a listener runs; anything else (a
 * Follow of nobody, of a deactivated member, of a remote actor, by an actor with no inbox or of a
 * blocked server) changes nothing, and one by an account the member blocked is answered with a
 * signed `Reject`, as Mastodon refuses one.
 */
export function listenForFollows(inbox: InboxListenerSetters<void>, { database, log, acts }: InboxDeps): InboxListenerSetters<void> {
  const { db } = database;
  return inbox.on(Follow, async (ctx, follow) => {
    if (!follow.id || !follow.actorId || ctx.parseUri(follow.actorId)) return;
    // Refused at the inbox too; this is for a Follow queued before its server was blocked.
    if (await isBlockedAddress(db, follow.actorId)) return;
    const followed = await followedMember(ctx, database, follow.objectId);
    if (!followed) return;
    const sender = await senderOf(ctx, follow);
    if (!sender) return;
    const { actor: follower, fields } = sender;
    const me = ctx.getActorUri(followed.identifier);
    const account = await saveRemoteActor(db, fields, nowIso());
    const outcome = await acts.follow(account.userId, followed.member.id, true, follow.id.href);
    if (outcome === 'none') return;
    const answer = outcome === 'refused' ? Reject : Accept;
    await ctx.sendActivity(
      { identifier: followed.identifier },
      follower,
      new answer({ id: new URL(`#${outcome === 'refused' ? 'rejects' : 'accepts'}/${randomUUID()}`, me), actor: me, object: follow }),
    );
    if (outcome === 'followed') log.info({ follower: fields.uri, member: followed.member.id }, 'a fediverse account follows a member');
  });
}

/**
 * Undo of a Follow (undo.ts, which checked the Follow is `actor`'s where it names an actor): ends the
 * follow kept with the Follow's id, when it is `actor`'s own (the Undo's actor, whose signature
 * Fedify verified); a Follow without an id names instead the member it followed. It ends as a
 * member's unfollow does (`acts.follow`).
 */
export async function undoFollow(ctx: InboxContext<void>, { database, log, acts }: InboxDeps, actor: URL, follow: { id: URL | null; objectId: URL | null }): Promise<void> {
  const accountId = await accountIdOf(database.db, actor.href);
  if (accountId === undefined) return;
  const followed = follow.id ? undefined : await followedMember(ctx, database, follow.objectId);
  const members = follow.id ? await membersFollowedBy(database.db, accountId, follow.id.href) : followed ? [followed.member.id] : [];
  for (const member of members) {
    if ((await acts.follow(accountId, member, false, follow.id?.href ?? '')) === 'ended')
      log.info({ follower: actor.href, member }, 'a fediverse account stopped following a member');
  }
}

/**
 * A member's followers collection: the fediverse accounts following them, oldest first, in pages of
 * FOLLOWERS_PAGE_SIZE (the cursor is the last row's id). Asked without a cursor by Fedify itself, it
 * hands every follower over at once (delivery to "followers"). Members following a member are not in
 * it: they read on this server, and their count is on the profile page.
 */
export function serveFollowers(federation: Federation<void>, database: Database): void {
  const { db } = database;
  const owner = (identifier: string) => federatingMember(database, identifier);
  federation
    .setFollowersDispatcher('/ap/users/{identifier}/followers', async (_ctx, identifier, cursor) => {
      const member = await owner(identifier);
      if (!member) return null;
      if (cursor === null) return { items: (await listRemoteFollowers(db, member.id)).map(recipientOf) };
      if (!/^\d{1,10}$/.test(cursor)) return null;
      const rows = await listRemoteFollowers(db, member.id, { after: Number(cursor), limit: FOLLOWERS_PAGE_SIZE });
      return { items: rows.map(recipientOf), nextCursor: rows.length === FOLLOWERS_PAGE_SIZE ? String(rows.at(-1)!.id) : null };
    })
    .setCounter(async (_ctx, identifier) => {
      const member = await owner(identifier);
      return member ? countRemoteFollowers(db, member.id) : null;
    })
    .setFirstCursor(async (_ctx, identifier) => ((await owner(identifier)) ? '0' : null));
}

/**
 * A member's following collection: the accounts of other servers they follow, accepted, oldest first,
 * in pages of FOLLOWERS_PAGE_SIZE (federation/following.ts). Members they follow here are not in it.
 */
export function serveFollowing(federation: Federation<void>, database: Database): void {
  const { db } = database;
  const owner = (identifier: string) => federatingMember(database, identifier);
  federation
    .setFollowingDispatcher('/ap/users/{identifier}/following', async (_ctx, identifier, cursor) => {
      const member = await owner(identifier);
      if (!member || cursor === null || !/^\d{1,10}$/.test(cursor)) return null;
      const rows = await acceptedFollowing(db, member.id, { after: Number(cursor), limit: FOLLOWERS_PAGE_SIZE });
      return { items: rows.map((row) => new URL(row.uri)), nextCursor: rows.length === FOLLOWERS_PAGE_SIZE ? String(rows.at(-1)!.id) : null };
    })
    .setCounter(async (_ctx, identifier) => {
      const member = await owner(identifier);
      return member ? countAcceptedFollowing(db, member.id) : null;
    })
    .setFirstCursor(async (_ctx, identifier) => ((await owner(identifier)) ? '0' : null));
}
