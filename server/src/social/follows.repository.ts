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

/**
 * An account elsewhere follows a member by the Follow `activityId` (ADR 0083): a row of follows like a
 * member's, with the Follow's id; a second Follow of the same pair keeps the row and takes the newer
 * id. true when the follow is new (call it in a transaction; the counters are the caller's).
 */
export async function keepFollowFrom(db: Kysely<DB>, accountId: number, memberId: number, activityId: string, now: string): Promise<boolean> {
  const before = await db.selectFrom('follows').select('follower_id').where('follower_id', '=', accountId).where('following_id', '=', memberId).executeTakeFirst();
  await db
    .insertInto('follows')
    .values({ follower_id: accountId, following_id: memberId, created_at: now, activity_id: activityId })
    .onConflict((oc) => oc.columns(['follower_id', 'following_id']).doUpdateSet({ activity_id: activityId }))
    .execute();
  return before === undefined;
}

/**
 * The account `accountId` accepted the Follow `followUri` of a member's request: the request becomes
 * a follow with that id; resolves to the member whose follow it became (its counters are the
 * caller's), or undefined when there was no such request (taken back, or accepted before).
 */
export async function acceptRequest(db: Kysely<DB>, accountId: number, followUri: string, now: string): Promise<number | undefined> {
  const asked = await db.deleteFrom('follow_requests').where('activity_id', '=', followUri).where('followed_id', '=', accountId).returning('follower_id').executeTakeFirst();
  if (!asked) return undefined;
  const made = await db
    .insertInto('follows')
    .values({ follower_id: asked.follower_id, following_id: accountId, created_at: now, activity_id: followUri })
    .onConflict((oc) => oc.columns(['follower_id', 'following_id']).doNothing())
    .returning('follower_id')
    .executeTakeFirst();
  return made?.follower_id;
}

/** The member whose request or follow of the account `accountId` is by the Follow `followUri`; undefined when none is. */
export async function followerByActivity(db: Kysely<DB>, accountId: number, followUri: string): Promise<number | undefined> {
  const asked = await db.selectFrom('follow_requests').select('follower_id').where('activity_id', '=', followUri).where('followed_id', '=', accountId).executeTakeFirst();
  if (asked) return asked.follower_id;
  const follow = await db.selectFrom('follows').select('follower_id').where('activity_id', '=', followUri).where('following_id', '=', accountId).executeTakeFirst();
  return follow?.follower_id;
}

/** Every follow, accepted or asked, between the user `id` and anyone, both ways. */
export async function followsWith(db: Kysely<DB>, id: number): Promise<Array<{ follower_id: number; following_id: number }>> {
  const follows = db
    .selectFrom('follows')
    .select(['follower_id', 'following_id'])
    .where((eb) => eb.or([eb('follower_id', '=', id), eb('following_id', '=', id)]));
  const asked = db
    .selectFrom('follow_requests')
    .select(['follower_id', 'followed_id as following_id'])
    .where((eb) => eb.or([eb('follower_id', '=', id), eb('followed_id', '=', id)]));
  return follows.unionAll(asked).execute();
}

/** true when this call removed the follow. */
export async function deleteFollow(db: Kysely<DB>, followerId: number, followingId: number): Promise<boolean> {
  const row = await db.deleteFrom('follows').where('follower_id', '=', followerId).where('following_id', '=', followingId).returning('follower_id').executeTakeFirst();
  return row !== undefined;
}

export { addToFollowCounts } from '../db/follow-counts.repository.ts';
export { type FollowState, followStateOf } from '../db/follow-state.repository.ts';
import { type FollowState, followStateOf } from '../db/follow-state.repository.ts';

/**
 * The member asks to follow an account elsewhere: a row of follow_requests, with no Follow id yet (the
 * federation's reaction to `follow.requested` gives it, in the same transaction: migration 0059),
 * unless they follow it already or asked before. Resolves to the follow as it stands now.
 */
export async function requestFollow(db: Kysely<DB>, followerId: number, followingId: number, now: string): Promise<FollowState> {
  const before = await followStateOf(db, followerId, followingId);
  if (before) return before;
  await db
    .insertInto('follow_requests')
    .values({ follower_id: followerId, followed_id: followingId, activity_id: null, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return 'pending';
}

/** One more than a page of people tells whether there is a next one. */
const LIST_FETCH = FOLLOW_LIST_PAGE_SIZE + 1;

/** What a list shows of each one: a member's public fields, or an account elsewhere's with its domain, handle, picture and profile there. */
const PERSON = `u.id, u.name, u.username, u.bio, u.profile_picture, u.followers_count, u.domain, u.handle, u.icon_url, u.url AS profile_url`;
/** Whether the viewer asked to follow the row's account elsewhere and its server has not said yes (placeholder: viewer). */
const ASKED = `EXISTS (SELECT 1 FROM follow_requests asked WHERE asked.follower_id = ? AND asked.followed_id = u.id) AS pending`;

/**
 * The followers (or followed) of one member, newest follow first, below a (created_at, id) keyset
 * cursor: the page's rows come from one walk of follows_following_time_idx (follows_follower_time_idx)
 * that stops after LIST_FETCH rows (migration 0018); then each one's row by its key and whether the
 * viewer (0: a visitor) follows them, through the follows key, or asked to (an account elsewhere
 * whose server has not said yes: the follow_requests key). Members and accounts elsewhere alike (ADR
 * 0085); deactivated members come back flagged (`active` 0), for the service to leave out with those
 * the viewer blocked.
 * The cursor is one row comparison, so both databases bound the walk by it in the index itself.
 * Placeholders: viewer, viewer, member, before (time), before (id).
 */
const listOf = (side: 'follower_id' | 'following_id', other: 'follower_id' | 'following_id') =>
  `SELECT ${PERSON}, page.followed_at,
    CASE WHEN u.deactivated_at IS NULL THEN 1 ELSE 0 END AS active,
    EXISTS (SELECT 1 FROM follows mine WHERE mine.follower_id = ? AND mine.following_id = u.id) AS is_following, ${ASKED}
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
  domain: string | null;
  handle: string | null;
  icon_url: string | null;
  profile_url: string | null;
  followed_at: string;
  active: number | boolean;
  is_following: number | boolean;
  pending: number | boolean;
}
/** Up to LIST_FETCH people of a member's list below the cursor (prepared once, database.all). */
export function followListPage(
  database: Database,
  list: keyof typeof FOLLOW_LIST_SQL,
  viewer: number,
  memberId: number,
  before: { at: string; id: number },
): Promise<FollowListRow[]> {
  return database.all<FollowListRow>(FOLLOW_LIST_SQL[list], [viewer, viewer, memberId, before.at, before.id]);
}

/** How many of a member's follows still waiting for their Accept the first page of their own following list shows, at most. */
export const ASKED_SHOWN = 50;

/**
 * The member's follows of accounts elsewhere still waiting for their server's Accept, newest first,
 * ASKED_SHOWN at most (the top of their own following list: a handful, read by the follow_requests key).
 */
export function askedFollows(database: Database, memberId: number): Promise<FollowListRow[]> {
  return database.all<FollowListRow>(
    `SELECT ${PERSON}, r.created_at AS followed_at, CASE WHEN u.deactivated_at IS NULL THEN 1 ELSE 0 END AS active, 1 AS is_following, 1 AS pending
    FROM follow_requests r JOIN users u ON u.id = r.followed_id WHERE r.follower_id = ? ORDER BY r.created_at DESC, r.followed_id DESC LIMIT ${ASKED_SHOWN}`,
    [memberId],
  );
}

/** The limited accounts (migration 0076's partial index) a reader neither follows nor is; a visitor (0): all of them. */
export async function limitedUnfollowedIds(database: Database, viewer: number): Promise<number[]> {
  const rows = await database.all<{ id: number }>(
    `SELECT u.id FROM users u WHERE u.limited_at IS NOT NULL AND u.id <> ?
      AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ? AND f.following_id = u.id)`,
    [viewer, viewer],
  );
  return rows.map((r) => r.id);
}
