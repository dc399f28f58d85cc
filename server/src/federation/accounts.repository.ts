import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The lookup of an account elsewhere as a row of `users` (ADR 0083) by its URI (what an activity names), written once. */

/** The row of users of the account elsewhere with this URI (its ap_id), as a query to run or to use as a subquery; never a member's. */
export const accountOfUri = (db: Kysely<DB>, actorUri: string) => db.selectFrom('users').select('id').where('ap_id', '=', actorUri).where('domain', 'is not', null);

/** The row of users of the account elsewhere with this URI (its ap_id), when it is known; never a member's. */
export async function accountIdOf(db: Kysely<DB>, actorUri: string): Promise<number | undefined> {
  return (await accountOfUri(db, actorUri).executeTakeFirst())?.id;
}
