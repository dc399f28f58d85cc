import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The SQL of the accounts of other servers members follow (migration 0038). */

/**
 * The member follows the account by the Follow `followUri`, pending its Accept; a follow already there
 * (pending or accepted) is kept as it is. Resolves to the row as it stands.
 */
export async function addFollowing(db: Kysely<DB>, userId: number, actorId: number, followUri: string, now: string) {
  await db
    .insertInto('remote_following')
    .values({ user_id: userId, actor_id: actorId, follow_uri: followUri, state: 'pending', created_at: now, accepted_at: null })
    .onConflict((oc) => oc.columns(['user_id', 'actor_id']).doNothing())
    .execute();
  return db.selectFrom('remote_following').select(['follow_uri', 'state']).where('user_id', '=', userId).where('actor_id', '=', actorId).executeTakeFirstOrThrow();
}

/** Ends the member's follow of the account; resolves to the Follow it held (for its Undo), or undefined. */
export async function removeFollowing(db: Kysely<DB>, userId: number, actorId: number) {
  return db.deleteFrom('remote_following').where('user_id', '=', userId).where('actor_id', '=', actorId).returning(['follow_uri']).executeTakeFirst();
}

/** The account `actorUri` accepted the Follow `followUri`; resolves to whether a pending follow became accepted. */
export async function acceptFollowing(db: Kysely<DB>, followUri: string, actorUri: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('remote_following')
    .set({ state: 'accepted', accepted_at: now })
    .where('follow_uri', '=', followUri)
    .where('state', '=', 'pending')
    .where('actor_id', 'in', (eb) => eb.selectFrom('remote_actors').select('id').where('uri', '=', actorUri))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The account `actorUri` rejected (or ended) the Follow `followUri`: the follow is no more. */
export async function rejectFollowing(db: Kysely<DB>, followUri: string, actorUri: string): Promise<boolean> {
  const result = await db
    .deleteFrom('remote_following')
    .where('follow_uri', '=', followUri)
    .where('actor_id', 'in', (eb) => eb.selectFrom('remote_actors').select('id').where('uri', '=', actorUri))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The accounts the member follows (or asked to), newest first, as the site shows them. */
export function listFollowing(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('remote_following as f')
    .innerJoin('remote_actors as a', 'a.id', 'f.actor_id')
    .select(['a.id as account_id', 'a.handle', 'a.name', 'a.url', 'f.state'])
    .where('f.user_id', '=', userId)
    .orderBy('f.id', 'desc')
    .execute();
}

/**
 * The accounts the member follows, accepted, oldest first (the following collection): every one, or
 * with `page` those after the row `page.after`, `page.limit` at most.
 */
export function acceptedFollowing(db: Kysely<DB>, userId: number, page?: { after: number; limit: number }) {
  return db
    .selectFrom('remote_following as f')
    .innerJoin('remote_actors as a', 'a.id', 'f.actor_id')
    .select(['f.id', 'a.uri'])
    .where('f.user_id', '=', userId)
    .where('f.state', '=', 'accepted')
    .$if(page !== undefined, (q) => q.where('f.id', '>', page!.after).limit(page!.limit))
    .orderBy('f.id')
    .execute();
}

export async function countAcceptedFollowing(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('remote_following')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('state', '=', 'accepted')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
