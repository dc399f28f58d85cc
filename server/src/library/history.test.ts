import { HISTORY_MESSAGES, HISTORY_PAGE_SIZE } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { PASSWORD, type Session, aUser, signIn } from '../test/factories.ts';
import { aStory, call, historyOf, open, rowsOf, turnOn } from './library.testkit.ts';

/**
 * The reading history (issue 13) through its calls, on SQLite and PostgreSQL (this file runs on both):
 * off until turned on, one entry per story, last opened first, own stories and unreadable ones never
 * kept, remove and clear, paging, the per-address limit, and what account deletion takes with it.
 */
let t: TestApp;
let writer: Session;
beforeAll(async () => {
  t = await buildTestApp();
  writer = await signIn(t.app, await aUser(t.db, { name: 'Wren Writer' }));
});
afterAll(() => t?.close());

const reader = async () => signIn(t.app, await aUser(t.db));
const story = (title = 'A story') => aStory(t, { userId: writer.id, title });

describe('POST /api/user/history/add', () => {
  it('records nothing while the history is off, as it is by default', async () => {
    const me = await reader();
    const post = await story();
    await open(t, me, post);
    expect(await rowsOf(t, me.id)).toEqual([]);
    expect(await historyOf(t, me)).toEqual({ enabled: false, entries: [], next_cursor: null });
  });

  it('once on, keeps each story once, the last opened first: a re-read moves it to the top', async () => {
    const me = await reader();
    const res = await call(t, 'history/settings', me, { enabled: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: HISTORY_MESSAGES.on, enabled: true });
    const [a, b, c] = [await story('First'), await story('Second'), await story('Third')];
    for (const post of [a, b, c]) await open(t, me, post);
    expect(await rowsOf(t, me.id)).toEqual([c, b, a]);
    await new Promise((r) => setTimeout(r, 5));
    await open(t, me, a);
    expect(await rowsOf(t, me.id)).toEqual([a, c, b]);
    const page = await historyOf(t, me);
    expect(page.enabled).toBe(true);
    expect(page.entries.map((e) => e.post.id)).toEqual([a, c, b]);
    expect(page.next_cursor).toBeNull();
  });

  it('gives each entry the card every list shows, with the reader’s own like and save', async () => {
    const me = await reader();
    await turnOn(t, me);
    const post = await story('Carded');
    expect((await call(t, 'like', me, { post_id: post, status: 1 })).statusCode).toBe(200);
    expect((await call(t, 'posts/save', me, { post_id: post, save_unsave: 1 })).statusCode).toBe(200);
    const plain = await story('Not liked');
    await open(t, me, post);
    await open(t, me, plain);
    const [second, first] = (await historyOf(t, me)).entries;
    expect(first).toEqual({
      read_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      post: expect.objectContaining({
        id: post,
        user_id: writer.id,
        title: 'Carded',
        sub_title: 'A subtitle',
        likes_count: 1,
        comments_count: 0,
        is_like: true,
        is_saved: true,
        image: null,
        author: { id: writer.id, name: 'Wren Writer', profile_picture: null, followers_count: 0 },
        reason: null,
      }),
    });
    expect(second!.post).toMatchObject({ id: plain, is_like: false, is_saved: false });
  });

  it('never keeps the member’s own stories', async () => {
    await turnOn(t, writer);
    const mine = await story('Mine');
    await open(t, writer, mine);
    expect(await rowsOf(t, writer.id)).toEqual([]);
    await turnOn(t, writer, false);
  });

  it('answers 404 for a story the member may not read, and keeps nothing', async () => {
    const me = await reader();
    await turnOn(t, me);
    const gone = await story('Gone');
    await t.db.deleteFrom('posts').where('id', '=', gone).execute();
    const quiet = await aUser(t.db);
    const hidden = await aStory(t, { userId: quiet.id });
    await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', quiet.id).execute();
    const blocked = await aUser(t.db);
    const theirs = await aStory(t, { userId: blocked.id });
    expect((await call(t, 'block', me, { block_id: blocked.id, status: 1 })).statusCode).toBe(200);
    for (const post of [gone, hidden, theirs, 2_000_000_000]) {
      const res = await call(t, 'history/add', me, { post_id: post });
      expect(res.statusCode, `${post}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Post not found.' });
    }
    // Whether or not the history is on.
    await turnOn(t, me, false);
    expect((await call(t, 'history/add', me, { post_id: gone })).statusCode).toBe(404);
    expect(await rowsOf(t, me.id)).toEqual([]);
  });

  it('leaves one row after a burst of identical calls', async () => {
    const me = await reader();
    await turnOn(t, me);
    const post = await story();
    const answers = await Promise.all(Array.from({ length: 12 }, () => call(t, 'history/add', me, { post_id: post })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(204));
    expect(await rowsOf(t, me.id)).toEqual([post]);
  });

  it('refuses bad bodies with 422 and a message', async () => {
    const me = await reader();
    for (const body of [{ post_id: 'x' }, { post_id: -1 }, {}]) {
      const res = await call(t, 'history/add', me, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.post_id).toHaveLength(1);
    }
    const res = await call(t, 'history/settings', me, { enabled: 'maybe' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.enabled).toEqual(['The enabled field must be 1 or 0.']);
  });
});

describe('turning the history off, removing and clearing', () => {
  it('off keeps what it holds and records nothing more; on again goes on', async () => {
    const me = await reader();
    await turnOn(t, me);
    const [a, b] = [await story(), await story()];
    await open(t, me, a);
    const res = await call(t, 'history/settings', me, { enabled: '0' });
    expect(res.json()).toEqual({ message: HISTORY_MESSAGES.off, enabled: false });
    await open(t, me, b);
    expect(await historyOf(t, me)).toMatchObject({ enabled: false, entries: [{ post: { id: a } }] });
    await turnOn(t, me);
    await open(t, me, b);
    expect(await rowsOf(t, me.id)).toEqual([b, a]);
  });

  it('removes one entry (twice is no error) and clears all of them, the setting unchanged', async () => {
    const me = await reader();
    await turnOn(t, me);
    const posts = [await story(), await story(), await story()];
    for (const post of posts) await open(t, me, post);
    const first = await call(t, 'history/remove', me, { post_id: posts[1] });
    expect(first.json()).toEqual({ message: HISTORY_MESSAGES.removed, removed: 1 });
    expect((await call(t, 'history/remove', me, { post_id: posts[1] })).json()).toEqual({ message: HISTORY_MESSAGES.removed, removed: 0 });
    expect(await rowsOf(t, me.id)).toEqual([posts[2], posts[0]]);
    const cleared = await call(t, 'history/clear', me);
    expect(cleared.json()).toEqual({ message: HISTORY_MESSAGES.cleared, removed: 2 });
    expect(await historyOf(t, me)).toEqual({ enabled: true, entries: [], next_cursor: null });
  });

  it('is the member’s own: another member can neither read nor change it', async () => {
    const me = await reader();
    const other = await reader();
    await turnOn(t, me);
    const post = await story();
    await open(t, me, post);
    for (const [url, body] of [
      ['history', {}],
      ['history/settings', { enabled: 0 }],
      ['history/add', { post_id: post }],
      ['history/remove', { post_id: post }],
      ['history/clear', {}],
      ['library/search', { query: 'story' }],
    ] as const) {
      const res = await call(t, url, other, { ...body, user_id: me.id });
      expect(res.statusCode, url).toBe(403);
      expect((await call(t, url, null, { ...body, user_id: me.id })).statusCode, url).toBe(401);
    }
    expect(await rowsOf(t, me.id)).toEqual([post]);
    expect((await historyOf(t, other)).entries).toEqual([]);
  });
});

describe('POST /api/user/history: the list', () => {
  it('pages last opened first, HISTORY_PAGE_SIZE at a time, exactly, with no repeats', async () => {
    const me = await reader();
    await turnOn(t, me);
    const posts: number[] = [];
    for (let i = 0; i < 2 * HISTORY_PAGE_SIZE + 5; i += 1) posts.push(await story(`Story ${i}`));
    // Equal read times are ordered by post id, newest first.
    await t.db
      .insertInto('reading_history')
      .values(posts.map((post_id, i) => ({ user_id: me.id, post_id, read_at: `2026-01-01T00:00:${String(Math.floor(i / 3)).padStart(2, '0')}.000Z` })))
      .execute();
    const seen: number[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await historyOf(t, me, cursor);
      sizes.push(page.entries.length);
      seen.push(...page.entries.map((e) => e.post.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE, 5]);
    expect(seen).toEqual([...posts].reverse());
  });

  it('leaves out stories that became unreadable, filling the page from the next ones', async () => {
    const me = await reader();
    await turnOn(t, me);
    const gone = await aUser(t.db);
    const blocked = await aUser(t.db);
    const kept: number[] = [];
    for (let i = 0; i < HISTORY_PAGE_SIZE + 2; i += 1) {
      kept.push(await story());
      await open(t, me, kept[kept.length - 1]!);
      if (i % 4 === 0) {
        await open(t, me, await aStory(t, { userId: gone.id }));
        await open(t, me, await aStory(t, { userId: blocked.id }));
      }
    }
    await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    expect((await call(t, 'block', me, { block_id: blocked.id, status: 1 })).statusCode).toBe(200);
    const first = await historyOf(t, me);
    expect(first.entries.map((e) => e.post.id)).toEqual([...kept].reverse().slice(0, HISTORY_PAGE_SIZE));
    const second = await historyOf(t, me, first.next_cursor!);
    expect(second.entries.map((e) => e.post.id)).toEqual([...kept].reverse().slice(HISTORY_PAGE_SIZE));
    expect(second.next_cursor).toBeNull();
  });

  it('refuses a cursor it did not hand out', async () => {
    const me = await reader();
    for (const cursor of ['5', 'p_1_1_1_1_1', '2026-01-01T00:00:00.000Z|99999999999', '2026-01-01|5']) {
      const res = await call(t, 'history', me, { cursor });
      expect(res.statusCode, cursor).toBe(422);
      expect(res.json().errors).toEqual({ cursor: ['The cursor field is invalid.'] });
    }
  });
});

describe('what goes with the history', () => {
  it('a deleted story leaves every history; a deleted account leaves no row behind', async () => {
    const me = await reader();
    await turnOn(t, me);
    const [a, b] = [await story(), await story()];
    await open(t, me, a);
    await open(t, me, b);
    await t.db.deleteFrom('posts').where('id', '=', a).execute();
    expect(await rowsOf(t, me.id)).toEqual([b]);
    const res = await call(t, 'delete-account', me, { current_password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf(t, me.id)).toEqual([]);
  });
});

describe('the per-address limit (RATE_LIMIT_HISTORY)', () => {
  it('answers 429 past it and records nothing more', async () => {
    const limited = await buildTestApp({ config: { rateLimits: { history: { max: 2, windowMs: 60_000 } } } });
    try {
      const me = await signIn(limited.app, await aUser(limited.db));
      const author = await aUser(limited.db);
      const posts = [await aStory(limited, { userId: author.id }), await aStory(limited, { userId: author.id }), await aStory(limited, { userId: author.id })];
      expect((await call(limited, 'history/settings', me, { enabled: 1 })).statusCode).toBe(200);
      const codes = [];
      for (const post of posts) codes.push((await call(limited, 'history/add', me, { post_id: post })).statusCode);
      expect(codes).toEqual([204, 204, 429]);
      expect(await rowsOf(limited, me.id)).toEqual([posts[1], posts[0]]);
      // The limit is the add's only: reading the history is not counted.
      expect((await call(limited, 'history', me)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
