import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { bulkPeopleAndPosts } from '../test/bulk.ts';
import { genericPlan } from '../test/plans.ts';
import { aPost, aUser } from '../test/factories.ts';
import { SQL } from './feed.repository.ts';
import { FOR_YOU_SQL, POPULAR_WINDOW } from './for-you.repository.ts';
import { RECOMMENDATION_SQL } from './recommendations.repository.ts';

/**
 * Guards the query plans of the hot reading statements on SQLite, after ANALYZE (statistics can flip
 * a plan): each page's ids must come from an index walk, never a scan of posts, likes or saves. On
 * PostgreSQL, the post page's one statement (SQL.postPage) with its generic plan, the one a prepared
 * statement settles on.
 */
const sqlite = process.env.INKWELL_TEST_DB !== 'postgres';
let t: TestApp;

beforeAll(async () => {
  if (!sqlite) return;
  t = await buildTestApp();
  const users = await Promise.all(Array.from({ length: 8 }, () => aUser(t.db)));
  const categories = (await t.db.selectFrom('categories').select('id').execute()).map((c) => c.id);
  for (let i = 0; i < 200; i += 1) {
    const post = await aPost(t.db, { userId: users[i % users.length]!.id, categoryId: categories[i % 5] });
    for (const u of users.slice(0, i % 4)) await t.db.insertInto('likes').values({ post_id: post.id, user_id: u.id, created_at: nowIso() }).execute();
  }
  await sql`ANALYZE`.execute(t.db);
  const stats = await t.database.all<{ n: number }>('SELECT count(*) AS n FROM sqlite_stat1', []);
  expect(stats[0]!.n).toBeGreaterThan(0);
});
afterAll(() => t?.close());

async function plan(text: string): Promise<string[]> {
  const n = (text.match(/\?/g) ?? []).length;
  const rows = await t.database.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${text}`, Array(n).fill(1));
  return rows.map((r) => r.detail);
}

const scansATable = (lines: string[]) => lines.filter((l) => /^SCAN (?!page\b|w\d+\b|recent\b)/.test(l));

describe.runIf(sqlite)('reading query plans (SQLite)', () => {
  it.each([
    // The site's posts (none from elsewhere) by id, down their partial index (migration 0055).
    ['latest', SQL.latest, /SEARCH posts USING (COVERING )?INDEX posts_site_idx \(id<\?\)/],
    ['byCategory', SQL.byCategory, /SEARCH posts USING COVERING INDEX posts_category_id_idx \(category_id=\? AND id<\?\)/],
    ['byAuthor', SQL.byAuthor, /SEARCH posts USING COVERING INDEX posts_user_id_idx \(user_id=\? AND id<\?\)/],
    ['byCategories', SQL.byCategories(3), /SEARCH posts USING COVERING INDEX posts_category_id_idx \(category_id=\? AND id<\?\)/],
    ['byAuthors (Following)', SQL.byAuthors(3), /SEARCH posts USING COVERING INDEX posts_user_id_idx \(user_id=\? AND id<\?\)/],
    ['idsByAuthors (Following, many)', SQL.idsByAuthors(50), /SEARCH posts USING COVERING INDEX posts_user_id_idx \(user_id=\? AND id<\?\)/],
    ['following (join)', SQL.following, /SEARCH p2 USING COVERING INDEX posts_user_id_idx \(user_id=\? AND id<\?\)/],
    ['followedAuthors', SQL.followedAuthors, /SEARCH f USING COVERING INDEX \w+ \(follower_id=\?\)/],
    ['cardsByIdsNewestFirst', SQL.cardsByIdsNewestFirst, /SEARCH p USING INTEGER PRIMARY KEY \(rowid=\?\)/],
    ['saved', SQL.saved, /SEARCH saves USING COVERING INDEX saves_user_time_idx \(user_id=\?/],
    ['detail', SQL.detail, /SEARCH p USING INTEGER PRIMARY KEY \(rowid=\?\)/],
    ['viewerFlags', SQL.viewerFlags, /SEARCH likes USING COVERING INDEX \w+ \((post_id=\? AND user_id=\? AND kind=\?|user_id=\? AND kind=\? AND post_id=\?)\)/],
    ['pageFlags', SQL.pageFlags, /SEARCH comments EXISTS USING (COVERING )?INDEX comments_hidden_idx \(post_id=\? AND user_id=\?\)/],
    ['cardsByIds', SQL.cardsByIds, /SEARCH p USING INTEGER PRIMARY KEY \(rowid=\?\)/],
    ['imageSizes', SQL.imageSizes, /SEARCH pi USING (COVERING )?INDEX \w+ \(post_id=\?\)/],
  ])('%s picks its rows from an index and scans no table', async (_name, text, expected) => {
    const lines = await plan(text);
    expect(
      lines.some((l) => expected.test(l)),
      lines.join('\n'),
    ).toBe(true);
    expect(scansATable(lines), lines.join('\n')).toEqual([]);
    // A card's cover size comes from the image ledger through its primary key.
    if (text.includes('stored_images si'))
      expect(
        lines.some((l) => /SEARCH si USING INDEX sqlite_autoindex_stored_images_1 \(path=\?\)/.test(l)),
        lines.join('\n'),
      ).toBe(true);
    // The viewer's like and save are looked up per row of the page through their primary keys.
    if (text.includes('FROM likes l ')) {
      expect(lines.some((l) => /SEARCH l USING COVERING INDEX .*\(post_id=\? AND user_id=\? AND kind=\?\)/.test(l))).toBe(true);
      expect(lines.some((l) => /SEARCH s USING COVERING INDEX .*\(user_id=\? AND post_id=\?\)/.test(l))).toBe(true);
    }
  });

  it('reads a reader’s For you profile through each table’s key on the reader (issue 13)', async () => {
    const lines = await plan(FOR_YOU_SQL.readerProfile);
    for (const expected of [
      /SEARCH user_categories USING COVERING INDEX \w+ \(user_id=\?\)/,
      /SEARCH feed_topic_tuning USING INDEX \w+ \(user_id=\?\)/,
      /SEARCH feed_author_mutes USING COVERING INDEX \w+ \(user_id=\?\)/,
      /SEARCH f USING COVERING INDEX \w+ \(follower_id=\?\)/,
      /SEARCH u USING INTEGER PRIMARY KEY \(rowid=\?\)/,
    ]) {
      expect(
        lines.some((l) => expected.test(l)),
        `${expected}\n${lines.join('\n')}`,
      ).toBe(true);
    }
    expect(scansATable(lines), lines.join('\n')).toEqual([]);
  });

  it('looks for popular posts among the newest POPULAR_WINDOW only, by key, whatever the table holds', async () => {
    // The site's posts (migration 0055's partial index) walked backwards, stopping after the window (a sort would show as a TEMP B-TREE).
    expect(await plan(FOR_YOU_SQL.popular(false))).toEqual(['CO-ROUTINE recent', 'SCAN posts USING INDEX posts_site_idx', 'SCAN recent']);
    expect(FOR_YOU_SQL.popular(false)).toMatch(new RegExp(`FROM posts INDEXED BY posts_site_idx WHERE ap_id IS NULL ORDER BY id DESC LIMIT ${POPULAR_WINDOW}\\s+\\) recent`));
    // The topics' names: the categories table is a dozen rows, read whole on purpose (kept beside the pages).
    expect(await plan(FOR_YOU_SQL.topicNames)).toEqual([expect.stringMatching(/^SCAN categories/)]);
  });

  it('walks the followers index for Whom to follow and the newest posts by key for Picks', async () => {
    const whom = await plan(RECOMMENDATION_SQL.whomToFollow);
    expect(
      whom.some((l) => /SCAN u USING INDEX users_followers_idx/.test(l)),
      whom.join('\n'),
    ).toBe(true);
    expect(
      whom.some((l) => /TEMP B-TREE/.test(l)),
      whom.join('\n'),
    ).toBe(false);
    const picks = await plan(RECOMMENDATION_SQL.picks(false));
    expect(
      picks.some((l) => /SEARCH p USING INTEGER PRIMARY KEY/.test(l)),
      picks.join('\n'),
    ).toBe(true);
    expect(RECOMMENDATION_SQL.picks(false)).toMatch(/ORDER BY id DESC LIMIT 500\)/);
  });

  it('keeps the page limit a literal inside the id selection', () => {
    for (const text of [SQL.latest, SQL.byCategory, SQL.byAuthor, SQL.byCategories(2), SQL.byAuthors(2), SQL.idsByAuthors(2), SQL.following]) {
      expect(text).toMatch(/LIMIT 11\b/);
      expect(text).not.toMatch(/LIMIT \?/);
    }
  });
});

describe.runIf(!sqlite)('For you’s own statements (PostgreSQL, generic plans)', () => {
  let pgApp: TestApp;
  let reader: number;

  beforeAll(async () => {
    pgApp = await buildTestApp();
    await bulkPeopleAndPosts(pgApp, 20_000);
    const people = (await pgApp.db.selectFrom('users').select('id').orderBy('id').limit(300).execute()).map((u) => u.id);
    reader = people[0]!;
    const now = nowIso();
    await pgApp.db
      .insertInto('follows')
      .values(people.slice(1, 201).map((id) => ({ follower_id: reader, following_id: id, created_at: now })))
      .execute();
    await pgApp.db
      .insertInto('feed_author_mutes')
      .values(people.slice(201, 251).map((id) => ({ user_id: reader, author_id: id, created_at: now })))
      .execute();
    // Everyone else follows, chose topics and tuned too: tables of tens of thousands of rows.
    const topics = (await pgApp.db.selectFrom('categories').select('id').execute()).map((c) => c.id);
    const first = people[0]!;
    await sql`INSERT INTO follows (follower_id, following_id, created_at)
      SELECT ${first} + n, ${first} + (n * 7 + 1) % 20000, ${now} FROM generate_series(1, 19999) n WHERE (n * 7 + 1) % 20000 <> n
      ON CONFLICT DO NOTHING`.execute(pgApp.db);
    for (const [i, table] of (['user_categories', 'feed_topic_tuning'] as const).entries()) {
      await sql`INSERT INTO ${sql.table(table)} (user_id, category_id, ${sql.raw(table === 'feed_topic_tuning' ? 'choice, ' : '')}created_at)
        SELECT ${first} + n, ${sql.raw(`(ARRAY[${topics.join(',')}])`)}[1 + (n + ${i}) % ${topics.length}], ${sql.raw(table === 'feed_topic_tuning' ? "'less', " : '')}${now}
        FROM generate_series(1, 19999) n`.execute(pgApp.db);
    }
    await sql`INSERT INTO feed_author_mutes (user_id, author_id, created_at) SELECT ${first} + n, ${first} + (n * 3 + 2) % 20000, ${now}
      FROM generate_series(1, 19999) n WHERE (n * 3 + 2) % 20000 <> n ON CONFLICT DO NOTHING`.execute(pgApp.db);
    await sql`UPDATE posts SET likes_count = id % 7`.execute(pgApp.db);
    await sql`ANALYZE`.execute(pgApp.db);
  }, 120_000);
  afterAll(() => pgApp?.close());

  it('finds the popular posts among the newest POPULAR_WINDOW, not the 20 000', async () => {
    const { scans, read, shown } = await genericPlan(pgApp, FOR_YOU_SQL.popular(true), []);
    expect(
      scans.filter((s) => s.startsWith('Seq Scan')),
      shown,
    ).toEqual([]);
    // The window's ids, then each row by key.
    expect(read.get('posts'), shown).toBeLessThanOrEqual(2 * POPULAR_WINDOW);
  });

  it('reads a reader’s profile through the keys on the reader', async () => {
    const { scans, read, shown } = await genericPlan(pgApp, FOR_YOU_SQL.readerProfile, [reader, reader, reader, reader]);
    expect(
      scans.filter((s) => s.startsWith('Seq Scan')),
      shown,
    ).toEqual([]);
    // The 200 followed authors' rows and their counts, the 50 mutes: never a table's tens of thousands.
    for (const [table, rows] of read) expect(rows, `${table}: ${shown}`).toBeLessThanOrEqual(200);
  });
});

describe.runIf(!sqlite)('the post page’s plan (PostgreSQL)', () => {
  const ROWS = 20_000;
  let pgApp: TestApp;
  let popular: number;

  beforeAll(async () => {
    pgApp = await buildTestApp();
    await bulkPeopleAndPosts(pgApp, ROWS);
    const now = nowIso();
    const first = (
      await pgApp.db
        .selectFrom('posts')
        .select(({ fn }) => fn.min('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id!;
    const firstUser = (
      await pgApp.db
        .selectFrom('users')
        .select(({ fn }) => fn.min('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id!;
    popular = first + ROWS - 1;
    // A comment on every post, 300 more on the newest, each with a reply from another member, some blocks, likes and saves.
    await sql`INSERT INTO comments (post_id, user_id, body, created_at, updated_at)
      SELECT ${first} + n % ${ROWS}, ${firstUser} + n % ${ROWS}, 'comment ' || n, ${now}, ${now} FROM generate_series(0, ${ROWS + 299}) n`.execute(pgApp.db);
    await sql`INSERT INTO comments (post_id, user_id, body, created_at, updated_at)
      SELECT ${popular}, ${firstUser} + n, 'popular ' || n, ${now}, ${now} FROM generate_series(0, 299) n`.execute(pgApp.db);
    await sql`INSERT INTO replies (comment_id, post_id, user_id, body, created_at, updated_at)
      SELECT id, post_id, ${firstUser} + (id * 7) % ${ROWS}, 'reply', ${now}, ${now} FROM comments`.execute(pgApp.db);
    await sql`INSERT INTO blocks (blocker_id, blocked_id, created_at)
      SELECT ${firstUser} + n, ${firstUser} + (n * 13) % ${ROWS}, ${now} FROM generate_series(1, 2000) n WHERE n <> (n * 13) % ${ROWS}`.execute(pgApp.db);
    await sql`INSERT INTO likes (post_id, user_id, created_at) SELECT ${first} + n, ${firstUser} + (n * 3) % ${ROWS}, ${now} FROM generate_series(0, ${ROWS - 1}) n`.execute(
      pgApp.db,
    );
    await sql`INSERT INTO saves (post_id, user_id, created_at) SELECT ${first} + n, ${firstUser} + (n * 5) % ${ROWS}, ${now} FROM generate_series(0, ${ROWS - 1}) n`.execute(
      pgApp.db,
    );
    // The image ledger with a file for every post, and the popular post's body holding one.
    await sql`INSERT INTO stored_images (path, uploaded_at, width, height)
      SELECT 'aa/bb/' || n || '.webp', ${now}, 800, 600 FROM generate_series(0, ${ROWS - 1}) n`.execute(pgApp.db);
    await sql`INSERT INTO post_images (post_id, path) SELECT ${first} + n, 'aa/bb/' || n || '.webp' FROM generate_series(0, ${ROWS - 1}) n`.execute(pgApp.db);
    await sql`UPDATE posts SET description = ${`<p><img src="/storage/aa/bb/${ROWS - 1}.webp"></p>`} WHERE id = ${popular}`.execute(pgApp.db);
    await sql`ANALYZE`.execute(pgApp.db);
  }, 120_000);
  afterAll(() => pgApp?.close());

  it('reads the post, its comments and replies through their indexes, never a whole table (generic plan)', async () => {
    // As a visitor sees it (the service adds a reader's flags and blocks).
    const { scans, read, shown } = await genericPlan(pgApp, SQL.postPage, [0, 0, popular]);
    expect(
      scans.filter((s) => s.startsWith('Seq Scan')),
      shown,
    ).toEqual([]);
    for (const table of ['posts', 'comments', 'replies', 'post_images', 'stored_images']) expect(read.get(table), shown).toBeGreaterThan(0);
    // The popular post's 301 comments and their replies, a user row for each, never a table's 20 000.
    for (const [table, rows] of read) expect(rows, `${table}: ${shown}`).toBeLessThan(1_000);
  });
});
