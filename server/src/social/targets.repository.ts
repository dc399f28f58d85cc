import type { Kysely } from 'kysely';
import { isPostgres } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

/** The posts and users that social calls act on. */
export interface PostTarget {
  id: number;
  user_id: number;
  title: string;
}

export interface UserTarget {
  id: number;
  name: string | null;
  followers_count: number;
}


export function findPost(db: Kysely<DB>, postId: number): Promise<PostTarget | undefined> {
  return db.selectFrom('posts').select(['id', 'user_id', 'title']).where('id', '=', postId).executeTakeFirst();
}

/**
 * The post, row-locked until the transaction ends (PostgreSQL; SQLite runs one writer at a time):
 * comment and reply writes of one post take turns, so their counts never race.
 */
export function lockPost(trx: Kysely<DB>, postId: number): Promise<PostTarget | undefined> {
  return trx
    .selectFrom('posts')
    .select(['id', 'user_id', 'title'])
    .where('id', '=', postId)
    .$if(isPostgres(trx), (qb) => qb.forNoKeyUpdate())
    .executeTakeFirst();
}

/** A user who can be followed: deactivated accounts count as missing. */
export function findActiveUser(db: Kysely<DB>, userId: number): Promise<UserTarget | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'followers_count'])
    .where('id', '=', userId)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
}

export async function findUserName(db: Kysely<DB>, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name ?? null;
}
