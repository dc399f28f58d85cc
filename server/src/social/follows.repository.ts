import { FOLLOW_LIST_PAGE_SIZE } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

/** true when this call created the follow. */
export async function insertFollow(db: Kysely<DB>, followerId: number, followingId: number, now: string): Promise<boolean> {
  const row = await db
    .insertInto('follows')
    .values({ follower_id: followerId, following_id: followingId, created_at: now })
    .onConflict((oc) => oc.columns(['follower_id', 'following_id']).doNothing())
    .returning('follower_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** true when this call removed the follow. */
export async function deleteFollow(db: Kysely<DB>, followerId: number, followingId: number): Promise<boolean> {
  const row = await db.deleteFrom('follows').where('follower_id', '=', followerId).where('following_id', '=', followingId).returning('follower_id').executeTakeFirst();
  return row !== undefined;
}

export async function isFollowing(db: Kysely<DB>, followerId: number, followingId: number): Promise<boolean> {
  const row = await db.selectFrom('follows').select('follower_id').where('follower_id', '=', followerId).where('following_id', '=', followingId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves the follower's following_count and the followed user's followers_count by delta, and answers
 * the followed user's new followers_count (read back by the update: no read after it). The two rows
 * are updated in id order, so A following B while B follows A cannot deadlock. (One statement
 * locking both rows in order first deadlocked under the burst: its update then waited on the older
 * version of a row it had locked, behind a transaction waiting for it.)
 */
export async function addToFollowCounts(db: Kysely<DB>, followerId: number, followingId: number, delta: number): Promise<number> {
  const updates = [
    { id: followerId, column: 'following_count' as const },
    { id: followingId, column: 'followers_count' as const },
  ].sort((a, b) => a.id - b.id);
  let followers = 0;
  for (const { id, column } of updates) {
    const row = await db
      .updateTable('users')
      .set((eb) => ({ [column]: eb(column, '+', delta) }))
      .where('id', '=', id)
      .returning('followers_count')
      .executeTakeFirstOrThrow();
    if (id === followingId) followers = row.followers_count;
  }
  return followers;
}

/** One more than a page of people tells whether there is a next one. */
const LIST_FETCH = FOLLOW_LIST_PAGE_SIZE + 1;

/**
 * The followers (or followed) of one member, newest follow first, below a (created_at, id) keyset
 * cursor: the page's rows come from one walk of follows_following_time_idx (follows_follower_time_idx)
 * that stops after LIST_FETCH rows (migration 0018); then each person's row by its key and whether the
 * viewer (0: a visitor) follows them, through the follows key. Deactivated members come back flagged
 * (`active` 0), for the service to leave out with those the viewer blocked.
 * The cursor is one row comparison, so both databases bound the walk by it in the index itself.
 * Placeholders: viewer, member, before (time), before (id).
 */
const listOf = (side: 'follower_id' | 'following_id', other: 'follower_id' | 'following_id') =>
  `SELECT u.id, u.name, u.username, u.bio, u.profile_picture, u.followers_count, page.followed_at,
    CASE WHEN u.deactivated_at IS NULL THEN 1 ELSE 0 END AS active,
    EXISTS (SELECT 1 FROM follows mine WHERE mine.follower_id = ? AND mine.following_id = u.id) AS is_following
  FROM (
    SELECT ${side} AS id, created_at AS followed_at FROM follows
    WHERE ${other} = ? AND (created_at, ${side}) < (?, ?)
    ORDER BY created_at DESC, ${side} DESC LIMIT ${LIST_FETCH}
  ) page JOIN users u ON u.id = page.id ORDER BY page.followed_at DESC, page.id DESC`;

export const FOLLOW_LIST_SQL = {
  /** Who follows the member. */
  followers: listOf('follower_id', 'following_id'),
  /** Whom the member follows. */
  following: listOf('following_id', 'follower_id'),
} as const;

export interface FollowListRow {
  id: number;
  name: string | null;
  username: string | null;
  bio: string | null;
  profile_picture: string | null;
  followers_count: number;
  followed_at: string;
  active: number | boolean;
  is_following: number | boolean;
}

/** Up to LIST_FETCH people of a member's list below the cursor (prepared once, database.all). */
export function followListPage(
  database: Database,
  list: keyof typeof FOLLOW_LIST_SQL,
  viewer: number,
  memberId: number,
  before: { at: string; id: number },
): Promise<FollowListRow[]> {
  return database.all<FollowListRow>(FOLLOW_LIST_SQL[list], [viewer, memberId, before.at, before.id]);
}
