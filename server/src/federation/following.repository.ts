import type { Kysely, NotNull } from 'kysely';
import { addToFollowCounts } from '../db/follow-counts.repository.ts';
import type { DB } from '../db/schema.ts';
import { accountIdOf } from './accounts.repository.ts';

/**
 * The SQL of the accounts of other servers members follow (ADR 0083, migration 0050): one waiting for
 * its Accept is a row of follow_requests, an accepted one a row of follows (counted like a member's
 * follow), both with the Follow's id. The fediverse calls name an account by its row of users.
 */

type FollowState = 'pending' | 'accepted';

/** The member's follow of the account as it stands: accepted (a row of follows) or waiting (a request). */
async function followOf(db: Kysely<DB>, userId: number, accountId: number): Promise<{ follow_uri: string; state: FollowState } | undefined> {
  const accepted = await db.selectFrom('follows').select('activity_id').where('follower_id', '=', userId).where('following_id', '=', accountId).executeTakeFirst();
  if (accepted) return { follow_uri: accepted.activity_id ?? '', state: 'accepted' };
  const asked = await db.selectFrom('follow_requests').select('activity_id').where('follower_id', '=', userId).where('followed_id', '=', accountId).executeTakeFirst();
  return asked ? { follow_uri: asked.activity_id, state: 'pending' } : undefined;
}

/**
 * The member follows the account (its row of users) by the Follow `followUri`, pending its Accept; a
 * follow already there (pending or accepted) is kept as it is. Resolves to the follow as it stands.
 */
export async function addFollowing(db: Kysely<DB>, userId: number, accountId: number, followUri: string, now: string): Promise<{ follow_uri: string; state: FollowState }> {
  const before = await followOf(db, userId, accountId);
  if (before) return before;
  await db
    .insertInto('follow_requests')
    .values({ follower_id: userId, followed_id: accountId, activity_id: followUri, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return (await followOf(db, userId, accountId))!;
}

/** Ends the member's follow of the account (its row of users), accepted or waiting; resolves to the Follow it held (for its Undo), or undefined. */
export async function removeFollowing(db: Kysely<DB>, userId: number, accountId: number): Promise<{ follow_uri: string } | undefined> {
  const asked = await db.deleteFrom('follow_requests').where('follower_id', '=', userId).where('followed_id', '=', accountId).returning('activity_id').executeTakeFirst();
  if (asked) return { follow_uri: asked.activity_id };
  const accepted = await db.deleteFrom('follows').where('follower_id', '=', userId).where('following_id', '=', accountId).returning('activity_id').executeTakeFirst();
  if (!accepted) return undefined;
  await addToFollowCounts(db, userId, accountId, -1);
  return { follow_uri: accepted.activity_id ?? '' };
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

/** The accounts the member follows (or asked to), newest first, as the site shows them (by their rows of users). */
export async function listFollowing(db: Kysely<DB>, userId: number) {
  const [accepted, asked] = await Promise.all([
    db
      .selectFrom('follows as f')
      .innerJoin('users as a', 'a.id', 'f.following_id')
      .select(['a.id as account_id', 'a.handle', 'a.name', 'a.url', 'f.created_at'])
      .where('f.follower_id', '=', userId)
      .where('a.domain', 'is not', null)
      .$narrowType<{ handle: NotNull }>()
      .execute(),
    db
      .selectFrom('follow_requests as r')
      .innerJoin('users as a', 'a.id', 'r.followed_id')
      .select(['a.id as account_id', 'a.handle', 'a.name', 'a.url', 'r.created_at'])
      .where('r.follower_id', '=', userId)
      .$narrowType<{ handle: NotNull }>()
      .execute(),
  ]);
  return [...accepted.map((row) => ({ ...row, state: 'accepted' as const })), ...asked.map((row) => ({ ...row, state: 'pending' as const }))]
    .sort((a, b) => (a.created_at === b.created_at ? b.account_id - a.account_id : a.created_at < b.created_at ? 1 : -1))
    .map(({ created_at: _at, ...row }) => row);
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
