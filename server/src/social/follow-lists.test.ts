import { FOLLOW_LIST_PAGE_SIZE, type FollowListPage } from '@inkwell/contract';
import { sql } from 'kysely';
import { nowIso } from '../db/database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { bulkPeopleAndPosts } from '../test/bulk.ts';
import { genericPlanText } from '../test/plans.ts';
import { type TestUser, aPost, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';
import { FOLLOW_LIST_SQL } from './follows.repository.ts';
import { type Member, aMember, call } from './social.testkit.ts';

/**
 * POST /followers and /following {profile_id, user_id?} ?cursor=: open lists, newest follow first,
 * keyset-paged, with the caller's is_following; deactivated and blocked members left out. Both databases.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type List = 'followers' | 'following';
const list = (which: List, profileId: number, as?: Member, cursorUrl?: string, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: cursorUrl ?? `/api/user/${which}`,
    payload: { profile_id: profileId, ...(as ? { user_id: as.id } : {}), ...extra },
    headers: as?.headers ?? {},
  });
const page = (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FollowListPage;
};
const ids = (p: FollowListPage) => p.data.map((person) => person.id);

/** A follow written directly, at a time of our choosing (seconds after a fixed start), counters kept. */
async function follows(follower: { id: number }, following: { id: number }, second: number): Promise<void> {
  const created_at = new Date(Date.UTC(2024, 0, 1, 0, 0, second)).toISOString();
  await t.db.insertInto('follows').values({ follower_id: follower.id, following_id: following.id, created_at }).execute();
  await t.db
    .updateTable('users')
    .set((eb) => ({ followers_count: eb('followers_count', '+', 1) }))
    .where('id', '=', following.id)
    .execute();
  await t.db
    .updateTable('users')
    .set((eb) => ({ following_count: eb('following_count', '+', 1) }))
    .where('id', '=', follower.id)
    .execute();
}

/** Reads every page of a list, following next_page_url. */
async function everyPage(which: List, profileId: number, as?: Member): Promise<{ pages: FollowListPage[]; all: number[] }> {
  const pages: FollowListPage[] = [];
  let url: string | undefined;
  for (let i = 0; i < 20; i += 1) {
    const p = page(await list(which, profileId, as, url));
    pages.push(p);
    if (!p.next_page_url) break;
    url = p.next_page_url;
  }
  return { pages, all: pages.flatMap(ids) };
}

describe('POST /followers and /following', () => {
  it('lists both sides newest follow first, each person with their public fields, to visitors too', async () => {
    const writer = await aUser(t.db, { name: 'Writer' });
    const [a, b, c] = await Promise.all([aUser(t.db, { name: 'A' }), aUser(t.db, { name: 'B' }), aUser(t.db, { name: 'C' })]);
    await t.db.updateTable('users').set({ username: 'bee', bio: 'Bees and words' }).where('id', '=', b.id).execute();
    await follows(a, writer, 1);
    await follows(b, writer, 3);
    await follows(c, writer, 2);
    await follows(writer, c, 5);
    await follows(writer, a, 6);

    const followers = page(await list('followers', writer.id));
    expect(ids(followers)).toEqual([b.id, c.id, a.id]);
    expect(followers.next_page_url).toBeNull();
    expect(followers.data[0]).toEqual({
      id: b.id,
      name: 'B',
      username: 'bee',
      bio: 'Bees and words',
      profile_picture: null,
      followers_count: 0,
      is_following: false,
      elsewhere: null,
    });
    expect(followers.data.find((p) => p.id === c.id)?.followers_count).toBe(1);

    const following = page(await list('following', writer.id));
    expect(ids(following)).toEqual([a.id, c.id]);
    expect(following.data.every((p) => p.is_following === false)).toBe(true);
    expect(page(await list('followers', a.id)).data.map((p) => p.name)).toEqual(['Writer']);
    expect(page(await list('followers', b.id))).toEqual({ data: [], next_page_url: null });
  });

  it('pages 20 at a time without repeats or gaps, while someone follows between two pages', async () => {
    const writer = await aUser(t.db);
    const fans = await Promise.all(Array.from({ length: 45 }, () => aUser(t.db)));
    for (const [i, fan] of fans.entries()) await follows(fan, writer, i); // fans[44] is the newest
    const late = await aMember(t, 'Late');

    const first = page(await list('followers', writer.id));
    expect(first.data).toHaveLength(FOLLOW_LIST_PAGE_SIZE);
    expect(first.next_page_url).toMatch(/^\/api\/user\/followers\?cursor=2024-01-01T00%3A00%3A25\.000Z%7C\d+$/);
    // A follow made between pages is newer than the cursor: the next pages neither repeat nor skip anyone.
    const followed = await call(t, '/follow-unfollow', { user_id: late.id, follow_id: writer.id, followType: 1 }, late);
    expect(followed.statusCode).toBe(200);
    const second = page(await list('followers', writer.id, undefined, first.next_page_url!));
    const third = page(await list('followers', writer.id, undefined, second.next_page_url!));
    expect(second.data).toHaveLength(FOLLOW_LIST_PAGE_SIZE);
    expect(third.data).toHaveLength(5);
    expect(third.next_page_url).toBeNull();
    const seen = [...ids(first), ...ids(second), ...ids(third)];
    expect(seen).toEqual(fans.map((f) => f.id).reverse());
    // Read again from the start, the newcomer comes first.
    expect(ids(page(await list('followers', writer.id)))[0]).toBe(late.id);
    expect((await everyPage('followers', writer.id)).all).toHaveLength(46);
  });

  it('breaks ties of the same follow time by id, and a page that ends the list exactly has no next one', async () => {
    const writer = await aUser(t.db);
    const fans = await Promise.all(Array.from({ length: FOLLOW_LIST_PAGE_SIZE * 2 }, () => aUser(t.db)));
    for (const fan of fans) await follows(fan, writer, 7); // all at the same moment
    const { pages, all } = await everyPage('followers', writer.id);
    expect(pages).toHaveLength(2);
    expect(all).toEqual(fans.map((f) => f.id).sort((x, y) => y - x));
  });

  it('marks whom the caller follows, never the caller themselves, and nothing for visitors', async () => {
    const writer = await aUser(t.db);
    const reader = await aMember(t, 'Reader');
    const [a, b] = await Promise.all([aUser(t.db), aUser(t.db)]);
    await follows(a, writer, 1);
    await follows(b, writer, 2);
    await follows(reader, writer, 3);
    await follows(reader, a, 4);

    const asReader = page(await list('followers', writer.id, reader));
    expect(asReader.data.map((p) => [p.id, p.is_following])).toEqual([
      [reader.id, false],
      [b.id, false],
      [a.id, true],
    ]);
    const asVisitor = page(await list('followers', writer.id));
    expect(asVisitor.data.map((p) => p.is_following)).toEqual([false, false, false]);
    // The session decides, with or without a user_id in the body.
    const noUserId = await t.app.inject({ method: 'POST', url: '/api/user/followers', payload: { profile_id: writer.id }, headers: reader.headers });
    expect(page(noUserId).data.map((p) => p.is_following)).toEqual([false, false, true]);
    expect(page(await list('following', reader.id, reader)).data.map((p) => [p.id, p.is_following])).toEqual([
      [a.id, true],
      [writer.id, true],
    ]);
  });

  it('leaves out deactivated members and those the caller blocked, filling the page from further rows', async () => {
    const writer = await aUser(t.db);
    const reader = await aMember(t, 'Reader');
    const fans = await Promise.all(Array.from({ length: 26 }, () => aUser(t.db)));
    for (const [i, fan] of fans.entries()) await follows(fan, writer, i);
    const newestFirst = fans.map((f) => f.id).reverse();
    const gone = newestFirst.slice(0, 3);
    const blocked = newestFirst.slice(3, 6);
    await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', 'in', gone).execute();
    await t.db
      .insertInto('blocks')
      .values(blocked.map((id) => ({ blocker_id: reader.id, blocked_id: id, created_at: new Date().toISOString() })))
      .execute();

    const asReader = page(await list('followers', writer.id, reader));
    expect(ids(asReader)).toEqual(newestFirst.slice(6, 26));
    expect(asReader.next_page_url).toBeNull();
    // A visitor blocked nobody: only the deactivated are left out, over two pages.
    const asVisitor = await everyPage('followers', writer.id);
    expect(asVisitor.all).toEqual(newestFirst.slice(3));
    expect(asVisitor.pages[0]!.data).toHaveLength(FOLLOW_LIST_PAGE_SIZE);
    // Both sides: whom a writer follows leaves them out alike.
    await follows(writer, { id: gone[0]! }, 30);
    await follows(writer, { id: blocked[0]! }, 31);
    await follows(writer, { id: newestFirst[10]! }, 32);
    expect(ids(page(await list('following', writer.id, reader)))).toEqual([newestFirst[10]]);
    expect(ids(page(await list('following', writer.id)))).toEqual([newestFirst[10], blocked[0]]);
  });

  it('holds accounts elsewhere beside members (ADR 0085), and one’s own following list starts with the follows still asked', async () => {
    const m = await aMember(t, 'Mira');
    const member = await aMember(t, 'Member');
    const far = await anAccountElsewhere(t.db, 'Far Follower');
    const near = await anAccountElsewhere(t.db, 'Near Writer');
    const asked = await anAccountElsewhere(t.db, 'Asked Writer');
    await follows(far, m, 1);
    await follows(member, m, 2);
    await follows(m, near, 3);
    await t.db
      .insertInto('follow_requests')
      .values({ follower_id: m.id, followed_id: asked.id, activity_id: 'https://inkwell.example/ap/users/1#follows/x', created_at: nowIso() })
      .execute();

    const followers = page(await list('followers', m.id));
    expect(ids(followers)).toEqual([member.id, far.id]);
    expect(followers.data[1]).toMatchObject({
      name: 'Far Follower',
      elsewhere: { handle: expect.stringMatching(/^@farfollower@/), profile_url: expect.stringMatching(/^https:/) },
    });
    expect(followers.data[0]!.elsewhere).toBeNull();
    // Her own list: the one still asked first ('pending', counted as followed by her), then the accepted ones.
    const own = page(await list('following', m.id, m));
    expect(own.data.map((p) => [p.id, p.is_following, p.pending ?? false])).toEqual([
      [asked.id, true, true],
      [near.id, true, false],
    ]);
    // Anyone else sees the accepted follows only.
    expect(ids(page(await list('following', m.id)))).toEqual([near.id]);
    expect(ids(page(await list('following', m.id, member)))).toEqual([near.id]);
  });

  it('answers 404 for a missing or deactivated member, 403 for another caller, 422 for bad input and cursors', async () => {
    const writer = await aUser(t.db);
    const reader = await aMember(t, 'Reader');
    const gone = await aUser(t.db);
    await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    for (const which of ['followers', 'following'] as const) {
      for (const id of [999_999, gone.id]) {
        const res = await list(which, id);
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual({ message: 'User not found.' });
      }
      const forged = await list(which, writer.id, undefined, undefined, { user_id: reader.id });
      expect(forged.statusCode, 'a visitor’s user_id is ignored').toBe(200);
      const other = await t.app.inject({ method: 'POST', url: `/api/user/${which}`, payload: { profile_id: writer.id, user_id: writer.id }, headers: reader.headers });
      expect(other.statusCode).toBe(403);
      for (const body of [{}, { profile_id: 'x' }, { profile_id: 0 }, { profile_id: 2 ** 31 }, { profile_id: [writer.id] }, { profile_id: writer.id, user_id: 'me' }]) {
        const res = await t.app.inject({ method: 'POST', url: `/api/user/${which}`, payload: body });
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().message).toEqual(expect.any(String));
      }
      for (const cursor of [
        '5',
        'abc',
        '2024-01-01T00:00:00.000Z|',
        '|5',
        '2024-01-01T00:00:00.000Z|2147483648',
        '2024-01-01 00:00:00|5',
        'x'.repeat(101),
        '2024-01-01T00:00:00.000Z|5&cursor=1',
      ]) {
        const res = await list(which, writer.id, undefined, `/api/user/${which}?cursor=${encodeURIComponent(cursor)}`);
        expect(res.statusCode, cursor).toBe(422);
        expect(res.json().message).toEqual(expect.any(String));
      }
      const wellFormed = await list(which, writer.id, undefined, `/api/user/${which}?cursor=${encodeURIComponent('2024-01-01T00:00:00.000Z|5')}`);
      expect(wellFormed.statusCode).toBe(200);
    }
  });

  it('is a read: it leaves the feed cache alone, as a follow does not', async () => {
    const cached = await buildTestApp({ config: { feedCacheMs: 60_000 } });
    try {
      const feed = async () => ((await cached.app.inject({ method: 'POST', url: '/api/user/view-posts', payload: {} })).json().data as Array<{ id: number }>).map((p) => p.id);
      const author = await aUser(cached.db);
      const first = await aPost(cached.db, { userId: author.id });
      expect(await feed()).toEqual([first.id]);
      await aPost(cached.db, { userId: author.id }); // behind the app's back: not seen while the page is kept
      for (const which of ['followers', 'following'] as const) {
        const res = await cached.app.inject({ method: 'POST', url: `/api/user/${which}`, payload: { profile_id: author.id } });
        expect(res.statusCode).toBe(200);
      }
      expect(await feed()).toEqual([first.id]);
      const reader = await signIn(cached.app, await aUser(cached.db)); // a write: drops the cache
      expect(await feed()).toHaveLength(2);
      expect(reader.id).toBeGreaterThan(0);
    } finally {
      await cached.close();
    }
  });
});

describe('the lists’ query plans', () => {
  const sqlite = process.env.INKWELL_TEST_DB !== 'postgres';
  let people: TestUser[];

  beforeAll(async () => {
    people = await Promise.all(Array.from({ length: 30 }, () => aUser(t.db)));
    const first = people[0]!;
    if (sqlite) {
      for (const [i, p] of people.slice(1).entries()) {
        await follows(p, first, 100 + i);
        await follows(first, p, 200 + i);
      }
    } else {
      // Tables of a real size (10 000 people, each following the next three, all following the first),
      // so the planner's choice is the one a deployment gets.
      await bulkPeopleAndPosts(t, 10_000);
      await sql`INSERT INTO follows (follower_id, following_id, created_at)
        SELECT a.id, b.id, '2023-01-01T00:00:00.000Z' FROM users a JOIN users b ON b.id BETWEEN a.id + 1 AND a.id + 3
        ON CONFLICT DO NOTHING`.execute(t.db);
      await sql`INSERT INTO follows (follower_id, following_id, created_at)
        SELECT id, ${first.id}, '2023-02-01T00:00:00.000Z' FROM users WHERE id <> ${first.id} ON CONFLICT DO NOTHING`.execute(t.db);
      // And follows still waiting for an Accept, one in ten people asking four others.
      await sql`INSERT INTO follow_requests (follower_id, followed_id, activity_id, created_at)
        SELECT a.id, b.id, 'https://inkwell.example/ap/users/' || a.id || '#follows/' || b.id, '2023-03-01T00:00:00.000Z'
        FROM users a JOIN users b ON b.id BETWEEN a.id + 5 AND a.id + 8 WHERE a.id % 10 = 0 ON CONFLICT DO NOTHING`.execute(t.db);
    }
    await sql`ANALYZE`.execute(t.db);
  }, 120_000);

  it.runIf(sqlite)('walks the (member, created_at, other) index on SQLite, and no table', async () => {
    for (const [which, index] of [
      ['followers', 'follows_following_time_idx'],
      ['following', 'follows_follower_time_idx'],
    ] as const) {
      const rows = await t.database.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${FOLLOW_LIST_SQL[which]}`, [1, 1, 1, 'x', 1]);
      const lines = rows.map((r) => r.detail);
      const shown = lines.join('\n');
      expect(
        lines.some((l) => l.includes(`USING COVERING INDEX ${index}`)),
        shown,
      ).toBe(true);
      expect(
        lines.filter((l) => /^SCAN (?!page\b)/.test(l)),
        shown,
      ).toEqual([]);
      expect(
        lines.some((l) => /TEMP B-TREE/.test(l)),
        shown,
      ).toBe(false); // in index order: nothing sorted
      expect(
        lines.some((l) => /SEARCH mine USING COVERING INDEX \w+ \(follower_id=\? AND following_id=\?\)/.test(l)),
        shown,
      ).toBe(true);
      expect(
        lines.some((l) => /SEARCH u USING INTEGER PRIMARY KEY/.test(l)),
        shown,
      ).toBe(true);
      // Whether the viewer asked to follow it: the follow_requests key.
      expect(
        lines.some((l) => /SEARCH asked USING (COVERING )?INDEX sqlite_autoindex_follow_requests\w* \(follower_id=\? AND followed_id=\?\)|SEARCH asked USING PRIMARY KEY/.test(l)),
        shown,
      ).toBe(true);
    }
  });

  it.runIf(!sqlite)('walks the (member, created_at, other) index on PostgreSQL (generic plan), and no table', async () => {
    for (const [which, index] of [
      ['followers', 'follows_following_time_idx'],
      ['following', 'follows_follower_time_idx'],
    ] as const) {
      const plan = await genericPlanText(t.db, FOLLOW_LIST_SQL[which], [people[1]!.id, people[1]!.id, people[0]!.id, '9999', 2147483647]);
      // The page is the first rows of a backward walk bounded by the cursor in the index: nothing sorted.
      expect(plan, plan).toMatch(new RegExp(`Limit[^\\n]*\\n\\s*->  Index Only Scan Backward using ${index}`));
      expect(plan, plan).not.toMatch(/Seq Scan/);
      // Whether the viewer asked to follow each one: the follow_requests key.
      expect(plan, plan).toMatch(/Index (Only )?Scan using follow_requests_\w+ on follow_requests asked/);
    }
  });
});
