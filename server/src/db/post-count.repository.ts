import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/* The counter a post moves, for a member's post (posts/) and a story of an account elsewhere (federation/) alike (ADR 0080). */

/** Moves the writer's users.post_count by one, up or down, in the caller's transaction. */
export async function addToPostCount(db: Kysely<DB>, userId: number, delta: 1 | -1): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ post_count: delta > 0 ? eb('post_count', '+', 1) : eb('post_count', '-', 1) }))
    .where('id', '=', userId)
    .execute();
}
