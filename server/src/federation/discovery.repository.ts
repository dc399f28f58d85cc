import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { isMember } from '../db/shared.repository.ts';

/** The SQL of discovery (ADR 0067): who is an actor, and NodeInfo's counts. */

export interface ActorRow {
  id: number;
  name: string | null;
  username: string | null;
  bio: string | null;
  profile_picture: string | null;
  deactivated_at: string | null;
}

/**
 * The member behind an actor, deactivated or not; undefined when there is none. Members only
 * (`isMember()`): an account of another server is never
 * served as one of ours, with our keys.
 */
export async function findActorMember(db: Kysely<DB>, id: number): Promise<ActorRow | undefined> {
  return db.selectFrom('users').select(['id', 'name', 'username', 'bio', 'profile_picture', 'deactivated_at']).where('id', '=', id).where(isMember()).executeTakeFirst();
}

/** The id of the member with this username (stored in lower case, so asked in lower case), deactivated or not; members only. */
export async function findIdByUsername(db: Kysely<DB>, username: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').where('username', '=', username.toLowerCase()).where(isMember()).executeTakeFirst();
  return row?.id;
}

/** NodeInfo's usage: members not deactivated (no account elsewhere), and the published posts and the comments of those members. */
export async function countUsage(db: Kysely<DB>): Promise<{ users: number; posts: number; comments: number }> {
  const by = (table: 'posts' | 'comments') =>
    db
      .selectFrom(table)
      .innerJoin('users', 'users.id', `${table}.user_id`)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('users.deactivated_at', 'is', null)
      .where(isMember('users'))
      .executeTakeFirstOrThrow();
  const [users, posts, comments] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('deactivated_at', 'is', null)
      .where(isMember())
      .executeTakeFirstOrThrow(),
    by('posts'),
    by('comments'),
  ]);
  return { users: Number(users.n), posts: Number(posts.n), comments: Number(comments.n) };
}
