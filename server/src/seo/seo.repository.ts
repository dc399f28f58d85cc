import type { Database } from '../db/database.ts';
import { walkKey } from '../db/key-walk.ts';
import { member } from '../db/shared.repository.ts';

/**
 * The SQL of the feeds and sitemaps, prepared once (database.all). Feeds take the newest FEED_ITEMS
 * posts from an index walk (the primary key, `(user_id, id)` or `(category_id, id)`), newest first.
 * Sitemap pages are id ranges: page n holds the ids in ((n - 1) × size, n × size], read by a range
 * walk of the primary key, so every page costs what its rows cost, at any depth (no OFFSET).
 */

export const FEED_ITEMS = 20;

export interface FeedItemRow {
  id: number;
  user_id: number;
  category_id: number;
  title: string;
  sub_title: string;
  description: string;
  created_at: string;
  updated_at: string;
  author_name: string | null;
  category_name: string;
}

export interface LocRow {
  id: number;
  lastmod: string | null;
}

const ITEM_COLUMNS = `p.id, p.user_id, p.category_id, p.title, p.sub_title, p.description, p.created_at, p.updated_at,
  u.name AS author_name, c.name AS category_name`;
/** A story of an account elsewhere has no topic, so the join with categories leaves it out (ADR 0080: in no RSS feed). */
const ITEMS_FROM = 'FROM posts p JOIN users u ON u.id = p.user_id JOIN categories c ON c.id = p.category_id';

/**
 * When an author's newest post was written: one step down the `(user_id, id)` index. Ordered by both
 * columns so that PostgreSQL, planning the correlated subquery for any author, cannot prefer walking
 * the primary key backwards through other posts.
 */
const newestBy = (outer: string) => `SELECT n.created_at FROM posts n WHERE n.user_id = ${outer} ORDER BY n.user_id DESC, n.id DESC LIMIT 1`;

export const SEO_SQL = {
  /** The newest posts of active authors (a deactivated author's posts show nowhere; a limited one's are not listed, ADR 0111). */
  latest: `SELECT ${ITEM_COLUMNS} ${ITEMS_FROM} WHERE u.deactivated_at IS NULL AND u.limited_at IS NULL ORDER BY p.id DESC LIMIT ${FEED_ITEMS}`,
  /** An author's and a topic's newest, down their (column, id) index as walkKey says (db/key-walk.ts). */
  byAuthor: (postgres: boolean) => `SELECT ${ITEM_COLUMNS} ${ITEMS_FROM} WHERE ${walkKey(postgres, 'p.user_id')} ORDER BY p.user_id DESC, p.id DESC LIMIT ${FEED_ITEMS}`,
  byCategory: (postgres: boolean) =>
    `SELECT ${ITEM_COLUMNS} ${ITEMS_FROM} WHERE ${walkKey(postgres, 'p.category_id')} AND u.deactivated_at IS NULL AND u.limited_at IS NULL ORDER BY p.category_id DESC, p.id DESC LIMIT ${FEED_ITEMS}`,
  /** A member's name for their feed (an account of another server has none here). */
  author: `SELECT id, name, deactivated_at FROM users WHERE id = ? AND ${member()}`,
  category: 'SELECT id, name FROM categories WHERE id = ?',
  newestPost: 'SELECT created_at AS lastmod FROM posts ORDER BY id DESC LIMIT 1',
  maxPostId: 'SELECT MAX(id) AS max_id FROM posts',
  maxUserId: 'SELECT MAX(id) AS max_id FROM users',
  /** Whether a range holds any post of an active author (the sitemap index lists only pages with urls). */
  anyPostIn: `SELECT 1 AS hit FROM posts p JOIN users u ON u.id = p.user_id
    WHERE p.id > ? AND p.id <= ? AND p.ap_id IS NULL AND u.deactivated_at IS NULL AND u.limited_at IS NULL LIMIT 1`,
  anyPersonIn: `SELECT 1 AS hit FROM users u WHERE u.id > ? AND u.id <= ? AND u.post_count > 0 AND u.deactivated_at IS NULL AND u.limited_at IS NULL AND ${member('u')} LIMIT 1`,
  /** One sitemap page of posts: a primary-key range, the site's posts of active authors only (none from elsewhere). */
  postRange: `SELECT p.id, p.updated_at AS lastmod FROM posts p JOIN users u ON u.id = p.user_id
    WHERE p.id > ? AND p.id <= ? AND p.ap_id IS NULL AND u.deactivated_at IS NULL AND u.limited_at IS NULL ORDER BY p.id`,
  /** One sitemap page of people: a primary-key range of active members who wrote (no account elsewhere); lastmod also sees their newest post. */
  peopleRange: `SELECT u.id, u.updated_at AS lastmod, (${newestBy('u.id')}) AS last_post_at
    FROM users u WHERE u.id > ? AND u.id <= ? AND u.post_count > 0 AND u.deactivated_at IS NULL AND u.limited_at IS NULL AND ${member('u')} ORDER BY u.id`,
} as const;

export function createSeoRepository(database: Database) {
  const first = async <T>(sql: string, params: readonly unknown[]) => (await database.all<T>(sql, params))[0];
  const maxId = async (sql: string) => Number((await first<{ max_id: number | null }>(sql, []))?.max_id ?? 0);
  const postgres = database.dialect === 'postgres';
  const byAuthor = SEO_SQL.byAuthor(postgres);
  const byCategory = SEO_SQL.byCategory(postgres);
  return {
    latest: () => database.all<FeedItemRow>(SEO_SQL.latest, []),
    byAuthor: (userId: number) => database.all<FeedItemRow>(byAuthor, [userId]),
    byCategory: (categoryId: number) => database.all<FeedItemRow>(byCategory, [categoryId]),
    author: (userId: number) => first<{ id: number; name: string | null; deactivated_at: string | null }>(SEO_SQL.author, [userId]),
    category: (categoryId: number) => first<{ id: number; name: string }>(SEO_SQL.category, [categoryId]),
    newestPostAt: async () => (await first<{ lastmod: string }>(SEO_SQL.newestPost, []))?.lastmod ?? null,
    maxPostId: () => maxId(SEO_SQL.maxPostId),
    maxUserId: () => maxId(SEO_SQL.maxUserId),
    anyPostIn: async (after: number, upTo: number) => (await database.all(SEO_SQL.anyPostIn, [after, upTo])).length > 0,
    anyPersonIn: async (after: number, upTo: number) => (await database.all(SEO_SQL.anyPersonIn, [after, upTo])).length > 0,
    postRange: (after: number, upTo: number) => database.all<LocRow>(SEO_SQL.postRange, [after, upTo]),
    peopleRange: (after: number, upTo: number) => database.all<LocRow & { last_post_at: string | null }>(SEO_SQL.peopleRange, [after, upTo]),
  };
}

export type SeoRepository = ReturnType<typeof createSeoRepository>;
