import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, type TestUser, aPost, aUser, signIn } from '../test/factories.ts';
import { FIRST_CURSOR, WALKS_PER_STATEMENT, createFeedRepository } from './feed.repository.ts';

let t: TestApp;
let reader: TestUser;
let session: Session;
let writer: TestUser;
let categories: number[];

beforeAll(async () => {
  t = await buildTestApp();
  reader = await aUser(t.db, { name: 'Reader' });
  writer = await aUser(t.db, { name: 'Writer' });
  session = await signIn(t.app, reader);
  categories = (await t.db.selectFrom('categories').select('id').orderBy('id').execute()).map((c) => c.id);
});
afterAll(() => t.close());

const call = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });

/** Follows next_page_url to the end; returns every id in order. */
async function readAll(url: string, payload: object, headers: Record<string, string> = {}, between?: () => Promise<void>) {
  const ids: number[] = [];
  let next: string | null = url;
  let pages = 0;
  while (next) {
    const res = await call(next, payload, headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const page = body.posts ?? body;
    expect(page.data.length).toBeLessThanOrEqual(10);
    ids.push(...page.data.map((p: { id: number }) => p.id));
    next = page.next_page_url;
    pages += 1;
    if (between) await between();
  }
  return { ids, pages };
}

describe('home feed', () => {
  it('pages newest first by 10 with a keyset cursor, none repeated or skipped while others publish', async () => {
    const mine = await aUser(t.db);
    const ids: number[] = [];
    for (let i = 0; i < 25; i += 1) ids.push((await aPost(t.db, { userId: mine.id, categoryId: categories[0] })).id);
    const before = (await t.db.selectFrom('posts').select('id').execute()).map((r) => r.id).sort((a, b) => b - a);
    const { ids: seen, pages } = await readAll('/api/user/view-posts', {}, {}, async () => {
      await aPost(t.db, { userId: mine.id, categoryId: categories[1] });
    });
    expect(seen).toEqual(before);
    expect(pages).toBe(Math.ceil(before.length / 10));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('answers each card with its author, counts and the viewer’s like and save from the same page', async () => {
    const { id } = await aPost(t.db, { userId: writer.id, title: 'Liked and saved' });
    await t.db.insertInto('likes').values({ post_id: id, user_id: reader.id, created_at: nowIso() }).execute();
    await t.db.updateTable('posts').set({ likes_count: 1 }).where('id', '=', id).execute();
    await t.db.insertInto('saves').values({ post_id: id, user_id: reader.id, created_at: nowIso() }).execute();
    const asReader = (await call('/api/user/view-posts', { user_id: reader.id }, session.headers)).json();
    const card = asReader.data.find((p: { id: number }) => p.id === id);
    expect(card).toMatchObject({
      title: 'Liked and saved',
      likes_count: 1,
      is_like: true,
      is_saved: true,
      author: { id: writer.id, name: 'Writer', followers_count: 0 },
    });
    const asVisitor = (await call('/api/user/view-posts', {})).json();
    expect(asVisitor.data.find((p: { id: number }) => p.id === id)).toMatchObject({ is_like: false, is_saved: false, likes_count: 1 });
    // A visitor naming a user_id does not get that user's view.
    const pretending = (await call('/api/user/view-posts', { user_id: reader.id })).json();
    expect(pretending.data.find((p: { id: number }) => p.id === id).is_like).toBe(false);
  });

  it('holds the viewer’s chosen categories in For you, and everything when none are chosen', async () => {
    const picky = await aUser(t.db);
    const pickySession = await signIn(t.app, picky);
    const inA = await aPost(t.db, { userId: writer.id, categoryId: categories[2] });
    const inB = await aPost(t.db, { userId: writer.id, categoryId: categories[3] });
    const inC = await aPost(t.db, { userId: writer.id, categoryId: categories[4] });
    const all = await readAll('/api/user/view-posts', { user_id: picky.id }, pickySession.headers);
    expect(all.ids).toEqual(expect.arrayContaining([inA.id, inB.id, inC.id]));

    for (const category_id of [categories[2], categories[4]]) {
      const res = await call('/api/user/selected-category', { user_id: picky.id, category_id, status: 'active' }, pickySession.headers);
      expect(res.statusCode).toBe(200);
    }
    const chosen = await readAll('/api/user/view-posts', { user_id: picky.id }, pickySession.headers);
    const expected = (await t.db.selectFrom('posts').select('id').where('category_id', 'in', [categories[2]!, categories[4]!]).orderBy('id', 'desc').execute()).map((r) => r.id);
    expect(chosen.ids).toEqual(expected);
    expect(chosen.ids).not.toContain(inB.id);
  });

  it('holds the followed authors’ posts in Following, for the signed-in only', async () => {
    const fan = await aUser(t.db);
    const fanSession = await signIn(t.app, fan);
    const followed = await aUser(t.db);
    await t.db.insertInto('follows').values({ follower_id: fan.id, following_id: followed.id, created_at: nowIso() }).execute();
    const a = await aPost(t.db, { userId: followed.id });
    await aPost(t.db, { userId: writer.id });
    const b = await aPost(t.db, { userId: followed.id });
    const res = await readAll('/api/user/following/posts', { user_id: fan.id }, fanSession.headers);
    expect(res.ids).toEqual([b.id, a.id]);
    expect((await call('/api/user/following/posts', { user_id: fan.id })).statusCode).toBe(401);
    expect((await call('/api/user/following/posts', { user_id: reader.id }, fanSession.headers)).statusCode).toBe(403);
  });

  it('merges many followed authors (more than one statement walks) newest first, with the reader’s likes', async () => {
    const fan = await aUser(t.db);
    const fanSession = await signIn(t.app, fan);
    const authors = await Promise.all(Array.from({ length: WALKS_PER_STATEMENT + 12 }, () => aUser(t.db)));
    await t.db
      .insertInto('follows')
      .values(authors.map((a) => ({ follower_id: fan.id, following_id: a.id, created_at: nowIso() })))
      .execute();
    // One prolific author (more than a page) among many who wrote once or twice, interleaved in time.
    const expected: number[] = [];
    for (let i = 0; i < 90; i += 1) {
      const author = i % 3 === 0 ? authors[0]! : authors[(i * 7) % authors.length]!;
      expected.push((await aPost(t.db, { userId: author.id })).id);
      if (i % 10 === 0) await aPost(t.db, { userId: writer.id }); // not followed
    }
    const liked = expected[40]!;
    await t.db.insertInto('likes').values({ post_id: liked, user_id: fan.id, created_at: nowIso() }).execute();

    const res = await readAll('/api/user/following/posts', { user_id: fan.id }, fanSession.headers, async () => {
      await aPost(t.db, { userId: authors[5]!.id }); // newer than the cursor: not in the pages already started
    });
    expect(res.ids).toEqual([...expected].reverse());
    const page = (await call('/api/user/following/posts', { user_id: fan.id }, fanSession.headers)).json();
    expect(page.data).toHaveLength(10);
    const deep = await call(`/api/user/following/posts?cursor=${liked + 1}`, { user_id: fan.id }, fanSession.headers);
    expect(deep.json().data[0]).toMatchObject({ id: liked, is_like: true });

    // Both ways of reading Following (one join; a walk per author, here in two chunks) give the same pages.
    const join = createFeedRepository(t.database, { joinRowsPerAuthor: Number.POSITIVE_INFINITY });
    const walk = createFeedRepository(t.database, { joinRowsPerAuthor: -1 });
    for (const cursor of [FIRST_CURSOR, expected[60]!, expected[25]!, expected[1]!, expected[0]!]) {
      const [a, b] = await Promise.all([join.following(fan.id, cursor), walk.following(fan.id, cursor)]);
      expect(b).toEqual(a);
      expect(b.map((r) => r.id)).toEqual(
        [...expected, ...(await t.db.selectFrom('posts').select('id').where('user_id', '=', authors[5]!.id).execute()).map((r) => r.id)]
          .filter((id, i, all) => id < cursor && all.indexOf(id) === i)
          .sort((x, y) => y - x)
          .slice(0, 11),
      );
    }
  });

  it('refuses a malformed cursor and a user_id that is not the session’s', async () => {
    const res = await call('/api/user/view-posts?cursor=abc', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cursor[0]).toBeTruthy();
    expect((await call('/api/user/view-posts?cursor=99999999999', {})).statusCode).toBe(422);
    expect((await call('/api/user/view-posts', { user_id: writer.id }, session.headers)).statusCode).toBe(403);
  });
});

describe('category, author and saved lists', () => {
  it('answers a category as {posts: {data, next_page_url}}', async () => {
    const category = categories[5]!;
    for (let i = 0; i < 12; i += 1) await aPost(t.db, { userId: writer.id, categoryId: category });
    const first = (await call('/api/user/categories-name', { category_id: category })).json();
    expect(first.posts.data).toHaveLength(10);
    expect(first.posts.data.every((p: { category_id: number }) => p.category_id === category)).toBe(true);
    const { ids } = await readAll('/api/user/categories-name', { category_id: category });
    expect(ids).toHaveLength(12);
  });

  it('lists one author’s posts', async () => {
    const author = await aUser(t.db);
    const posts = [await aPost(t.db, { userId: author.id }), await aPost(t.db, { userId: author.id })];
    const { ids } = await readAll('/api/user/author-posts', { author_id: author.id });
    expect(ids).toEqual(posts.map((p) => p.id).reverse());
  });

  it('lists saved posts, newest save first, only for their owner', async () => {
    const saver = await aUser(t.db);
    const saverSession = await signIn(t.app, saver);
    const posts = [];
    for (let i = 0; i < 12; i += 1) posts.push(await aPost(t.db, { userId: writer.id }));
    // Saved in a different order than written.
    const order = [...posts].reverse().map((p, i) => ({ ...p, at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() }));
    for (const p of order) await t.db.insertInto('saves').values({ user_id: saver.id, post_id: p.id, created_at: p.at }).execute();
    const { ids } = await readAll('/api/user/saved-posts', { user_id: saver.id }, saverSession.headers);
    expect(ids).toEqual([...order].reverse().map((p) => p.id));
    expect((await call('/api/user/saved-posts', { user_id: saver.id })).statusCode).toBe(401);
    const profile = await call('/api/user/profile', { id: saver.id }, saverSession.headers);
    expect(profile.json().user.saveposts[0]).toEqual({ post_id: order[order.length - 1]!.id });
  });
});

describe('post details and related posts', () => {
  it('answers the post with its body, author and comments with replies; 404 when missing', async () => {
    const { id } = await aPost(t.db, { userId: writer.id, title: 'Details', description: '<h1>Body</h1>' });
    const now = nowIso();
    const comment = await t.db
      .insertInto('comments')
      .values({ post_id: id, user_id: reader.id, body: 'Nice <b>post</b>', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('replies').values({ comment_id: comment.id, post_id: id, user_id: writer.id, body: 'Thanks', created_at: now, updated_at: now }).execute();
    const res = await call('/api/user/post/details', { post_id: id });
    expect(res.statusCode).toBe(200);
    const post = res.json().post;
    expect(post).toMatchObject({ id, title: 'Details', description: '<h1>Body</h1>', user_data: { id: writer.id, name: 'Writer' } });
    expect(post.comments).toEqual([
      expect.objectContaining({
        id: comment.id,
        comments: 'Nice <b>post</b>',
        user: expect.objectContaining({ id: reader.id, name: 'Reader' }),
        replies: [expect.objectContaining({ reply: 'Thanks', comment_id: comment.id, user: expect.objectContaining({ id: writer.id }) })],
      }),
    ]);
    expect((await call('/api/user/post/details', { post_id: 987654 })).statusCode).toBe(404);
    expect((await call('/api/user/post/details', { post_id: 'x' })).statusCode).toBe(422);
  });

  it('relates the same category first, then shared title words, never the post itself', async () => {
    const category = categories[7]!;
    const other = categories[8]!;
    const post = await aPost(t.db, { userId: writer.id, categoryId: category, title: 'Sourdough bread at home' });
    const sameCategory = await aPost(t.db, { userId: writer.id, categoryId: category, title: 'Knife skills' });
    const sharedWords = await aPost(t.db, { userId: writer.id, categoryId: other, title: 'Why sourdough bread rises' });
    const unrelated = await aPost(t.db, { userId: writer.id, categoryId: other, title: 'Marathon training' });
    const res = await call('/api/user/posts/related', { id: post.id });
    expect(res.statusCode).toBe(200);
    const ids = res.json().related_posts.map((p: { id: number }) => p.id);
    expect(ids).not.toContain(post.id);
    expect(ids.indexOf(sameCategory.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(sharedWords.id)).toBeGreaterThan(ids.indexOf(sameCategory.id));
    expect(ids).not.toContain(unrelated.id);
    expect((await call('/api/user/posts/related', { id: 987654 })).statusCode).toBe(404);
  });
});

describe('categories', () => {
  it('lists categories and keeps each reader’s choices', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/user/categories' })).json().categories;
    expect(list.length).toBeGreaterThanOrEqual(12);
    expect(list[0]).toEqual({ id: expect.any(Number), name: expect.any(String), description: expect.any(String), followers_count: expect.any(Number) });
    const options = (await t.app.inject({ method: 'GET', url: '/api/user/category' })).json();
    expect(options[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });

    const chooser = await aUser(t.db);
    const s = await signIn(t.app, chooser);
    await call('/api/user/selected-category', { user_id: chooser.id, category_id: categories[0], status: 'active' }, s.headers);
    await call('/api/user/selected-category', { user_id: chooser.id, category_id: categories[0], status: 'active' }, s.headers);
    await call('/api/user/selected-category', { user_id: chooser.id, category_id: categories[1], status: 'active' }, s.headers);
    expect((await call('/api/user/user-categories', { user_id: chooser.id }, s.headers)).json()).toEqual([{ category_id: categories[0] }, { category_id: categories[1] }]);
    await call('/api/user/selected-category', { user_id: chooser.id, category_id: categories[0], status: 'inactive' }, s.headers);
    expect((await call('/api/user/user-categories', { user_id: chooser.id }, s.headers)).json()).toEqual([{ category_id: categories[1] }]);
    const bad = await call('/api/user/selected-category', { user_id: chooser.id, category_id: 99999, status: 'active' }, s.headers);
    expect(bad.statusCode).toBe(422);
    expect((await call('/api/user/reset-categories', { user_id: chooser.id }, s.headers)).statusCode).toBe(200);
    expect((await call('/api/user/user-categories', { user_id: chooser.id }, s.headers)).json()).toEqual([]);
    expect((await call('/api/user/user-categories', { user_id: chooser.id })).statusCode).toBe(401);
  });
});
