import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { isMember } from '../db/shared.repository.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** A list row that is the member's own: by their address now, or by their account (an address changed since). */
const isOwn = (email: string, memberId: number) => (eb: ExpressionBuilder<DB, 'newsletter_subscribers'>) =>
  eb.or([eb('newsletter_subscribers.email', '=', email), eb('newsletter_subscribers.member_id', '=', memberId)]);

/** The member's own rows on a writer's list. */
function ownRow(db: Db, writerId: number, memberId: number, email: string) {
  return db.selectFrom('newsletter_subscribers').where('writer_id', '=', writerId).where(isOwn(email, memberId));
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
    .where(isOwn(email, memberId))
    .where('status', 'in', ['confirmed', 'pending'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The writers the member follows (active members of this server), newest follow first below a (followed at, writer id)
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
        .selectFrom('newsletter_subscribers')
        .select((x) => x.fn.min('newsletter_subscribers.status').as('status'))
        .whereRef('newsletter_subscribers.writer_id', '=', 'u.id')
        .where(isOwn(email, memberId))
        .where('newsletter_subscribers.status', 'in', ['confirmed', 'pending'])
        .as('email_status'),
    ])
    .where('f.follower_id', '=', memberId)
    .where('u.deactivated_at', 'is', null)
    .where(isMember('u'))
    .$if(before !== null, (q) => q.where((eb) => eb(eb.refTuple('f.created_at', 'f.following_id'), '<', eb.tuple(before!.at, before!.id))))
    .orderBy('f.created_at', 'desc')
    .orderBy('f.following_id', 'desc')
    .limit(limit)
    .execute();
}
