import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The SQL of the accounts of other servers members blocked (migration 0037). */

/** Resolves to whether this call made the block. */
export async function insertRemoteBlock(db: Kysely<DB>, userId: number, actorId: number, now: string): Promise<boolean> {
  const row = await db
    .insertInto('remote_blocks')
    .values({ user_id: userId, actor_id: actorId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'actor_id']).doNothing())
    .returning('actor_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteRemoteBlock(db: Kysely<DB>, userId: number, actorId: number): Promise<void> {
  await db.deleteFrom('remote_blocks').where('user_id', '=', userId).where('actor_id', '=', actorId).execute();
}

/** Whether the member blocked the account with this actor uri. */
export async function hasBlockedRemote(db: Kysely<DB>, userId: number, actorUri: string): Promise<boolean> {
  const row = await db
    .selectFrom('remote_blocks')
    .innerJoin('remote_actors', 'remote_actors.id', 'remote_blocks.actor_id')
    .select('remote_blocks.user_id')
    .where('remote_blocks.user_id', '=', userId)
    .where('remote_actors.uri', '=', actorUri)
    .executeTakeFirst();
  return row !== undefined;
}

/** The accounts the member blocked, most recent first, as the site shows them. */
export function listRemoteBlocks(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('remote_blocks')
    .innerJoin('remote_actors', 'remote_actors.id', 'remote_blocks.actor_id')
    .select(['remote_actors.id', 'remote_actors.handle', 'remote_actors.name', 'remote_actors.url'])
    .where('remote_blocks.user_id', '=', userId)
    .orderBy('remote_blocks.created_at', 'desc')
    .orderBy('remote_actors.id', 'desc')
    .execute();
}

/** Whether a remote account with this row id is kept. */
export async function remoteActorExists(db: Kysely<DB>, actorId: number): Promise<boolean> {
  return (await db.selectFrom('remote_actors').select('id').where('id', '=', actorId).executeTakeFirst()) !== undefined;
}
