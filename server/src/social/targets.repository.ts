import type { ExpressionBuilder, Kysely } from 'kysely';
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

/** The name of `actorId`, as a column of a read about something else: one round trip instead of two. */
const nameOf = (eb: ExpressionBuilder<DB, keyof DB>, actorId: number) =>
  eb.selectFrom('users as actor').select('actor.name').where('actor.id', '=', actorId).$asScalar().as('actor_name');

/** The post, with the name of the member acting on it (for the notification's text), in one read. */
export function findPostFor(db: Kysely<DB>, postId: number, actorId: number): Promise<(PostTarget & { ap_id: string | null; actor_name: string | null }) | undefined> {
  return db
    .selectFrom('posts')
    .select((eb) => ['posts.id', 'posts.user_id', 'posts.title', 'posts.ap_id', nameOf(eb, actorId)])
    .where('posts.id', '=', postId)
    .executeTakeFirst();
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

/** Whose lists are read: a member or an account elsewhere (its followers and whom it follows here, ADR 0085); deactivated members count as missing. */
export function findActiveUser(db: Kysely<DB>, userId: number): Promise<UserTarget | undefined> {
  return db.selectFrom('users').select(['id', 'name', 'followers_count']).where('id', '=', userId).where('deactivated_at', 'is', null).executeTakeFirst();
}

/** Anyone a member may block: a member (deactivated: missing) or an account elsewhere (ADR 0083: one graph), with its domain (null: a member). */
export function findBlockTarget(db: Kysely<DB>, userId: number): Promise<{ id: number; domain: string | null } | undefined> {
  return db.selectFrom('users').select(['id', 'domain']).where('id', '=', userId).where('deactivated_at', 'is', null).executeTakeFirst();
}

/** Whether either of two members blocked the other, as a follow of `followerId`'s would ask. */
export interface FollowBlocks {
  /** The member to be followed blocked the follower. */
  blocked_follower: number | boolean;
  /** The follower blocked the member to be followed. */
  follower_blocked: number | boolean;
}

/**
 * The member or account elsewhere `followerId` follows or unfollows (deactivated: missing), with its
 * domain and handle (null for a member), the follower's name and the blocks between the two, in one
 * read (they were four).
 */
export function findFollowTarget(
  db: Kysely<DB>,
  followId: number,
  followerId: number,
): Promise<(UserTarget & FollowBlocks & { actor_name: string | null; domain: string | null; handle: string | null }) | undefined> {
  const blocked = (eb: ExpressionBuilder<DB, 'users'>, blocker: number, blockedId: number) =>
    eb.exists(eb.selectFrom('blocks').select('blocks.blocker_id').where('blocks.blocker_id', '=', blocker).where('blocks.blocked_id', '=', blockedId));
  return db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      'users.name',
      'users.followers_count',
      'users.domain',
      'users.handle',
      nameOf(eb, followerId),
      blocked(eb, followId, followerId).as('blocked_follower'),
      blocked(eb, followerId, followId).as('follower_blocked'),
    ])
    .where('users.id', '=', followId)
    .where('users.deactivated_at', 'is', null)
    .executeTakeFirst();
}

export async function findUserName(db: Kysely<DB>, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name ?? null;
}
