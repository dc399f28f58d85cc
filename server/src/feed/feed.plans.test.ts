import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database';
import { type TestApp, buildTestApp } from '../test/app';
import { aPost, aUser } from '../test/factories';
import { SQL } from './feed.repository';
import { RECOMMENDATION_SQL } from './recommendations';

/**
 * Guards the query plans of the hot reading statements on SQLite, after ANALYZE (statistics can flip
 * a plan): each page's ids must come from an index walk, never a scan of posts, likes or saves.
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
    ['latest', SQL.latest, /SEARCH posts USING INTEGER PRIMARY KEY \(rowid<\?\)/],
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
    ['viewerFlags', SQL.viewerFlags, /SEARCH likes USING COVERING INDEX \w+ \((post_id=\? AND user_id=\?|user_id=\? AND post_id=\?)\)/],
    ['cardsByIds', SQL.cardsByIds, /SEARCH p USING INTEGER PRIMARY KEY \(rowid=\?\)/],
    ['imageSizes', SQL.imageSizes, /SEARCH pi USING (COVERING )?INDEX \w+ \(post_id=\?\)/],
  ])('%s picks its rows from an index and scans no table', async (_name, text, expected) => {
    const lines = await plan(text);
    expect(lines.some((l) => expected.test(l)), lines.join('\n')).toBe(true);
    expect(scansATable(lines), lines.join('\n')).toEqual([]);
    // A card's cover size comes from the image ledger through its primary key.
    if (text.includes('stored_images si')) expect(lines.some((l) => /SEARCH si USING INDEX sqlite_autoindex_stored_images_1 \(path=\?\)/.test(l)), lines.join('\n')).toBe(true);
    // The viewer's like and save are looked up per row of the page through their primary keys.
    if (text.includes('FROM likes l ')) {
      expect(lines.some((l) => /SEARCH l USING COVERING INDEX .*\(post_id=\? AND user_id=\?\)/.test(l))).toBe(true);
      expect(lines.some((l) => /SEARCH s USING COVERING INDEX .*\(user_id=\? AND post_id=\?\)/.test(l))).toBe(true);
    }
  });

  it('walks the followers index for Whom to follow and the newest posts by key for Picks', async () => {
    const whom = await plan(RECOMMENDATION_SQL.whomToFollow);
    expect(whom.some((l) => /SCAN u USING INDEX users_followers_idx/.test(l)), whom.join('\n')).toBe(true);
    expect(whom.some((l) => /TEMP B-TREE/.test(l)), whom.join('\n')).toBe(false);
    const picks = await plan(RECOMMENDATION_SQL.picks);
    expect(picks.some((l) => /SEARCH p USING INTEGER PRIMARY KEY/.test(l)), picks.join('\n')).toBe(true);
    expect(RECOMMENDATION_SQL.picks).toMatch(/ORDER BY id DESC LIMIT 500\)/);
  });

  it('keeps the page limit a literal inside the id selection', () => {
    for (const text of [SQL.latest, SQL.byCategory, SQL.byAuthor, SQL.byCategories(2), SQL.byAuthors(2), SQL.idsByAuthors(2), SQL.following]) {
      expect(text).toMatch(/LIMIT 11\b/);
      expect(text).not.toMatch(/LIMIT \?/);
    }
  });
});
