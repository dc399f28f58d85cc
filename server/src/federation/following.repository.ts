import type { Kysely, NotNull } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The SQL of the accounts of other servers members follow (ADR 0083, migration 0050): one waiting for
 * its Accept is a row of follow_requests, an accepted one a row of follows (counted like a member's
 * follow), both with the Follow's id. The ordinary follow call writes and ends them
 * (social/follows.repository.ts, db/follow-state.repository.ts, ADR 0085), and its server's answer
 * too (ADR 0086); what is here is the federation's part: the Follow's id and the lists.
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
