import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_PAGE_SIZE } from '@inkwell/contract';
import { deletePostWithDependents, updatePost } from '../posts/posts.repository.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type TestUser, aUser } from '../test/factories.ts';
import { aStory, allPosts, ask, marks, page, plain } from './results.testkit.ts';

/**
 * POST /search/results, posts: the same answers on SQLite and PostgreSQL (this file runs on both): the
 * ranking, what matches where, snippets and their marks, escaping, paging, the index kept in step.
 */
let t: TestApp;
let ada: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  ada = await aUser(t.db, { name: 'Ada Lovelace' });
});
afterAll(() => t?.close());

const ids = async (query: string) => (await page(t, query)).posts.map((p) => p.id);

describe('POST /api/user/search/results: posts', () => {
  it('ranks title over subtitle over body, then fresher first; all words before some', async () => {
    const title = await aStory(t, { userId: ada.id, title: 'The zephyr report', daysAgo: 10 });
    const sub = await aStory(t, { userId: ada.id, sub: 'On the zephyr, again', daysAgo: 10 });
    const body = await aStory(t, { userId: ada.id, body: '<p>A warm zephyr came.</p>', daysAgo: 10 });
    const freshBody = await aStory(t, { userId: ada.id, body: '<p>Zephyr today.</p>', daysAgo: 0 });
    const oldTitle = await aStory(t, { userId: ada.id, title: 'Zephyr, long ago', daysAgo: 100 });
    // Title 4, subtitle 2, body 1, each halved every 30 days: 4 × 0.79, 2 × 0.79, 1, 1 × 0.79, 4 × 0.1.
    expect(await ids('zephyr')).toEqual([title, sub, freshBody, body, oldTitle]);
    // Both words, even old and only in the body, come before one word in a fresh title.
    const both = await aStory(t, { userId: ada.id, body: '<p>A walrus met a zephyr.</p>', daysAgo: 300 });
    expect((await ids('zephyr walrus'))[0]).toBe(both);
    expect(await ids('ZÉPHYR')).toEqual(await ids('zephyr'));
  });

  it('matches titles and subtitles by word prefix, bodies by whole word, never tag names or attributes', async () => {
    const titled = await aStory(t, { userId: ada.id, title: 'Quasars explained' });
    const subtitled = await aStory(t, { userId: ada.id, sub: 'Quasarish thoughts' });
    const bodied = await aStory(t, { userId: ada.id, body: '<p>Quasars everywhere</p>' });
    expect(await ids('quasar')).toEqual([titled, subtitled]);
    expect(await ids('quasars')).toEqual([titled, bodied]);
    const tagged = await aStory(t, {
      userId: ada.id,
      body: '<p><strong class="obscureclass">visible</strong> <a href="https://example.com/obscurepath">text</a><img src="/storage/obscureimg.webp" alt="obscurealt"></p>',
    });
    for (const query of ['obscureclass', 'obscurepath', 'obscureimg', 'obscurealt', 'href', 'strong']) expect(await ids(query), query).not.toContain(tagged);
    expect(await ids('visible')).toContain(tagged);
  });

  it('answers snippets and titles as text pieces, the matched words marked, HTML staying text', async () => {
    const filler = 'Lorem ipsum dolor sit amet. '.repeat(12);
    const id = await aStory(t, {
      userId: ada.id,
      title: '<b>Bold</b> kestrel notes',
      body: `<p>${filler}</p><p>Then a <em>kestrel</em> wrote &lt;script&gt;alert("kestrel")&lt;/script&gt; at dusk.</p><p>${filler}</p>`,
    });
    const [found] = (await page(t, 'kestrel')).posts;
    expect(found!.id).toBe(id);
    expect(plain(found!.title)).toBe('<b>Bold</b> kestrel notes');
    expect(marks(found!.title)).toEqual(['kestrel']);
    const snippet = plain(found!.snippet);
    expect(snippet).toContain('Then a kestrel wrote <script>alert("kestrel")</script> at dusk.');
    expect(snippet.length).toBeLessThan(200);
    expect(snippet.startsWith('…') && snippet.endsWith('…')).toBe(true);
    expect(marks(found!.snippet)).toEqual(['kestrel', 'kestrel']);
    expect(found).toMatchObject({ sub_title: 'A subtitle', author: { id: ada.id, name: 'Ada Lovelace', profile_picture: null }, image: null, image_width: null });
  });

  it('takes any text as plain words: search syntax, wildcards, quotes and markup never fail nor match everything', async () => {
    const id = await aStory(t, { userId: ada.id, title: 'The "quoted" OR star * post', body: '<p>100% of_it</p>' });
    const queries = [
      '"',
      '"quoted',
      'OR',
      'star*',
      '* OR "',
      'NEAR(a b)',
      "'; DROP TABLE posts; --",
      '%',
      '_',
      '\\',
      'title:quoted',
      '-star',
      'a & b | !c',
      ':*',
      '<script>alert(1)</script>',
      '{title}: x',
      'x:*A',
    ];
    for (const query of queries) {
      for (const type of ['posts', 'people', 'topics']) expect((await ask(t, { query, type })).status, `${type} ${query}`).toBe(200);
    }
    expect(await ids('"quoted" star')).toEqual([id]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    expect((await ids('of_it'))[0]).toBe(id);
    expect((await page(t, '%', 'people')).people).toEqual([]);
    expect(await ids('   ')).toEqual([]);
  });

  it('pages through the ranking without repeats or skips, while new posts arrive', async () => {
    const made: number[] = [];
    for (let i = 0; i < 2 * SEARCH_PAGE_SIZE + 5; i += 1) made.push(await aStory(t, { userId: ada.id, title: `Pagination lesson ${i}`, daysAgo: 40 - i }));
    const first = await page(t, 'pagination');
    expect(first.posts).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.next_cursor).toEqual(expect.any(String));
    // Published after the first page: not in this search's later pages, nothing shifts.
    const late = await aStory(t, { userId: ada.id, title: 'Pagination lesson, late' });
    const seen = first.posts.map((p) => p.id);
    let cursor = first.next_cursor;
    while (cursor) {
      const next = await page(t, 'pagination', 'posts', cursor);
      seen.push(...next.posts.map((p) => p.id));
      cursor = next.next_cursor;
    }
    expect(seen).toEqual([...made].reverse());
    expect((await allPosts(t, 'pagination'))[0]).toBe(late);
  });

  it('refuses a bad type, cursor or query (422) and is open to visitors', async () => {
    const bad = await ask(t, { query: 'x', type: 'videos' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.type?.[0]).toBe('The type must be posts, people or topics.');
    for (const cursor of ['garbage', 'p_1_2_3_4', 'o_5', 'p_1_1_2_0.5_1', 'x'.repeat(121)]) {
      const res = await ask(t, { query: 'zephyr', type: 'posts', cursor });
      expect(res.status, cursor).toBe(422);
      expect(res.body.errors?.cursor?.[0]).toBe('The cursor field is invalid.');
    }
    expect((await ask(t, { query: 'x', type: 'people', cursor: 'p_1_1_1_0.5_1' })).status).toBe(422);
    expect((await ask(t, { query: 'x'.repeat(101) })).status).toBe(422);
    expect((await ask(t, {})).status).toBe(422);
    // Without a type: posts.
    expect((await ask(t, { query: 'zephyr' })).body.type).toBe('posts');
  });

  it('keeps the indexes in step with edits and deletes, in the same transaction', async () => {
    const id = await aStory(t, { userId: ada.id, title: 'Ibis', body: '<p>The flamingo stands.</p>' });
    expect(await ids('flamingo')).toEqual([id]);
    const category = (await t.db.selectFrom('posts').select('category_id').where('id', '=', id).executeTakeFirstOrThrow()).category_id!;
    await updatePost(
      t.db,
      id,
      { category_id: category, title: 'Heron', sub_title: 'Pelican', description: '<p>The crane waits.</p>', image: null, read_time: 1 },
      new Date().toISOString(),
    );
    expect(await ids('flamingo')).toEqual([]);
    expect(await ids('ibis')).toEqual([]);
    expect(await ids('crane')).toEqual([id]);
    expect(await ids('pelican')).toEqual([id]);
    await t.db.transaction().execute((trx) => deletePostWithDependents(trx, id));
    expect(await ids('crane')).toEqual([]);
    // A member's deletion takes their posts by cascade: out of the indexes too.
    const gone = await aUser(t.db);
    await aStory(t, { userId: gone.id, title: 'Cassowary', body: '<p>Emu</p>' });
    await t.db.deleteFrom('users').where('id', '=', gone.id).execute();
    expect(await ids('cassowary')).toEqual([]);
    if (t.database.dialect === 'sqlite') {
      for (const table of ['posts_heading', 'posts_body']) {
        expect(await t.database.all(`SELECT rowid FROM ${table} WHERE ${table} MATCH ?`, ['cassowary OR emu']), table).toEqual([]);
      }
      // FTS5's own check that each index matches its content (posts) row for row: throws if not.
      for (const table of ['posts_heading', 'posts_body', 'users_bio_search']) await sql.raw(`INSERT INTO ${table} (${table}) VALUES ('integrity-check')`).execute(t.db);
    }
  });
});
