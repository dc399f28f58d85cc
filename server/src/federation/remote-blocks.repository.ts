import type { Kysely, NotNull } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The SQL of members' blocks of accounts of other servers: rows of `blocks` like any other (migration
 * 0047, ADR 0083), the account named by its row of users.
 */

/** Resolves to whether this call made the block. */
export async function insertRemoteBlock(db: Kysely<DB>, userId: number, accountId: number, now: string): Promise<boolean> {
  const row = await db
    .insertInto('blocks')
    .values({ blocker_id: userId, blocked_id: accountId, created_at: now })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .returning('blocked_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteRemoteBlock(db: Kysely<DB>, userId: number, accountId: number): Promise<void> {
  await db.deleteFrom('blocks').where('blocker_id', '=', userId).where('blocked_id', '=', accountId).execute();
}

/** Whether the member blocked the account with this actor uri. */
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

/** The accounts elsewhere the member blocked, most recent first, as the site shows them (by their rows of users). */
export function listRemoteBlocks(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .select(['u.id', 'u.handle', 'u.name', 'u.url'])
    .where('b.blocker_id', '=', userId)
    .where('u.domain', 'is not', null)
    .$narrowType<{ handle: NotNull }>()
    .orderBy('b.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .execute();
}
