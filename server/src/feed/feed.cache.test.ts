import { afterEach, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost, aUser, signIn } from '../test/factories.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const ids = async (app: TestApp['app'], headers: Record<string, string> = {}, payload: object = {}) =>
  (await app.inject({ method: 'POST', url: '/api/user/view-posts', payload, headers })).json().data as Array<{ id: number; is_like: boolean }>;

describe('feed page cache', () => {
  it('serves a shared page from memory until a write, with each reader’s own likes always fresh', async () => {
    t = await buildTestApp({ config: { feedCacheMs: 60_000 } });
    const author = await aUser(t.db);
    const first = await aPost(t.db, { userId: author.id });
    expect((await ids(t.app)).map((p) => p.id)).toEqual([first.id]);

    // A row written behind the app's back is not seen while the page is cached…
    const second = await aPost(t.db, { userId: author.id });
    expect((await ids(t.app)).map((p) => p.id)).toEqual([first.id]);
    // …and reads (post/details is a POST too) do not drop the cache.
    await t.app.inject({ method: 'POST', url: '/api/user/post/details', payload: { post_id: first.id } });
    expect((await ids(t.app)).map((p) => p.id)).toEqual([first.id]);

    // The reader's own like is looked up apart from the cached rows.
    const reader = await aUser(t.db);
    const session = await signIn(t.app, reader); // a successful POST: drops the cache
    await t.db.insertInto('likes').values({ post_id: second.id, user_id: reader.id, created_at: nowIso() }).execute();
    const asReader = await ids(t.app, session.headers, { user_id: reader.id });
    expect(asReader.map((p) => p.id)).toEqual([second.id, first.id]);
    expect(asReader.find((p) => p.id === second.id)?.is_like).toBe(true);
    expect((await ids(t.app)).find((p) => p.id === second.id)?.is_like).toBe(false);

    // Any successful write through the app drops every cached page at once.
    const third = await aPost(t.db, { userId: author.id });
    expect((await ids(t.app)).map((p) => p.id)).not.toContain(third.id);
    const like = await t.app.inject({
      method: 'POST',
      url: '/api/user/like',
      payload: { user_id: reader.id, post_id: first.id, status: 1 },
      headers: session.headers,
    });
    expect(like.statusCode).toBe(200);
    const after = await ids(t.app);
    expect(after.map((p) => p.id)).toEqual([third.id, second.id, first.id]);
  });

  it('shows a reader’s newly chosen category at once, though the chosen categories are cached too', async () => {
    t = await buildTestApp({ config: { feedCacheMs: 60_000 } });
    const author = await aUser(t.db);
    const inOne = await aPost(t.db, { userId: author.id, categoryId: 1 });
    const inTwo = await aPost(t.db, { userId: author.id, categoryId: 2 });
    const reader = await aUser(t.db);
    const session = await signIn(t.app, reader);
    const asReader = () => ids(t!.app, session.headers, { user_id: reader.id });
    expect((await asReader()).map((p) => p.id)).toEqual([inTwo.id, inOne.id]);

    const choose = (categoryId: number, status: 'active' | 'inactive') =>
      t!.app.inject({
        method: 'POST',
        url: '/api/user/selected-category',
        payload: { user_id: reader.id, category_id: categoryId, status },
        headers: session.headers,
      });
    expect((await choose(1, 'active')).statusCode).toBe(200);
    expect((await asReader()).map((p) => p.id)).toEqual([inOne.id]);
    expect((await choose(2, 'active')).statusCode).toBe(200);
    expect((await choose(1, 'inactive')).statusCode).toBe(200);
    expect((await asReader()).map((p) => p.id)).toEqual([inTwo.id]);
    // Visitors still see everything.
    expect((await ids(t.app)).map((p) => p.id)).toEqual([inTwo.id, inOne.id]);
  });

  it("keeps a reader's followed authors' posts with their page, and shows a new one after the next write", async () => {
    t = await buildTestApp({ config: { feedCacheMs: 60_000 } });
    const followed = await aUser(t.db);
    const reader = await aUser(t.db);
    const session = await signIn(t.app, reader);
    const post = (url: string, payload: object) => t!.app.inject({ method: 'POST', url: `/api/user/${url}`, payload, headers: session.headers });
    expect((await post('selected-category', { user_id: reader.id, category_id: 1, status: 'active' })).statusCode).toBe(200);
    expect((await post('follow-unfollow', { user_id: reader.id, follow_id: followed.id, followType: 1 })).statusCode).toBe(200);
    const first = await aPost(t.db, { userId: followed.id, categoryId: 2 });
    const asReader = async () => (await ids(t!.app, session.headers, { user_id: reader.id })).map((p) => p.id);
    // Nothing was written through the app since the follow: the page reads the followed author's post now.
    expect((await post('like', { user_id: reader.id, post_id: first.id, status: 1 })).statusCode).toBe(200);
    expect(await asReader()).toEqual([first.id]);
    // Kept: a post written behind the app's back is not read…
    const second = await aPost(t.db, { userId: followed.id, categoryId: 2 });
    expect(await asReader()).toEqual([first.id]);
    // …until any write through the app drops the reader's stream with the shared pages.
    expect((await post('like', { user_id: reader.id, post_id: first.id, status: 0 })).statusCode).toBe(200);
    expect(await asReader()).toEqual([second.id, first.id]);
  });

  it('lets a cached page expire after its time', async () => {
    t = await buildTestApp({ config: { feedCacheMs: 40 } });
    const author = await aUser(t.db);
    await aPost(t.db, { userId: author.id });
    expect(await ids(t.app)).toHaveLength(1);
    await aPost(t.db, { userId: author.id });
    await new Promise((r) => setTimeout(r, 80));
    expect(await ids(t.app)).toHaveLength(2);
  });

  it('keeps the post page as a visitor sees it, and gives each reader their own like, save and blocks on top', async () => {
    t = await buildTestApp({ config: { feedCacheMs: 60_000 } });
    const author = await aUser(t.db);
    const { id: postId } = await aPost(t.db, { userId: author.id });
    const [alice, bob, reader, other] = [await aUser(t.db), await aUser(t.db), await aUser(t.db), await aUser(t.db)];
    const time = nowIso();
    const comment = async (userId: number, body: string) =>
      (await t!.db.insertInto('comments').values({ post_id: postId, user_id: userId, body, created_at: time, updated_at: time }).returning('id').executeTakeFirstOrThrow()).id;
    const byAlice = await comment(alice.id, 'Alice');
    await comment(bob.id, 'Bob');
    await t.db.insertInto('replies').values({ post_id: postId, comment_id: byAlice, user_id: bob.id, body: 'Bob answers', created_at: time, updated_at: time }).execute();
    await t.db.insertInto('replies').values({ post_id: postId, comment_id: byAlice, user_id: alice.id, body: 'Alice again', created_at: time, updated_at: time }).execute();

    const readerSession = await signIn(t.app, reader);
    const otherSession = await signIn(t.app, other);
    const blocked = await t.app.inject({ method: 'POST', url: '/api/user/block', payload: { user_id: reader.id, block_id: bob.id, status: 1 }, headers: readerSession.headers });
    expect(blocked.statusCode).toBe(200);

    type Thread = Array<{ comments: string; replies: Array<{ reply: string }> }>;
    const page = async (headers: Record<string, string> = {}) => {
      const res = await t!.app.inject({ method: 'POST', url: '/api/user/post/details', payload: { post_id: postId }, headers });
      expect(res.statusCode).toBe(200);
      const post = res.json().post as { is_like: boolean; is_saved: boolean; comments: Thread };
      return { ...post, thread: post.comments.map((c) => [c.comments, ...c.replies.map((r) => r.reply)]) };
    };
    const everyone = [['Bob'], ['Alice', 'Bob answers', 'Alice again']];
    expect((await page()).thread).toEqual(everyone);

    // Kept: a comment written behind the app's back does not show until a write.
    await comment(alice.id, 'Unseen');
    expect((await page()).thread).toEqual(everyone);
    // The reader's blocks apply to the kept page; another reader still sees everyone.
    expect((await page(readerSession.headers)).thread).toEqual([['Alice', 'Alice again']]);
    expect((await page(otherSession.headers)).thread).toEqual(everyone);
    // Likes and saves are the reader's own, kept with the page: rows written behind the app's back
    // show after the next write, as a comment does; another reader and a visitor never get them.
    await t.db.insertInto('likes').values({ post_id: postId, user_id: reader.id, created_at: nowIso() }).execute();
    await t.db.insertInto('saves').values({ post_id: postId, user_id: reader.id, created_at: nowIso() }).execute();
    expect(await page(readerSession.headers)).toMatchObject({ is_like: false, is_saved: false });

    // A write drops the kept page and the kept flags.
    const unblocked = await t.app.inject({ method: 'POST', url: '/api/user/block', payload: { user_id: reader.id, block_id: bob.id, status: 0 }, headers: readerSession.headers });
    expect(unblocked.statusCode).toBe(200);
    expect((await page(readerSession.headers)).thread).toEqual([['Unseen'], ...everyone]);
    expect(await page(readerSession.headers)).toMatchObject({ is_like: true, is_saved: true });
    expect(await page(otherSession.headers)).toMatchObject({ is_like: false, is_saved: false });
    expect(await page()).toMatchObject({ is_like: false, is_saved: false });
  });

  it('keeps a post’s related stories as a visitor sees them, and gives each reader their own likes and blocks on top', async () => {
    t = await buildTestApp({ config: { feedCacheMs: 60_000 } });
    const [alice, bob, reader, other] = [await aUser(t.db), await aUser(t.db), await aUser(t.db), await aUser(t.db)];
    const { id: postId } = await aPost(t.db, { userId: alice.id, categoryId: 3, title: 'Sourdough at home' });
    const byAlice = await aPost(t.db, { userId: alice.id, categoryId: 3, title: 'Rye' });
    const byBob = await aPost(t.db, { userId: bob.id, categoryId: 3, title: 'Spelt' });
    const readerSession = await signIn(t.app, reader);
    const otherSession = await signIn(t.app, other);
    const blocked = await t.app.inject({ method: 'POST', url: '/api/user/block', payload: { user_id: reader.id, block_id: bob.id, status: 1 }, headers: readerSession.headers });
    expect(blocked.statusCode).toBe(200);
    const related = async (headers: Record<string, string> = {}) => {
      const res = await t!.app.inject({ method: 'POST', url: '/api/user/posts/related', payload: { id: postId }, headers });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().related_posts as Array<{ id: number; is_like: boolean }>).map((p) => [p.id, p.is_like]);
    };
    expect(await related()).toEqual([
      [byBob.id, false],
      [byAlice.id, false],
    ]);

    // Kept: a story written behind the app's back does not show until a write.
    const later = await aPost(t.db, { userId: alice.id, categoryId: 3, title: 'Barley' });
    await t.db.insertInto('likes').values({ post_id: byAlice.id, user_id: reader.id, created_at: nowIso() }).execute();
    expect(await related()).toEqual([
      [byBob.id, false],
      [byAlice.id, false],
    ]);
    // The reader's blocks apply to the kept list, and their likes are looked up apart (always fresh,
    // as on the feed pages); another reader sees every story, without the reader's like.
    expect(await related(readerSession.headers)).toEqual([[byAlice.id, true]]);
    expect(await related(otherSession.headers)).toEqual([
      [byBob.id, false],
      [byAlice.id, false],
    ]);

    // A write drops the kept list: the new story shows.
    const unblocked = await t.app.inject({ method: 'POST', url: '/api/user/block', payload: { user_id: reader.id, block_id: bob.id, status: 0 }, headers: readerSession.headers });
    expect(unblocked.statusCode).toBe(200);
    expect(await related(readerSession.headers)).toEqual([
      [later.id, false],
      [byBob.id, false],
      [byAlice.id, true],
    ]);
    expect(await related(otherSession.headers)).toEqual([
      [later.id, false],
      [byBob.id, false],
      [byAlice.id, false],
    ]);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/posts/related', payload: { id: 987654 } })).statusCode).toBe(404);
  });
});
