import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { RemoteActorsTable } from '../db/schema/federation.ts';

/** The SQL of remote actors and their follows (migration 0030, ADR 0068). */

/** What is kept of a remote actor, as read from it (remote_actors without its row id, time and row of users). */
export type RemoteActorFields = Omit<Selectable<RemoteActorsTable>, 'id' | 'updated_at' | 'user_id'>;

export interface RemoteFollowerRow {
  /** The follow's row: the collection's cursor. */
  id: number;
  uri: string;
  inbox: string;
  shared_inbox: string | null;
}

/**
 * Writes the actor as just read (a new row, or the one with its uri brought up to date), both as a row
 * of `users` (an account elsewhere: ADR 0083) and as remote_actors, which points at it until the fold
 * is done; resolves to both ids: its remote_actors row (`id`) and its row of users (`userId`, what
 * notifications and blocks name). One transaction (the caller's, when it is in one).
 */
export async function saveRemoteActor(db: Kysely<DB>, actor: RemoteActorFields, now: string): Promise<{ id: number; userId: number }> {
  if (!db.isTransaction) return db.transaction().execute((trx) => saveRemoteActor(trx, actor, now));
  const userId = await saveActorUser(db, actor, now);
  const row = await db
    .insertInto('remote_actors')
    .values({ ...actor, updated_at: now, user_id: userId })
    .onConflict((oc) => oc.column('uri').doUpdateSet({ ...actor, updated_at: now, user_id: userId }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, userId };
}

/** The row of users of the account elsewhere with this URI (its ap_id), when it is known. */
export async function accountIdOf(db: Kysely<DB>, actorUri: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').where('ap_id', '=', actorUri).executeTakeFirst();
  return row?.id;
}

/** The account elsewhere as a row of `users` (by its URI, ap_id): inserted, or brought up to date; resolves to its id. */
async function saveActorUser(db: Kysely<DB>, actor: RemoteActorFields, now: string): Promise<number> {
  const seen = {
    name: actor.name,
    domain: new URL(actor.uri).host,
    handle: actor.handle,
    inbox: actor.inbox,
    shared_inbox: actor.shared_inbox,
    url: actor.url,
    icon_url: actor.icon_url,
    fetched_at: now,
    updated_at: now,
  };
  const row = await db
    .insertInto('users')
    // No address, and no mail of any kind (a CHECK lets only an account elsewhere go without an address).
    .values({ ...seen, ap_id: actor.uri, email: null, email_normalized: null, notify_like: 0, notify_comment: 0, notify_follow: 0, notify_help: 0, created_at: now })
    .onConflict((oc) => oc.column('ap_id').doUpdateSet(seen))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The actor follows the member (by this Follow); a second Follow of the same pair keeps the first row
 * and takes the new Follow's id. Resolves to whether the follow is new (call it in a transaction).
 */
export async function addRemoteFollower(db: Kysely<DB>, userId: number, actorId: number, followUri: string, now: string): Promise<boolean> {
  const before = await db.selectFrom('remote_followers').select('id').where('user_id', '=', userId).where('actor_id', '=', actorId).executeTakeFirst();
  await db
    .insertInto('remote_followers')
    .values({ user_id: userId, actor_id: actorId, follow_uri: followUri, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'actor_id']).doUpdateSet({ follow_uri: followUri }))
    .execute();
  return before === undefined;
}

/**
 * Ends the actor's follows (only the actor's own): the one kept with the Follow `followUri`, of
 * whichever member (an Undo of an older Follow, since replaced by a newer one, changes nothing), or
 * the one of the member `userId`. Resolves to what ended: the member and the actor's row, for each.
 */
export async function removeRemoteFollower(db: Kysely<DB>, actorUri: string, which: { followUri: string } | { userId: number }) {
  const theActors = db.deleteFrom('remote_followers').where('actor_id', 'in', (eb) => eb.selectFrom('remote_actors').select('id').where('uri', '=', actorUri));
  const those = 'followUri' in which ? theActors.where('follow_uri', '=', which.followUri) : theActors.where('user_id', '=', which.userId);
  return those.returning(['user_id', 'actor_id']).execute();
}

/**
 * The member's remote followers, oldest first, with the addresses to deliver to: every one, or with
 * `page` those after the row `page.after` (0: from the start), `page.limit` at most.
 */
export async function listRemoteFollowers(db: Kysely<DB>, userId: number, page?: { after: number; limit: number }): Promise<RemoteFollowerRow[]> {
  return db
    .selectFrom('remote_followers')
    .innerJoin('remote_actors', 'remote_actors.id', 'remote_followers.actor_id')
    .select(['remote_followers.id', 'remote_actors.uri', 'remote_actors.inbox', 'remote_actors.shared_inbox'])
    .where('remote_followers.user_id', '=', userId)
    .$if(page !== undefined, (q) => q.where('remote_followers.id', '>', page!.after).limit(page!.limit))
    .orderBy('remote_followers.id')
    .execute();
}

export async function countRemoteFollowers(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('remote_followers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of the member's remote followers as shown on the site, newest follow first, before the row `before` (null: from the newest). */
export async function pageOfFollowersShown(db: Kysely<DB>, userId: number, before: number | null, limit: number) {
  return db
    .selectFrom('remote_followers')
    .innerJoin('remote_actors', 'remote_actors.id', 'remote_followers.actor_id')
    .select(['remote_followers.id', 'remote_actors.id as account_id', 'remote_actors.handle', 'remote_actors.name', 'remote_actors.url'])
    .where('remote_followers.user_id', '=', userId)
    .$if(before !== null, (q) => q.where('remote_followers.id', '<', before!))
    .orderBy('remote_followers.id', 'desc')
    .limit(limit)
    .execute();
}

/** Removes one row of the member's remote followers; resolves to what the Reject needs (the actor and its Follow), or undefined. */
export async function removeRemoteFollowerRow(db: Kysely<DB>, userId: number, rowId: number) {
  return db.deleteFrom('remote_followers').where('id', '=', rowId).where('user_id', '=', userId).returning(['actor_id', 'follow_uri']).executeTakeFirst();
}

/** Ends the account's follow of the member, if it follows; resolves to the Follow it held (for its Reject), or undefined. */
export async function removeRemoteFollowerOf(db: Kysely<DB>, userId: number, actorId: number) {
  return db.deleteFrom('remote_followers').where('user_id', '=', userId).where('actor_id', '=', actorId).returning(['actor_id', 'follow_uri']).executeTakeFirst();
}

/** A remote actor's kept addresses, by row id. */
export async function findRemoteAddress(db: Kysely<DB>, actorId: number) {
  return db.selectFrom('remote_actors').select(['uri', 'inbox', 'shared_inbox']).where('id', '=', actorId).executeTakeFirst();
}
