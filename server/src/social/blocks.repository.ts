import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

/** true when this call created the block. */
export async function insertBlock(db: Kysely<DB>, blockerId: number, blockedId: number, now: string): Promise<boolean> {
  const row = await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .returning('blocker_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteBlock(db: Kysely<DB>, blockerId: number, blockedId: number): Promise<void> {
  await db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
}

/** true when `blockerId` blocked `blockedId`. */
export async function hasBlocked(db: Kysely<DB>, blockerId: number, blockedId: number): Promise<boolean> {
  const row = await db.selectFrom('blocks').select('blocker_id').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).executeTakeFirst();
  return row !== undefined;
}

/** What a list of people shows of each (users aliased `u`): whom one blocked, whom one banned (comment-bans.repository.ts). */
export const LISTED_COLUMNS = ['u.id', 'u.name', 'u.profile_picture', 'u.domain', 'u.handle', 'u.icon_url', 'u.url as profile_url'] as const;

/**
 * Whom a member blocked, most recent first, with what a list shows of each: members and accounts
 * elsewhere alike (rows of `blocks` both, ADR 0083), an account elsewhere with its handle, picture
 * there and profile page (`domain` set).
 */
export function blockedUsers(db: Kysely<DB>, blockerId: number) {
  return db
    .selectFrom('blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .select(LISTED_COLUMNS)
    .where('b.blocker_id', '=', blockerId)
    .orderBy('b.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .execute();
}

/** The ids a member blocked (prepared: read on every signed-in page of a feed, then cached). */
export async function blockedIds(database: Database, blockerId: number): Promise<number[]> {
  const rows = await database.all<{ blocked_id: number }>('SELECT blocked_id FROM blocks WHERE blocker_id = ?', [blockerId]);
  return rows.map((r) => r.blocked_id);
}
