import type { Kysely, NotNull } from 'kysely';
import { addToFollowCounts } from '../db/follow-counts.repository.ts';
import type { DB } from '../db/schema.ts';
import { accountIdOf } from './accounts.repository.ts';

/**
 * The SQL of the accounts of other servers members follow (ADR 0083, migration 0050): one waiting for
 * its Accept is a row of follow_requests, an accepted one a row of follows (counted like a member's
 * follow), both with the Follow's id. The ordinary follow call writes and ends them
 * (social/follows.repository.ts, db/follow-state.repository.ts, ADR 0085); what is here is the
 * federation's part: the Follow's id, its server's answer, the lists.
 */

/** The id of the Follow of the member's request to follow the account (null: not given yet), or undefined when there is no request (accepted since, or taken back). */
export async function requestActivity(db: Kysely<DB>, userId: number, accountId: number): Promise<string | null | undefined> {
  const asked = await db.selectFrom('follow_requests').select('activity_id').where('follower_id', '=', userId).where('followed_id', '=', accountId).executeTakeFirst();
  return asked?.activity_id;
}

/** Gives the member's request its Follow's id (in the transaction that asked: migration 0059). */
export async function setRequestActivity(db: Kysely<DB>, userId: number, accountId: number, followUri: string): Promise<void> {
  await db.updateTable('follow_requests').set({ activity_id: followUri }).where('follower_id', '=', userId).where('followed_id', '=', accountId).execute();
}

/** The account `actorUri` accepted the Follow `followUri`: the request becomes a follow, counted; resolves to whether one did. */
export async function acceptFollowing(db: Kysely<DB>, followUri: string, actorUri: string, now: string): Promise<boolean> {
  if (!db.isTransaction) return db.transaction().execute((trx) => acceptFollowing(trx, followUri, actorUri, now));
  const accountId = await accountIdOf(db, actorUri);
  if (accountId === undefined) return false;
  const asked = await db.deleteFrom('follow_requests').where('activity_id', '=', followUri).where('followed_id', '=', accountId).returning('follower_id').executeTakeFirst();
  if (!asked) return false;
  const made = await db
    .insertInto('follows')
    .values({ follower_id: asked.follower_id, following_id: accountId, created_at: now, activity_id: followUri })
    .onConflict((oc) => oc.columns(['follower_id', 'following_id']).doNothing())
    .returning('follower_id')
    .executeTakeFirst();
  if (made) await addToFollowCounts(db, asked.follower_id, accountId, 1);
  return made !== undefined;
}

/** The account `actorUri` rejected (or ended) the Follow `followUri`: the follow, waiting or accepted, is no more. */
export async function rejectFollowing(db: Kysely<DB>, followUri: string, actorUri: string): Promise<boolean> {
  if (!db.isTransaction) return db.transaction().execute((trx) => rejectFollowing(trx, followUri, actorUri));
  const accountId = await accountIdOf(db, actorUri);
  if (accountId === undefined) return false;
  const asked = await db.deleteFrom('follow_requests').where('activity_id', '=', followUri).where('followed_id', '=', accountId).returning('follower_id').executeTakeFirst();
  if (asked) return true;
  const ended = await db.deleteFrom('follows').where('activity_id', '=', followUri).where('following_id', '=', accountId).returning('follower_id').executeTakeFirst();
  if (!ended) return false;
  await addToFollowCounts(db, ended.follower_id, accountId, -1);
  return true;
}

/** The member's follows of accounts elsewhere (accepted): rows of follows to rows of users with a domain. */
function followedElsewhere(db: Kysely<DB>, userId: number) {
  return db.selectFrom('follows as f').innerJoin('users as u', 'u.id', 'f.following_id').where('f.follower_id', '=', userId).where('u.domain', 'is not', null);
}

/**
 * The accounts the member follows, accepted, in the order of their rows of users (the following
 * collection): every one, or with `page` those after the account `page.after`, `page.limit` at most.
 */
export function acceptedFollowing(db: Kysely<DB>, userId: number, page?: { after: number; limit: number }) {
  return followedElsewhere(db, userId)
    .select(['f.following_id as id', 'u.ap_id as uri'])
    .$narrowType<{ uri: NotNull }>()
    .$if(page !== undefined, (q) => q.where('f.following_id', '>', page!.after).limit(page!.limit))
    .orderBy('f.following_id')
    .execute();
}

export async function countAcceptedFollowing(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await followedElsewhere(db, userId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
