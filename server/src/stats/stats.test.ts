import { STATS_MESSAGES } from '@inkwell/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aPost, aUser, signIn } from '../test/factories.ts';
import { dayOf } from './readers.ts';
import { BROWSER, PHONE, beacon, statsOf } from './stats.testkit.ts';

/**
 * The post page's beacons (POST /stats/view, /stats/read {post_id}): one view and one read per reader,
 * post and UTC day, without cookies; not the author's, not a program's; bursts count once. Both databases.
 */
let t: TestApp;
let writer: Session;
let reader: Session;
beforeAll(async () => {
  t = await buildTestApp();
  writer = await signIn(t.app, await aUser(t.db, { name: 'Writer' }));
  reader = await signIn(t.app, await aUser(t.db, { name: 'Reader' }));
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const aStory = async () => (await aPost(t.db, { userId: writer.id, title: 'Counted' })).id;
const DAY_MS = 86_400_000;
/** Moves Date (only) to `days` days after the real now; timers keep running. */
function travel(days: number): void {
  const now = vi.isFakeTimers() ? vi.getRealSystemTime() : Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + days * DAY_MS);
}

describe('views', () => {
  it('count a member once a day, however often and from wherever they open the post', async () => {
    const post = await aStory();
    for (const ip of ['203.0.113.1', '203.0.113.1', '198.51.100.9']) expect((await beacon(t, 'view', post, { as: reader, ip })).statusCode).toBe(204);
    await beacon(t, 'view', post, { as: reader, ua: PHONE });
    const { readers, daily } = await statsOf(t, post);
    expect(readers.map((r) => r.kind)).toEqual(['view']);
    expect(daily).toEqual([{ day: dayOf(Date.now()), views: 1, reads: 0 }]);
  });

  it('count two visitors with another address or another browser as two, each once', async () => {
    const post = await aStory();
    const visits = [
      { ip: '203.0.113.10', ua: BROWSER },
      { ip: '203.0.113.10', ua: BROWSER },
      { ip: '203.0.113.11', ua: BROWSER },
      { ip: '203.0.113.10', ua: PHONE },
      { ip: '203.0.113.11', ua: BROWSER },
    ];
    for (const visit of visits) expect((await beacon(t, 'view', post, visit)).statusCode).toBe(204);
    expect((await statsOf(t, post)).daily[0]).toMatchObject({ views: 3, reads: 0 });
  });

  it('keep neither the address nor the browser, and set no cookie', async () => {
    const post = await aStory();
    const res = await beacon(t, 'view', post, { ip: '192.0.2.44', ua: BROWSER });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toBe('');
    const [row] = (await statsOf(t, post)).readers;
    expect(row!.reader).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const stored = JSON.stringify(await t.db.selectFrom('post_readers').selectAll().execute());
    expect(stored).not.toContain('192.0.2.44');
    expect(stored).not.toContain('Chrome');
  });

  it('count the same visitor again the next day, under a new salt; the old salt is gone', async () => {
    const post = await aStory();
    const visitor = { ip: '203.0.113.20', ua: BROWSER };
    await beacon(t, 'view', post, visitor);
    await beacon(t, 'view', post, visitor);
    const firstSalt = await t.db.selectFrom('stats_salts').selectAll().execute();
    expect(firstSalt).toHaveLength(1);
    travel(1);
    await beacon(t, 'view', post, visitor);
    await beacon(t, 'view', post, visitor);
    await beacon(t, 'view', post, { as: reader });
    const { readers, daily } = await statsOf(t, post);
    expect(daily.map((d) => d.views)).toEqual([1, 2]);
    expect(new Set(readers.map((r) => r.reader)).size).toBe(3);
    const salts = await t.db.selectFrom('stats_salts').selectAll().execute();
    expect(salts.map((s) => s.day)).toEqual([dayOf(Date.now())]);
    expect(salts[0]!.salt).not.toBe(firstSalt[0]!.salt);
  });

  it('do not count the author reading their own post', async () => {
    const post = await aStory();
    expect((await beacon(t, 'view', post, { as: writer })).statusCode).toBe(204);
    expect((await beacon(t, 'read', post, { as: writer })).statusCode).toBe(204);
    expect(await statsOf(t, post)).toEqual({ readers: [], daily: [] });
  });

  it('ignore programs: crawlers, headless browsers, HTTP libraries, no User-Agent', async () => {
    const post = await aStory();
    const programs = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'curl/8.5.0',
      'python-requests/2.32.3',
      '',
    ];
    for (const ua of programs) expect((await beacon(t, 'view', post, { ua })).statusCode, ua).toBe(204);
    expect(await statsOf(t, post)).toEqual({ readers: [], daily: [] });
  });

  it('a burst of 20 identical beacons leaves one row and a counter of one; 20 readers at once, twenty', async () => {
    const post = await aStory();
    const same = await Promise.all(Array.from({ length: 20 }, () => beacon(t, 'view', post, { ip: '203.0.113.30' })));
    expect(same.map((r) => r.statusCode)).toEqual(Array(20).fill(204));
    expect((await statsOf(t, post)).readers).toHaveLength(1);
    expect((await statsOf(t, post)).daily[0]).toMatchObject({ views: 1 });
    await Promise.all(Array.from({ length: 20 }, (_, i) => beacon(t, 'view', post, { ip: `198.51.100.${i + 1}` })));
    await Promise.all(Array.from({ length: 20 }, () => beacon(t, 'read', post, { as: reader })));
    const { readers, daily } = await statsOf(t, post);
    expect(readers.filter((r) => r.kind === 'view')).toHaveLength(21);
    expect(daily[0]).toMatchObject({ views: 21, reads: 1 });
  });
});

describe('reads', () => {
  it('count apart from views, once a day per reader', async () => {
    const post = await aStory();
    await beacon(t, 'view', post, { as: reader });
    await beacon(t, 'read', post, { as: reader });
    await beacon(t, 'read', post, { as: reader });
    await beacon(t, 'read', post, { ip: '203.0.113.40' });
    const { readers, daily } = await statsOf(t, post);
    expect(readers.map((r) => r.kind).sort()).toEqual(['read', 'read', 'view']);
    expect(daily[0]).toMatchObject({ views: 1, reads: 2 });
  });
});

describe('what a beacon may name', () => {
  it('a post that is not there, was deleted or whose author is deactivated: 404 with a message', async () => {
    const gone = await aStory();
    await t.db.deleteFrom('posts').where('id', '=', gone).execute();
    const hidden = await aUser(t.db);
    const hiddenPost = (await aPost(t.db, { userId: hidden.id })).id;
    await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', hidden.id).execute();
    for (const id of [999_999, gone, hiddenPost]) {
      for (const kind of ['view', 'read'] as const) {
        const res = await beacon(t, kind, id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: STATS_MESSAGES.postNotFound });
      }
    }
    expect((await statsOf(t, hiddenPost)).daily).toEqual([]);
  });

  it('no post id, or not an id: 422', async () => {
    for (const id of [undefined, 'abc', -1, 2 ** 31, { id: 1 }]) {
      const res = await beacon(t, 'view', id);
      expect(res.statusCode, String(id)).toBe(422);
      expect(res.json().errors.post_id[0]).toMatch(/post id/);
    }
  });
});

describe('the clean-up', () => {
  it('deletes reader rows before yesterday and salts before today; the days’ numbers stay', async () => {
    const post = await aStory();
    await beacon(t, 'view', post, { ip: '203.0.113.50' });
    travel(1);
    await beacon(t, 'view', post, { ip: '203.0.113.50' });
    await t.app.statsCleanup.runOnce();
    expect((await statsOf(t, post)).readers).toHaveLength(2);
    travel(2);
    await t.app.statsCleanup.runOnce();
    const { readers, daily } = await statsOf(t, post);
    expect(readers.map((r) => r.day)).toEqual([dayOf(Date.now() - DAY_MS)]);
    expect(daily.map((d) => d.views)).toEqual([1, 1]);
    expect(await t.db.selectFrom('stats_salts').selectAll().execute()).toEqual([]);
  });
});

describe('several app servers', () => {
  it('share the day’s salt: a visitor counted by one is not counted again by the other', async () => {
    const other = await t.another();
    try {
      const post = await aStory();
      travel(10); // a day nobody has asked for a salt yet: both servers make one at once
      const visitor = { ip: '203.0.113.60', ua: PHONE };
      await Promise.all([beacon(t, 'view', post, visitor), beacon(other, 'view', post, visitor), beacon(other, 'view', post, visitor)]);
      expect((await statsOf(t, post)).daily[0]).toMatchObject({ views: 1 });
    } finally {
      await other.close();
    }
  });
});

describe('the per-address limit (RATE_LIMIT_STATS)', () => {
  it('refuses an address past it with 429', async () => {
    const limited = await buildTestApp({ config: { rateLimits: { stats: { max: 3, windowMs: 60_000 } } } });
    try {
      const author = await aUser(limited.db);
      const post = (await aPost(limited.db, { userId: author.id })).id;
      const codes = [];
      for (let i = 0; i < 5; i += 1) codes.push((await beacon(limited, 'view', post, { ip: '203.0.113.70', ua: `${BROWSER} ${i}` })).statusCode);
      expect(codes).toEqual([204, 204, 204, 429, 429]);
      expect((await beacon(limited, 'view', post, { ip: '203.0.113.71' })).statusCode).toBe(204);
      expect((await statsOf(limited, post)).daily[0]).toMatchObject({ views: 4 });
    } finally {
      await limited.close();
    }
  });
});
