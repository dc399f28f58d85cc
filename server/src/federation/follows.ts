import { randomUUID } from 'node:crypto';
import type { Federation, InboxContext, InboxListenerSetters } from '@fedify/fedify';
import { Accept, Follow, Reject } from '@fedify/vocab';
import type { Database } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { federatingMember } from './actor-member.ts';
import { isBlockedAddress } from './domain-blocks.ts';
import { addRemoteFollower, countRemoteFollowers, listRemoteFollowers, removeRemoteFollower, saveRemoteActor } from './followers.repository.ts';
import { displayName, recipientOf, senderOf } from './remote-actor.ts';
import { acceptedFollowing, countAcceptedFollowing } from './following.repository.ts';
import { blockedBy } from './remote-blocks.ts';
import { noticeText, notify } from '../notify/notify.ts';

/** Followers on one page of the followers collection. */
export const FOLLOWERS_PAGE_SIZE = 50;

interface Logger {
  info(obj: object, msg: string): void;
}

/** The member a Follow is for: one of our member actors, there and not deactivated; else undefined. */
async function followedMember(ctx: InboxContext<void>, database: Database, object: URL | null) {
  const target = object ? ctx.parseUri(object) : null;
  if (target?.type !== 'actor') return undefined;
  const member = await federatingMember(database, target.identifier);
  return member ? { member, identifier: target.identifier } : undefined;
}

/**
 * Follows from the fediverse (ADR 0068). A `Follow` of a member is accepted at once: the follower is
 * kept (the account a row of users, its follow a row of follows: ADR 0083) and a signed `Accept` is queued to its inbox (its `Undo`:
 * undo.ts, undoFollow). Fedify has checked the signature, and that its signer is the
 * activity's actor, before a listener runs; anything else (a Follow of nobody, of a deactivated
 * member, of a remote actor, by an actor with no inbox or of a blocked server) changes nothing, and
 * one by an account the member blocked (remote-blocks.ts) is answered with a signed `Reject`.
 * `wrote` drops the cached pages that show the member's count of fediverse followers.
 */
export function listenForFollows(inbox: InboxListenerSetters<void>, database: Database, log: Logger, wrote: () => Promise<void>): InboxListenerSetters<void> {
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
    if (await blockedBy(database, followed.member.id, follow.actorId)) {
      // Blocked by the member: refused, as Mastodon refuses one, with a signed Reject.
      await ctx.sendActivity({ identifier: followed.identifier }, follower, new Reject({ id: new URL(`#rejects/${randomUUID()}`, me), actor: me, object: follow }));
      return;
    }
    const now = nowIso();
    const followUri = follow.id.href;
    await db.transaction().execute(async (trx) => {
      const actor = await saveRemoteActor(trx, fields, now);
      // Told once: a Follow sent again (servers do) changes nothing the member sees.
      if (await addRemoteFollower(trx, followed.member.id, actor.userId, followUri, now)) {
        await notify.fediverse.follow(trx, followed.member.id, actor.userId, noticeText.fediverseFollow(displayName(fields)), now);
      }
    });
    await wrote();
    await ctx.sendActivity({ identifier: followed.identifier }, follower, new Accept({ id: new URL(`#accepts/${randomUUID()}`, me), actor: me, object: follow }));
    log.info({ follower: fields.uri, member: followed.member.id }, 'a fediverse account follows a member');
  });
}

/**
 * Undo of a Follow (undo.ts, which checked the Follow is `actor`'s where it names an actor): ends the
 * follow kept with the Follow's id, when it is `actor`'s own (the Undo's actor, whose signature
 * Fedify verified); a Follow without an id names instead the member it followed.
 */
export async function undoFollow(
  ctx: InboxContext<void>,
  database: Database,
  log: Logger,
  wrote: () => Promise<void>,
  actor: URL,
  follow: { id: URL | null; objectId: URL | null },
): Promise<void> {
  const followed = follow.id ? undefined : await followedMember(ctx, database, follow.objectId);
  const which = follow.id ? { followUri: follow.id.href } : followed ? { userId: followed.member.id } : undefined;
  if (!which) return;
  const ended = await database.db.transaction().execute(async (trx) => {
    const rows = await removeRemoteFollower(trx, actor.href, which);
    for (const row of rows) await notify.fediverse.unfollow(trx, row.user_id, row.account_id);
    return rows;
  });
  if (ended.length === 0) return;
  await wrote();
  for (const row of ended) log.info({ follower: actor.href, member: row.user_id }, 'a fediverse account stopped following a member');
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
