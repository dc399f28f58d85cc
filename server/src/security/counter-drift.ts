import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The stored counters against the rows they count, without a test runner: the race suite
 * (counters.ts) and the burst benchmark (bench/burst.ts) ask it after a burst. Every denormalised
 * counter of the schema is listed here; a new one belongs here too.
 */

/** A counter, the table holding it, and a COUNT of the rows it counts, correlated on `t.id`. */
const COUNTERS = [
  { table: 'posts', column: 'likes_count', rows: "(SELECT COUNT(*) FROM likes x WHERE x.post_id = t.id AND x.kind = 'like')" },
  {
    table: 'posts',
    column: 'comments_count',
    rows: '(SELECT COUNT(*) FROM comments x WHERE x.post_id = t.id AND x.hidden IS NULL) + (SELECT COUNT(*) FROM replies x WHERE x.post_id = t.id AND x.hidden IS NULL)',
  },
  { table: 'users', column: 'post_count', rows: '(SELECT COUNT(*) FROM posts x WHERE x.user_id = t.id)' },
  { table: 'users', column: 'followers_count', rows: '(SELECT COUNT(*) FROM follows x WHERE x.following_id = t.id)' },
  { table: 'users', column: 'following_count', rows: '(SELECT COUNT(*) FROM follows x WHERE x.follower_id = t.id)' },
  { table: 'categories', column: 'followers_count', rows: '(SELECT COUNT(*) FROM user_categories x WHERE x.category_id = t.id)' },
] as const;

export interface Drift {
  counter: string;
  id: number;
  stored: number;
  rows: number;
}

/** Every row of users, posts and categories whose counter differs from the rows it counts (one statement per counter). */
export async function counterDrift(db: Kysely<DB>): Promise<Drift[]> {
  const drift: Drift[] = [];
  for (const { table, column, rows } of COUNTERS) {
    const found = await sql<{ id: number; stored: number; actual: number }>`
      SELECT id, stored, actual FROM (
        SELECT t.id AS id, ${sql.ref(`t.${column}`)} AS stored, ${sql.raw(rows)} AS actual FROM ${sql.table(table)} t
      ) c
      WHERE stored <> actual
      ORDER BY id`.execute(db);
    for (const r of found.rows) drift.push({ counter: `${table}.${column}`, id: Number(r.id), stored: Number(r.stored), rows: Number(r.actual) });
  }
  return drift;
}
