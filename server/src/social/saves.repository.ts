import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export async function insertSave(db: Kysely<DB>, userId: number, postId: number, now: string): Promise<void> {
  await db
    .insertInto('saves')
    .values({ user_id: userId, post_id: postId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
    .execute();
}

/** true when this call removed the save. */
export async function deleteSave(db: Kysely<DB>, userId: number, postId: number): Promise<boolean> {
  const row = await db.deleteFrom('saves').where('user_id', '=', userId).where('post_id', '=', postId).returning('post_id').executeTakeFirst();
  return row !== undefined;
}
