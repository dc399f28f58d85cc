import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('deactivated_at', 'is', null).executeTakeFirst();
}

/** The ids of the posts a user saved, newest save first. */
export async function listSavedPostIds(db: Db, userId: number): Promise<Array<{ post_id: number }>> {
  return db.selectFrom('saves').select('post_id').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('post_id', 'desc').execute();
}
