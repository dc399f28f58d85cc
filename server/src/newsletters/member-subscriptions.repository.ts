import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The member's own row on a writer's list: by their address now, or by their account (an address changed since). */
function ownRow(db: Db, writerId: number, memberId: number, email: string) {
  return db
    .selectFrom('newsletter_subscribers')
    .where('writer_id', '=', writerId)
    .where((eb) => eb.or([eb('email', '=', email), eb('member_id', '=', memberId)]));
}

/** Whether the member's own address is on the writer's list and getting (or about to get) the stories. */
export async function ownStatus(db: Db, writerId: number, memberId: number, email: string): Promise<'confirmed' | 'pending' | null> {
  const rows = await ownRow(db, writerId, memberId, email).select('status').where('status', 'in', ['confirmed', 'pending']).execute();
  return rows.some((r) => r.status === 'confirmed') ? 'confirmed' : rows.length > 0 ? 'pending' : null;
}

/** The member takes their own address off the writer's list (confirmed or waiting): unsubscribed. True when it was on it. */
export async function endOwn(db: Db, writerId: number, memberId: number, email: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'unsubscribed', ended_at: now })
    .where('writer_id', '=', writerId)
    .where((eb) => eb.or([eb('email', '=', email), eb('member_id', '=', memberId)]))
    .where('status', 'in', ['confirmed', 'pending'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The writers the member follows (active ones), newest follow first below a (followed at, writer id)
 * keyset cursor, each with the state of the member's own address on their list: `limit` rows.
 */
export function followedWriters(db: Db, memberId: number, email: string, before: { at: string; id: number } | null, limit: number) {
  return db
    .selectFrom('follows as f')
    .innerJoin('users as u', 'u.id', 'f.following_id')
    .select((eb) => [
      'u.id',
      'u.name',
      'u.username',
      'u.profile_picture',
      'f.created_at as followed_at',
      eb
        .selectFrom('newsletter_subscribers as s')
        .select((x) => x.fn.min('s.status').as('status'))
        .whereRef('s.writer_id', '=', 'u.id')
        .where((x) => x.or([x('s.email', '=', email), x('s.member_id', '=', memberId)]))
        .where('s.status', 'in', ['confirmed', 'pending'])
        .as('email_status'),
    ])
    .where('f.follower_id', '=', memberId)
    .where('u.deactivated_at', 'is', null)
    .$if(before !== null, (q) => q.where((eb) => eb(eb.refTuple('f.created_at', 'f.following_id'), '<', eb.tuple(before!.at, before!.id))))
    .orderBy('f.created_at', 'desc')
    .orderBy('f.following_id', 'desc')
    .limit(limit)
    .execute();
}
