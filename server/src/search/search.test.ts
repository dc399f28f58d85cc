import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_RESULTS_MAX } from '@inkwell/contract';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type TestUser, aPost, aStoryElsewhere, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';
import { bulkPeopleAndPosts } from '../test/bulk.ts';
import { SEARCH_WINDOW } from './search.repository.ts';

let t: TestApp;
let grace: TestUser;
let ada: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  grace = await aUser(t.db, { name: 'Grace Hopper' });
  ada = await aUser(t.db, { name: 'Ada Lovelace' });
});
afterAll(() => t.close());

const search = async (query: unknown, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/search', payload: { query }, headers });
  return res;
};
const found = async (query: string) => {
  const res = await search(query);
  expect(res.statusCode).toBe(200);
  return res.json() as { users: Array<{ id: number; name: string | null }>; posts: Array<{ id: number; title: string; image: string | null }> };
};

describe('POST /api/user/search', () => {
  it('finds posts by word prefixes of their titles, newest first, and people by name, for visitors', async () => {
    const older = await aPost(t.db, { userId: grace.id, title: 'Compilers for everyone' });
    const newer = await aPost(t.db, { userId: ada.id, title: 'Why compilers matter' });
    await aPost(t.db, { userId: ada.id, title: 'Analytical engines' });

    const byWord = await found('compil');
    expect(byWord.posts.map((p) => p.id)).toEqual([newer.id, older.id]);
    expect(Object.keys(byWord.posts[0]!).sort()).toEqual(['id', 'image', 'title']);
    expect(byWord.posts[0]).toMatchObject({ id: newer.id, title: 'Why compilers matter' });
    expect((await found('COMPILERS everyone')).posts.map((p) => p.id)).toEqual([older.id]);
    expect((await found('compilers engines')).posts).toEqual([]);

    expect((await found('hopp')).users).toEqual([{ id: grace.id, name: 'Grace Hopper', profile_picture: null }]);
    expect((await found('grace hopper')).users.map((u) => u.id)).toEqual([grace.id]);
  });

  it('finds members only: an account of another server is not among the people, most followed or not', async () => {
    await anAccountElsewhere(t.db, 'Grace Elsewhere', { followers: 100_000 });
    await anAccountElsewhere(t.db, 'Grace Quietly');
    expect((await found('grace')).users.map((u) => u.id)).toEqual([grace.id]);
  });

  it('keeps the index in step with edits and deletes', async () => {
    const post = await aPost(t.db, { userId: grace.id, title: 'Nanoseconds explained' });
    expect((await found('nanosecond')).posts.map((p) => p.id)).toEqual([post.id]);
    await t.db.updateTable('posts').set({ title: 'Microseconds explained' }).where('id', '=', post.id).execute();
    expect((await found('nanosecond')).posts).toEqual([]);
    expect((await found('microsec')).posts.map((p) => p.id)).toEqual([post.id]);
    await t.db.deleteFrom('posts').where('id', '=', post.id).execute();
    expect((await found('microsec')).posts).toEqual([]);
  });

  it('takes any text as plain words: quotes, operators and wildcards find nothing special and never fail', async () => {
    await aPost(t.db, { userId: grace.id, title: 'The "quoted" OR star * post' });
    for (const query of ['"', '"quoted', 'OR', 'star*', '* OR "', 'NEAR(a b)', "'; DROP TABLE posts; --", '%', '_', '\\', 'title:quoted', '-star', 'a & b | !c', ':*']) {
      const res = await search(query);
      expect(res.statusCode, query).toBe(200);
    }
    expect((await found('"quoted" star')).posts).toHaveLength(1);
    expect((await found('%')).users).toEqual([]);
    expect((await found('   ')).posts).toEqual([]);
  });

  it(`answers at most ${SEARCH_RESULTS_MAX} of each`, async () => {
    for (let i = 0; i < SEARCH_RESULTS_MAX + 3; i += 1) await aPost(t.db, { userId: ada.id, title: `Plentiful post ${i}` });
    for (let i = 0; i < SEARCH_RESULTS_MAX + 2; i += 1) await aUser(t.db, { name: `Plentiful Person ${i}` });
    const result = await found('plentiful');
    expect(result.posts).toHaveLength(SEARCH_RESULTS_MAX);
    expect(result.users).toHaveLength(SEARCH_RESULTS_MAX);
  });

  it('refuses a missing or too long query (422), and works with a session too', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/user/search', payload: {} })).statusCode).toBe(422);
    const long = await search('x'.repeat(101));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.query[0]).toBe('The query may not be greater than 100 characters.');
    const session = await signIn(t.app, ada);
    expect((await search('grace', session.headers)).json().users.map((u: { id: number }) => u.id)).toEqual([grace.id]);
  });

  it('finds people beyond the most followed through the trigram index, case-insensitively in any script', async () => {
    const now = new Date().toISOString();
    for (let i = 0; i < SEARCH_WINDOW + 10; i += 1) {
      await sql`INSERT INTO users (email, email_normalized, name, created_at, updated_at, followers_count)
        VALUES (${`popular${i}@example.com`}, ${`popular${i}@example.com`}, ${`Popular Writer ${i}`}, ${now}, ${now}, 5)`.execute(t.db);
    }
    const quiet = await aUser(t.db, { name: 'Élodie Zweig' });
    expect((await found('élodie')).users.map((u) => u.id)).toEqual([quiet.id]);
    expect((await found('ÉLODIE Zw')).users.map((u) => u.id)).toEqual([quiet.id]);
    expect((await found('odie')).users.map((u) => u.id)).toEqual([quiet.id]);
    // The most followed first; a two-letter text is looked for among the most followed only.
    const popular = await found('popular');
    expect(popular.users).toHaveLength(SEARCH_RESULTS_MAX);
    expect(popular.users.every((u) => u.name?.startsWith('Popular Writer'))).toBe(true);
    expect((await found('zw')).users).toEqual([]);
  });

  it('keeps the most followed people for a moment, and forgets them at the next write', async () => {
    const cached = await buildTestApp({ config: { feedCacheMs: 60_000 } });
    try {
      const user = await aUser(cached.db, { name: 'Quentin Quill' });
      const session = await signIn(cached.app, user);
      const ask = async (query: string) => (await cached.app.inject({ method: 'POST', url: '/api/user/search', payload: { query } })).json().users;
      expect((await ask('quentin')).map((u: { id: number }) => u.id)).toEqual([user.id]);
      const renamed = await cached.app.inject({ method: 'POST', url: '/api/user/update-profile', headers: session.headers, payload: { id: user.id, name: 'Rosalind Reed' } });
      expect(renamed.statusCode).toBe(200);
      expect(await ask('quentin')).toEqual([]);
      expect((await ask('rosalind')).map((u: { id: number }) => u.id)).toEqual([user.id]);
    } finally {
      await cached.close();
    }
  });

  it('finds posts older than the newest window through the index, in one newest-first list, none from elsewhere', async () => {
    const older = await aPost(t.db, { userId: grace.id, title: 'Xylophone tuning at home' });
    // A story of an account elsewhere (migration 0055), older than the window too: never found.
    await aStoryElsewhere(t.db, await anAccountElsewhere(t.db, 'Xylo Elsewhere'), { title: 'Xylophone tuning elsewhere' });
    await bulkPeopleAndPosts(t, SEARCH_WINDOW + 50);
    const newer = await aPost(t.db, { userId: ada.id, title: 'Xylophones, repaired' });
    expect((await found('xylophone')).posts.map((p) => p.id)).toEqual([newer.id, older.id]);
    expect((await found('xylophone tuning')).posts.map((p) => p.id)).toEqual([older.id]);
    const common = (await found('common notes')).posts;
    expect(common).toHaveLength(SEARCH_RESULTS_MAX);
    expect(common.map((p) => p.id)).toEqual([...common.map((p) => p.id)].sort((a, b) => b - a));
    expect((await found('zzqxv')).posts).toEqual([]);
  });
});
