import type { Kysely, Transaction, Updateable } from 'kysely';
import type { DB, UsersTable } from '../db/schema.ts';
import { type MemberAddress, isMember } from '../db/shared.repository.ts';

type Db = Kysely<DB> | Transaction<DB>;

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('deactivated_at', 'is', null).where(isMember()).$narrowType<MemberAddress>().executeTakeFirst();
}

/** Whom a profile page shows: a member (deactivated: missing) or an account elsewhere (its row of users, `domain` set: ADR 0085). */
export function findProfileById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('deactivated_at', 'is', null).executeTakeFirst();
}

/** Writes the given columns of a member's row. */
export async function updateUser(db: Db, id: number, set: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(set).where('id', '=', id).execute();
}

/** The ids of the posts a user saved, newest save first. */
export async function listSavedPostIds(db: Db, userId: number): Promise<Array<{ post_id: number }>> {
  return db.selectFrom('saves').select('post_id').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('post_id', 'desc').execute();
}
