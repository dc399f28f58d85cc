import { SEARCH_PAGE_SIZE } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';
import { aStory, call, marks, open, searchAll, searchPage, turnOn } from './library.testkit.ts';

/**
 * POST /library/search (issue 13), on SQLite and PostgreSQL (this file runs on both): the member's
 * saved, read and written stories by title, subtitle and body; never anyone else's stories or
 * library; scope, sources, marks, paging.
 */
let t: TestApp;
let me: Session;
let author: Session;
const ids = { savedTitle: 0, readSub: 0, writtenBody: 0, savedAndRead: 0, elsewhere: 0, othersSaved: 0 };

const save = async (who: Session, postId: number) => expect((await call(t, 'posts/save', who, { post_id: postId, save_unsave: 1 })).statusCode).toBe(200);
const found = async (query: string, scope = 'all') => (await searchPage(t, me, { query, scope })).posts.map((p) => p.id);

beforeAll(async () => {
  t = await buildTestApp();
  me = await signIn(t.app, await aUser(t.db, { name: 'Lib Reader' }));
  author = await signIn(t.app, await aUser(t.db, { name: 'Lib Author' }));
  const other = await signIn(t.app, await aUser(t.db));
  await turnOn(t, me);
  ids.savedTitle = await aStory(t, { userId: author.id, title: 'Quokka habits', body: '<p>Small marsupials.</p>' });
  ids.readSub = await aStory(t, { userId: author.id, title: 'Island notes', sub: 'A quokka at dawn' });
  ids.writtenBody = await aStory(t, { userId: me.id, title: 'My trip', body: '<p>Then a <strong>quokka</strong> smiled at me.</p>' });
  ids.savedAndRead = await aStory(t, { userId: author.id, title: 'Rottnest', body: '<p>Quokka selfies everywhere.</p>' });
  ids.elsewhere = await aStory(t, { userId: author.id, title: 'Quokka, not in my library' });
  ids.othersSaved = await aStory(t, { userId: author.id, title: 'Quokka their own' });
  await save(me, ids.savedTitle);
  await open(t, me, ids.readSub);
  await save(me, ids.savedAndRead);
  await open(t, me, ids.savedAndRead);
  await save(other, ids.othersSaved);
});
afterAll(() => t?.close());

describe('POST /api/user/library/search', () => {
  it('finds the member’s saved, read and written stories by title, subtitle and body, and nothing else', async () => {
    const page = await searchPage(t, me, { query: 'quokka' });
    expect(page.scope).toBe('all');
    expect(page.posts.map((p) => p.id).sort()).toEqual([ids.savedTitle, ids.readSub, ids.writtenBody, ids.savedAndRead].sort());
    // The results page's ranking: title 4, subtitle 2, body 1.
    expect(page.posts[0]!.id).toBe(ids.savedTitle);
    expect(page.posts[1]!.id).toBe(ids.readSub);
    expect(page.next_cursor).toBeNull();
  });

  it('says where each story comes from', async () => {
    const sources = Object.fromEntries((await searchPage(t, me, { query: 'quokka' })).posts.map((p) => [p.id, p.sources]));
    expect(sources).toEqual({
      [ids.savedTitle]: ['saved'],
      [ids.readSub]: ['read'],
      [ids.writtenBody]: ['written'],
      [ids.savedAndRead]: ['saved', 'read'],
    });
  });

  it('narrows to one set with scope, each result still naming every set it is in', async () => {
    expect((await found('quokka', 'saved')).sort()).toEqual([ids.savedTitle, ids.savedAndRead].sort());
    expect((await found('quokka', 'read')).sort()).toEqual([ids.readSub, ids.savedAndRead].sort());
    expect(await found('quokka', 'written')).toEqual([ids.writtenBody]);
    const read = await searchPage(t, me, { query: 'quokka', scope: 'read' });
    expect(read.scope).toBe('read');
    expect(read.posts.find((p) => p.id === ids.savedAndRead)!.sources).toEqual(['saved', 'read']);
    const bad = await call(t, 'library/search', me, { query: 'quokka', scope: 'liked' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.scope).toEqual(['The scope must be all, saved, read or written.']);
  });

  it('matches titles and subtitles by word prefix, bodies by whole word, and marks the words', async () => {
    expect(await found('quok')).toEqual([ids.savedTitle, ids.readSub]);
    expect(await found('marsupials')).toEqual([ids.savedTitle]);
    expect(await found('marsupial')).toEqual([]);
    const [hit] = (await searchPage(t, me, { query: 'QUOKKA smiled' })).posts;
    expect(hit!.id).toBe(ids.writtenBody);
    expect(marks(hit!.snippet)).toEqual(['quokka', 'smiled']);
    expect(hit!.snippet.map((s) => s.text).join('')).toBe('Then a quokka smiled at me.');
    const [titled] = (await searchPage(t, me, { query: 'habit' })).posts;
    expect(titled!.title).toEqual([
      { text: 'Quokka ', mark: false },
      { text: 'habits', mark: true },
    ]);
    expect(titled).toMatchObject({ sub_title: 'A subtitle', image: null, image_width: null, author: { id: author.id, name: 'Lib Author', profile_picture: null } });
  });

  it('finds nothing for a blank query or one without letters, and nothing in an empty library', async () => {
    expect(await found('')).toEqual([]);
    expect(await found(' -- ')).toEqual([]);
    const newcomer = await signIn(t.app, await aUser(t.db));
    expect((await searchPage(t, newcomer, { query: 'quokka' })).posts).toEqual([]);
  });

  it('leaves out the stories of members the reader blocked and of deactivated ones', async () => {
    const blocked = await aUser(t.db);
    const gone = await aUser(t.db);
    const theirs = await aStory(t, { userId: blocked.id, title: 'Wombat burrows' });
    const quiet = await aStory(t, { userId: gone.id, title: 'Wombat tracks' });
    await save(me, theirs);
    await save(me, quiet);
    expect((await found('wombat')).sort()).toEqual([theirs, quiet].sort());
    expect((await call(t, 'block', me, { block_id: blocked.id, status: 1 })).statusCode).toBe(200);
    await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    expect(await found('wombat')).toEqual([]);
  });

  it('pages SEARCH_PAGE_SIZE at a time, exactly, with no repeats, as one ranking', async () => {
    const stories: number[] = [];
    for (let i = 0; i < 2 * SEARCH_PAGE_SIZE + 3; i += 1) {
      const id = await aStory(t, { userId: author.id, title: `Numbat ${i}`, body: i % 2 ? '<p>numbat numbat</p>' : '<p>other</p>', daysAgo: i % 7 });
      stories.push(id);
      if (i % 3 === 0) await open(t, me, id);
      else await save(me, id);
    }
    const sizes: number[] = [];
    let cursor: string | undefined;
    const seen: number[] = [];
    do {
      const page = await searchPage(t, me, { query: 'numbat', ...(cursor ? { cursor } : {}) });
      sizes.push(page.posts.length);
      seen.push(...page.posts.map((p) => p.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE, 3]);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...stories].sort());
    // A story published after the first page is not slipped into the next ones.
    const first = await searchPage(t, me, { query: 'numbat' });
    await save(me, await aStory(t, { userId: author.id, title: 'Numbat latest' }));
    const rest = await searchAll(t, me, 'numbat');
    expect(rest).toHaveLength(stories.length + 1);
    const second = await searchPage(t, me, { query: 'numbat', cursor: first.next_cursor });
    expect(second.posts.map((p) => p.id)).toEqual(seen.slice(SEARCH_PAGE_SIZE, 2 * SEARCH_PAGE_SIZE));
  });

  it('refuses a cursor it did not hand out', async () => {
    for (const cursor of ['5', 'o_10', 'p_x', '2026-01-01T00:00:00.000Z|5']) {
      const res = await call(t, 'library/search', me, { query: 'quokka', cursor });
      expect(res.statusCode, cursor).toBe(422);
      expect(res.json().errors).toEqual({ cursor: ['The cursor field is invalid.'] });
    }
  });
});
