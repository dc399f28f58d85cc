import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { LISTED_COLUMNS } from './blocks.repository.ts';

/** A writer's bans from commenting on their stories (ADR 0116): rows of comment_bans. */

/** Bans the reader; whether it was new. */
export async function addBan(db: Kysely<DB>, writerId: number, readerId: number, now: string): Promise<boolean> {
  const done = await db
    .insertInto('comment_bans')
    .values({ writer_id: writerId, reader_id: readerId, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(done.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Lifts the ban; whether there was one. */
export async function removeBan(db: Kysely<DB>, writerId: number, readerId: number): Promise<boolean> {
  const done = await db.deleteFrom('comment_bans').where('writer_id', '=', writerId).where('reader_id', '=', readerId).executeTakeFirst();
  return Number(done.numDeletedRows) > 0;
}

/** Whom the writer banned, most recent first: members and accounts elsewhere alike, as a list shows them. */
export function bannedReaders(db: Kysely<DB>, writerId: number) {
  return db
    .selectFrom('comment_bans as b')
    .innerJoin('users as u', 'u.id', 'b.reader_id')
    .select(LISTED_COLUMNS)
    .where('b.writer_id', '=', writerId)
    .orderBy('b.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .execute();
}
