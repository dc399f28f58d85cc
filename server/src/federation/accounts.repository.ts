import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The two lookups of an account elsewhere as a row of `users` (ADR 0083), written once: by its URI
 * (what an activity names), and by its remote_actors id (what the fediverse calls name until that
 * table goes, step 6 of the fold).
 */

/** The row of users of the account elsewhere with this URI (its ap_id), when it is known; never a member's. */
export async function accountIdOf(db: Kysely<DB>, actorUri: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').where('ap_id', '=', actorUri).where('domain', 'is not', null).executeTakeFirst();
  return row?.id;
}

/** The account's row of users, by its remote_actors id; undefined when unknown. */
export async function accountOfActor(db: Kysely<DB>, actorId: number): Promise<number | undefined> {
  const row = await db.selectFrom('remote_actors').select('user_id').where('id', '=', actorId).executeTakeFirst();
  return row?.user_id ?? undefined;
}
