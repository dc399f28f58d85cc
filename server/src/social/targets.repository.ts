import type { CommentsFrom } from '@inkwell/contract';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { unheardBy } from '../db/shared.repository.ts';
import { truthy } from '../lib/post-card.ts';

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

/** Who acts, as a notification names them (notify.ts noticesBy): a member (`domain` null) or an account elsewhere. */
export interface Teller {
  name: string | null;
  handle: string | null;
  domain: string | null;
  /** Limited by the moderators, and not followed by the one to be told (ADR 0111): not told. */
  unheard?: boolean;
}

/** The post, with who acts on it (a member or an account elsewhere: for the notification's text, notify.ts noticesBy), in one read. */
export function findPostFor(db: Kysely<DB>, postId: number, actorId: number): Promise<(PostTarget & { ap_id: string | null; actor: Teller }) | undefined> {
  return db
    .selectFrom('posts')
    .innerJoin('users as actor', (join) => join.on('actor.id', '=', actorId))
    .select(['posts.id', 'posts.user_id', 'posts.title', 'posts.ap_id', 'actor.name', 'actor.handle', 'actor.domain', unheardBy(sql.ref('posts.user_id')).as('unheard')])
    .where('posts.id', '=', postId)
    .executeTakeFirst()
    .then(
      (row) =>
        row && {
          id: row.id,
          user_id: row.user_id,
          title: row.title,
          ap_id: row.ap_id,
          actor: { name: row.name, handle: row.handle, domain: row.domain, unheard: truthy(row.unheard) },
        },
    );
}

/**
 * The post, row-locked until the transaction ends (PostgreSQL; SQLite runs one writer at a time):
 * comment and reply writes of one post take turns, so their counts never race.
 */
export function lockPost(trx: Kysely<DB>, postId: number): Promise<(PostTarget & { comments_from: CommentsFrom }) | undefined> {
  return trx
    .selectFrom('posts')
    .select(['id', 'user_id', 'title', 'comments_from'])
    .where('id', '=', postId)
    .$if(isPostgres(trx), (qb) => qb.forNoKeyUpdate())
    .executeTakeFirst();
}

/**
 * Anyone a member may follow, block or read the lists of: a member (deactivated: missing) or an
 * account elsewhere (ADR 0083, 0085: one graph), with its domain (null: a member) and followers count.
 */
export function findActiveUser(db: Kysely<DB>, userId: number): Promise<(UserTarget & { domain: string | null }) | undefined> {
  return db.selectFrom('users').select(['id', 'name', 'followers_count', 'domain']).where('id', '=', userId).where('deactivated_at', 'is', null).executeTakeFirst();
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
): Promise<(UserTarget & FollowBlocks & { actor: Teller; domain: string | null; handle: string | null }) | undefined> {
  const blocked = (eb: ExpressionBuilder<DB, 'users'>, blocker: number, blockedId: number) =>
    eb.exists(eb.selectFrom('blocks').select('blocks.blocker_id').where('blocks.blocker_id', '=', blocker).where('blocks.blocked_id', '=', blockedId));
  return db
    .selectFrom('users')
    .innerJoin('users as actor', (join) => join.on('actor.id', '=', followerId))
    .select((eb) => [
      'users.id',
      'users.name',
      'users.followers_count',
      'users.domain',
      'users.handle',
      'actor.name as actor_name',
      'actor.handle as actor_handle',
      'actor.domain as actor_domain',
      blocked(eb, followId, followerId).as('blocked_follower'),
      blocked(eb, followerId, followId).as('follower_blocked'),
      unheardBy(sql.ref('users.id')).as('unheard'),
    ])
    .where('users.id', '=', followId)
    .where('users.deactivated_at', 'is', null)
    .executeTakeFirst()
    .then((row) => {
      if (!row) return undefined;
      const { actor_name, actor_handle, actor_domain, unheard, ...rest } = row;
      return { ...rest, actor: { name: actor_name, handle: actor_handle, domain: actor_domain, unheard: truthy(unheard) } };
    });
}

/** Who acts, as a notification names them (notify.ts noticesBy): a member or an account elsewhere. */
export async function findTeller(db: Kysely<DB>, userId: number): Promise<Teller> {
  const row = await db.selectFrom('users').select(['name', 'handle', 'domain']).where('id', '=', userId).executeTakeFirst();
  return row ?? { name: null, handle: null, domain: null };
}
