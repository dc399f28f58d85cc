import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { genericPlanText } from '../test/plans.ts';
import { STATS_SQL, readersBeforeQuery } from './stats.repository.ts';

/**
 * The feature's reads and its clean-up walk indexes, never a table, on tables of a real size: 2 000
 * writers with 20 000 posts, 10 days of numbers each, 3 likes, a save, a comment and a reply each, a
 * like, a boost and a reply from the fediverse each, and 100 000 reader rows. Both databases (PostgreSQL with its generic plan, which prepared reads get).
 */
const sqlite = process.env.INKWELL_TEST_DB !== 'postgres';
let t: TestApp;

/** SELECT n FROM 1..count, on either database. */
const series = (count: number): RawBuilder<unknown> =>
  sqlite ? sql`WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${count}) SELECT n FROM s` : sql`SELECT generate_series(1, ${count}) AS n`;

beforeAll(async () => {
  t = await buildTestApp();
  const now = new Date().toISOString();
  const day = (offset: string) => (sqlite ? sql.raw(`date('now', '-' || (${offset}) || ' days')`) : sql.raw(`to_char(current_date - (${offset})::int, 'YYYY-MM-DD')`));
  await sql`INSERT INTO users (email, email_normalized, name, created_at, updated_at)
    SELECT 'w' || n || '@example.com', 'w' || n || '@example.com', 'Writer ' || n, ${now}, ${now} FROM (${series(2000)}) s`.execute(t.db);
  const first = (await t.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const category = (await t.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  await sql`INSERT INTO posts (user_id, category_id, title, sub_title, description, read_time, created_at, updated_at)
    SELECT ${first} + (n % 2000), ${category}, 'Post ' || n, 'sub', '<p>x</p>', 1, ${now}, ${now} FROM (${series(20_000)}) s`.execute(t.db);
  await sql`INSERT INTO post_stats_daily (post_id, day, views, reads)
    SELECT p.id, ${day('d.n')}, 3, 1 FROM posts p CROSS JOIN (${series(10)}) d`.execute(t.db);
  await sql`INSERT INTO likes (post_id, user_id, created_at)
    SELECT p.id, ${first} + ((p.id + k.n) % 2000), ${now} FROM posts p CROSS JOIN (${series(3)}) k WHERE true ON CONFLICT DO NOTHING`.execute(t.db);
  for (const table of ['saves', 'comments'] as const) {
    const columns = table === 'saves' ? sql`(post_id, user_id, created_at)` : sql`(post_id, user_id, body, created_at, updated_at)`;
    const values = table === 'saves' ? sql`p.id, p.user_id, ${now}` : sql`p.id, p.user_id, 'Words', ${now}, ${now}`;
    await sql`INSERT INTO ${sql.table(table)} ${columns} SELECT ${values} FROM posts p WHERE true ON CONFLICT DO NOTHING`.execute(t.db);
  }
  await sql`INSERT INTO replies (comment_id, post_id, user_id, body, created_at, updated_at)
    SELECT c.id, c.post_id, c.user_id, 'More', ${now}, ${now} FROM comments c`.execute(t.db);
  // A boost of each post, a row of likes of its own kind (0052), which the stats must step over; a
  // reply from the fediverse is a comment (issue 46), already among those above.
  await sql`INSERT INTO likes (post_id, user_id, kind, created_at)
    SELECT p.id, ${first} + (p.id % 2000), 'boost', ${now} FROM posts p`.execute(t.db);
  await sql`INSERT INTO post_readers (post_id, day, kind, reader)
    SELECT p.id, ${day('d.n')}, 'view', 'r' || p.id FROM posts p CROSS JOIN (${series(5)}) d`.execute(t.db);
  await sql`ANALYZE`.execute(t.db);
}, 180_000);
afterAll(() => t.close());

/** likes_post_time_idx holds the kind between the post and the time (0052). */
const kindOf = (index: string) => (index === 'likes_post_time_idx' ? 'kind=\\? AND ' : '');
const STAT_INDEXES = ['likes_post_time_idx', 'saves_post_time_idx', 'comments_post_time_idx', 'replies_post_time_idx'];

/** SQLite's plan of a statement, one line per step. */
async function sqlitePlan(text: string, params: readonly unknown[]): Promise<string[]> {
  return (await t.database.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${text}`, params)).map((r) => r.detail);
}

/** PostgreSQL's generic plan of a statement with `?` placeholders, as a prepared read gets it. */
const postgresPlan = (text: string, params: readonly unknown[]) => genericPlanText(t.db, text, params);

const since = { day: '2026-01-01', instant: '2026-01-01T00:00:00.000Z' };
const overviewParams = [since.day, since.day, ...Array<string>(4).fill(since.instant), 7, 1000];
const seriesParams = [1, since.day, 1, since.day, ...Array<unknown>(4).fill([1, since.instant]).flat()];

describe.runIf(sqlite)('on SQLite', () => {
  it('lists a writer’s posts through (user_id, id), in its order, each number from a range of an index', async () => {
    const lines = await sqlitePlan(STATS_SQL.overview(false), overviewParams);
    const shown = lines.join('\n');
    expect(
      lines.some((l) => /SEARCH p USING (COVERING )?INDEX posts_user_id_idx \(user_id=\?\)/.test(l)),
      shown,
    ).toBe(true);
    for (const index of STAT_INDEXES) expect(shown, shown).toMatch(new RegExp(`USING COVERING INDEX ${index} \\(post_id=\\? AND ${kindOf(index)}created_at>\\?\\)`));
    expect(shown, shown).toMatch(/SEARCH d USING INDEX sqlite_autoindex_post_stats_daily_1 \(post_id=\? AND day>\?\)/);
    expect(
      lines.filter((l) => /^SCAN /.test(l)),
      shown,
    ).toEqual([]);
    expect(shown).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });

  it('reads one post’s days from the same indexes', async () => {
    const lines = await sqlitePlan(STATS_SQL.series, seriesParams);
    const shown = lines.join('\n');
    for (const index of STAT_INDEXES) expect(shown, shown).toMatch(new RegExp(`USING COVERING INDEX ${index} \\(post_id=\\? AND ${kindOf(index)}created_at>\\?\\)`));
    expect(
      lines.filter((l) => /^SCAN /.test(l)),
      shown,
    ).toEqual([]);
    const own = (await sqlitePlan(STATS_SQL.post, [1])).join('\n');
    expect(own).toMatch(/SEARCH posts USING INTEGER PRIMARY KEY/);
    expect((await sqlitePlan(STATS_SQL.postOwner, [1])).join('\n')).toMatch(/SEARCH posts USING INTEGER PRIMARY KEY/);
  });

  it('deletes past reader rows through post_readers_day_idx', async () => {
    const query = readersBeforeQuery(t.db, since.day, 1000).compile(t.db);
    const lines = await sqlitePlan(query.sql, query.parameters);
    const shown = lines.join('\n');
    expect(shown, shown).toMatch(/SEARCH post_readers USING (COVERING )?INDEX post_readers_day_idx \(day<\?\)/);
    expect(shown, shown).toMatch(/SEARCH post_readers USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(
      lines.filter((l) => /^SCAN /.test(l)),
      shown,
    ).toEqual([]);
    expect(shown).not.toMatch(/TEMP B-TREE/);
  });
});

describe.runIf(!sqlite)('on PostgreSQL', () => {
  it('lists a writer’s posts through (user_id, id), each number from a range of an index', async () => {
    const plan = await postgresPlan(STATS_SQL.overview(true), overviewParams);
    expect(plan, plan).toMatch(/Index Scan Backward using posts_user_id_idx on posts p/);
    for (const index of [...STAT_INDEXES, 'post_stats_daily_pk']) expect(plan, plan).toContain(`using ${index} on`);
    expect(plan, plan).not.toMatch(/Seq Scan/);
    expect(plan, plan).not.toMatch(/Sort/);
  });

  it('reads one post’s days from the same indexes', async () => {
    const plan = await postgresPlan(STATS_SQL.series, seriesParams);
    for (const index of [...STAT_INDEXES, 'post_stats_daily_pk']) expect(plan, plan).toContain(`using ${index} on`);
    expect(plan, plan).not.toMatch(/Seq Scan/);
  });

  it('deletes past reader rows through post_readers_day_idx, then by their row ids', async () => {
    const query = readersBeforeQuery(t.db, since.day, 1000).compile(t.db);
    const numbered = query.sql.replace(/\$\d+/g, '?');
    const plan = await postgresPlan(numbered, query.parameters);
    expect(plan, plan).toContain('using post_readers_day_idx on post_readers');
    expect(plan, plan).toMatch(/Tid Scan on post_readers/);
    expect(plan, plan).not.toMatch(/Seq Scan/);
  });
});
