import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../db/schema.ts';

/**
 * Test helpers of the race suite: the stored counters against the rows they count, and the answers a
 * burst may give. Every denormalised counter of the schema is listed here; a new one belongs here too.
 */

/** A counter, the table holding it, and a COUNT of the rows it counts, correlated on `t.id`. */
const COUNTERS = [
  { table: 'posts', column: 'likes_count', rows: '(SELECT COUNT(*) FROM likes x WHERE x.post_id = t.id)' },
  {
    table: 'posts',
    column: 'comments_count',
    rows: '(SELECT COUNT(*) FROM comments x WHERE x.post_id = t.id) + (SELECT COUNT(*) FROM replies x WHERE x.post_id = t.id)',
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

/** Fails, naming each drifted row, unless every counter in the database equals the rows it counts. */
export async function expectCountersMatchRows(db: Kysely<DB>): Promise<void> {
  expect(await counterDrift(db), 'counters that differ from the rows they count').toEqual([]);
}

/** What a burst may answer: success, or a clean refusal. Never a 5xx (500, or 503 from an overloaded pool). */
export const ALLOWED_STATUSES: ReadonlySet<number> = new Set([200, 201, 401, 403, 404, 409, 422, 429]);

export interface Answer {
  statusCode: number;
  body: string;
}

export function expectAllowedAnswers(answers: readonly Answer[]): void {
  const odd = answers.filter((a) => !ALLOWED_STATUSES.has(a.statusCode)).map((a) => `${a.statusCode} ${a.body.slice(0, 200)}`);
  expect(odd, 'answers outside 200/201/401/403/404/409/422/429').toEqual([]);
}

/** How many answers had each status: {200: 1, 404: 9}. */
export function tally(codes: readonly number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const code of codes) out[code] = (out[code] ?? 0) + 1;
  return out;
}

/** n calls of make(i), all started at once. */
export function times<T>(n: number, make: (i: number) => T): T[] {
  return Array.from({ length: n }, (_, i) => make(i));
}
