import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Whether the member blocked the account elsewhere with this actor uri (a row of `blocks` of its row of users: ADR 0083). */
export async function hasBlockedRemote(db: Kysely<DB>, userId: number, actorUri: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .select('b.blocker_id')
    .where('b.blocker_id', '=', userId)
    .where('u.ap_id', '=', actorUri)
    .executeTakeFirst();
  return row !== undefined;
}
