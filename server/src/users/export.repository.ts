import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The reads of "Download your data": everything is the member's own rows, selected column by column
 * (never a password hash, a token or another member's email). Long lists are read a page at a time,
 * in the order of a key each member has at most once (`after` is the last key of the page before),
 * so an export of any size walks an index and holds one page in memory.
 */

export async function findMember(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .select((eb) => [
      'id',
      'email',
      'name',
      'username',
      'bio',
      'profile_picture',
      'email_verified_at',
      'post_count',
      'followers_count',
      'following_count',
      'notify_like',
      'notify_comment',
      'notify_follow',
      'notify_help',
      'notify_post',
      'keep_history',
      'created_at',
      'updated_at',
      eb('password_hash', 'is not', null).as('has_password'),
      eb('google_id', 'is not', null).as('has_google'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export type Member = NonNullable<Awaited<ReturnType<typeof findMember>>>;

/** Every post of the member, oldest first: enough to name the files before they are written. */
export function postOutline(db: Kysely<DB>, userId: number) {
  return db.selectFrom('posts').select(['id', 'title', 'updated_at']).where('user_id', '=', userId).orderBy('id').execute();
}

export function postsByIds(db: Kysely<DB>, userId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('posts as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.title',
      'p.sub_title',
      'p.description',
      'p.image',
      'p.read_time',
      'p.likes_count',
      'p.comments_count',
      'p.created_at',
      'p.updated_at',
      'c.name as category',
    ])
    .where('p.user_id', '=', userId)
    .where('p.id', 'in', ids)
    .orderBy('p.id')
    .execute();
}

export type PostRow = Awaited<ReturnType<typeof postsByIds>>[number];

/** Every draft of the member (scheduled ones too), oldest first: the file names (a member keeps at most DRAFTS_MAX). */
export function draftOutline(db: Kysely<DB>, userId: number) {
  return db.selectFrom('drafts').select(['id', 'title', 'updated_at']).where('user_id', '=', userId).orderBy('id').execute();
}

/** One draft with its category's name, read when its file is written. */
export function draftById(db: Kysely<DB>, userId: number, id: number) {
  return db
    .selectFrom('drafts as d')
    .leftJoin('categories as c', 'c.id', 'd.category_id')
    .select(['d.id', 'd.title', 'd.sub_title', 'd.description', 'd.image', 'd.publish_at', 'd.created_at', 'd.updated_at', 'c.name as category'])
    .where('d.user_id', '=', userId)
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** The stored images the member's drafts use (covers and bodies: draft_images holds both). */
export async function draftImagePaths(db: Kysely<DB>, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('draft_images as di').innerJoin('drafts as d', 'd.id', 'di.draft_id').select('di.path').distinct().where('d.user_id', '=', userId).execute();
  return rows.map((r) => r.path);
}

/** The stored images the member's posts use: their post_images rows and their covers (rows older than post_images). */
export async function postImagePaths(db: Kysely<DB>, userId: number): Promise<string[]> {
  const used = await db.selectFrom('post_images as pi').innerJoin('posts as p', 'p.id', 'pi.post_id').select('pi.path').distinct().where('p.user_id', '=', userId).execute();
  const covers = await db.selectFrom('posts').select('image').distinct().where('user_id', '=', userId).where('image', 'is not', null).execute();
  return [...new Set([...used.map((r) => r.path), ...covers.map((r) => r.image!)])];
}

export function commentsPage(db: Kysely<DB>, userId: number, after: number, limit: number) {
  return db
    .selectFrom('comments as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .select(['c.id', 'c.post_id', 'p.title as post_title', 'c.body', 'c.created_at', 'c.updated_at'])
    .where('c.user_id', '=', userId)
    .where('c.id', '>', after)
    .orderBy('c.id')
    .limit(limit)
    .execute();
}

export function repliesPage(db: Kysely<DB>, userId: number, after: number, limit: number) {
  return db
    .selectFrom('replies as r')
    .innerJoin('posts as p', 'p.id', 'r.post_id')
    .select(['r.id', 'r.comment_id', 'r.post_id', 'p.title as post_title', 'r.body', 'r.created_at', 'r.updated_at'])
    .where('r.user_id', '=', userId)
    .where('r.id', '>', after)
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

export function likesPage(db: Kysely<DB>, userId: number, after: number, limit: number) {
  return db
    .selectFrom('likes as l')
    .innerJoin('posts as p', 'p.id', 'l.post_id')
    .select(['l.post_id', 'p.title as post_title', 'l.created_at'])
    .where('l.user_id', '=', userId)
    .where('l.kind', '=', 'like')
    .where('l.post_id', '>', after)
    .orderBy('l.post_id')
    .limit(limit)
    .execute();
}

export function savesPage(db: Kysely<DB>, userId: number, after: number, limit: number) {
  return db
    .selectFrom('saves as s')
    .innerJoin('posts as p', 'p.id', 's.post_id')
    .select(['s.post_id', 'p.title as post_title', 's.created_at'])
    .where('s.user_id', '=', userId)
    .where('s.post_id', '>', after)
    .orderBy('s.post_id')
    .limit(limit)
    .execute();
}

/**
 * What names a person who is an account elsewhere (ADR 0083: a row of users with a domain): its handle
 * and its page there (else its actor's URI); all null for a member.
 */
const ELSEWHERE = ['u.domain', 'u.handle', 'u.url as page_url', 'u.ap_id'] as const;

/** The people the member follows (members, and accounts elsewhere). */
export function followingPage(db: Kysely<DB>, userId: number, after: number, limit: number) {
  return db
    .selectFrom('follows as f')
    .innerJoin('users as u', 'u.id', 'f.following_id')
    .select(['u.id', 'u.name', 'u.username', 'f.created_at', ...ELSEWHERE])
    .where('f.follower_id', '=', userId)
    .where('f.following_id', '>', after)
    .orderBy('f.following_id')
    .limit(limit)
    .execute();
}

/** The people who follow the member (members, and accounts elsewhere). */
export function followersPage(db: Kysely<DB>, userId: number, after: number, limit: number) {
  return db
    .selectFrom('follows as f')
    .innerJoin('users as u', 'u.id', 'f.follower_id')
    .select(['u.id', 'u.name', 'u.username', 'f.created_at', ...ELSEWHERE])
    .where('f.following_id', '=', userId)
    .where('f.follower_id', '>', after)
    .orderBy('f.follower_id')
    .limit(limit)
    .execute();
}

export function topicsPage(db: Kysely<DB>, userId: number, after: number, limit: number) {
  return db
    .selectFrom('user_categories as uc')
    .innerJoin('categories as c', 'c.id', 'uc.category_id')
    .select(['c.id', 'c.name', 'c.slug', 'uc.created_at'])
    .where('uc.user_id', '=', userId)
    .where('uc.category_id', '>', after)
    .orderBy('uc.category_id')
    .limit(limit)
    .execute();
}

export function notificationsPage(db: Kysely<DB>, userId: number, after: number, limit: number) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .select(['n.id', 'n.type', 'n.message', 'n.actor_id', 'a.name as actor_name', 'n.post_id', 'n.comment_id', 'n.reply_id', 'n.read_at', 'n.created_at', 'n.updated_at'])
    .where('n.user_id', '=', userId)
    .where('n.id', '>', after)
    .orderBy('n.id')
    .limit(limit)
    .execute();
}

/** The members and accounts elsewhere this member blocked (not who blocked them: that is the other's choice to keep). */
export function blockedPage(db: Kysely<DB>, userId: number, after: number, limit: number) {
  return db
    .selectFrom('blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .select(['b.blocker_id', 'b.blocked_id', 'u.name as blocked_name', 'b.created_at', ...ELSEWHERE])
    .where('b.blocker_id', '=', userId)
    .where('b.blocked_id', '>', after)
    .orderBy('b.blocked_id')
    .limit(limit)
    .execute();
}

/** The members and accounts elsewhere this member banned from commenting on their stories (ADR 0116). */
export function bannedPage(db: Kysely<DB>, userId: number, after: number, limit: number) {
  return db
    .selectFrom('comment_bans as b')
    .innerJoin('users as u', 'u.id', 'b.reader_id')
    .select(['b.reader_id', 'u.name as reader_name', 'b.created_at', ...ELSEWHERE])
    .where('b.writer_id', '=', userId)
    .where('b.reader_id', '>', after)
    .orderBy('b.reader_id')
    .limit(limit)
    .execute();
}

export function helpRequestsPage(db: Kysely<DB>, userId: number, after: number, limit: number) {
  return db
    .selectFrom('help_requests')
    .select(['id', 'message', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The member's own reports (issue 47): what they reported, why, and where it stands; never who else reported it. */
export function reportsPage(db: Kysely<DB>, userId: number, after: number, limit: number) {
  return db
    .selectFrom('reports')
    .select(['id', 'target_kind as kind', 'target_id', 'category', 'note', 'status', 'created_at'])
    .where('reporter_id', '=', userId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The stories the member opened while keeping a reading history (migration 0025), with when they last did. */
export function readingHistoryPage(db: Kysely<DB>, userId: number, after: number, limit: number) {
  return db
    .selectFrom('reading_history as h')
    .innerJoin('posts as p', 'p.id', 'h.post_id')
    .select(['h.post_id', 'p.title as post_title', 'h.read_at'])
    .where('h.user_id', '=', userId)
    .where('h.post_id', '>', after)
    .orderBy('h.post_id')
    .limit(limit)
    .execute();
}

/** The member's newsletter list as a writer (migration 0026): the addresses, their state and since when. */
export function newsletterSubscribersPage(db: Kysely<DB>, userId: number, after: number, limit: number) {
  return db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'email', 'status', 'source', 'created_at', 'confirmed_at', 'ended_at'])
    .where('writer_id', '=', userId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The topics the member asked more or less of in For you (migration 0024). */
export function topicTuningPage(db: Kysely<DB>, userId: number, after: number, limit: number) {
  return db
    .selectFrom('feed_topic_tuning as t')
    .innerJoin('categories as c', 'c.id', 't.category_id')
    .select(['c.id', 'c.name', 'c.slug', 't.choice', 't.created_at'])
    .where('t.user_id', '=', userId)
    .where('t.category_id', '>', after)
    .orderBy('t.category_id')
    .limit(limit)
    .execute();
}

/** The authors the member left out of their For you (migration 0024; not a block). */
export function mutedAuthorsPage(db: Kysely<DB>, userId: number, after: number, limit: number) {
  return db
    .selectFrom('feed_author_mutes as m')
    .innerJoin('users as u', 'u.id', 'm.author_id')
    .select(['u.id', 'u.name', 'u.username', 'm.created_at'])
    .where('m.user_id', '=', userId)
    .where('m.author_id', '>', after)
    .orderBy('m.author_id')
    .limit(limit)
    .execute();
}
