import type { PostCard } from '@inkwell/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, type TestUser, aPost, aUser, signIn } from '../test/factories.ts';

/**
 * A reader's feed answers are kept per reader, as bytes (feed.routes.ts); what makes one reader's
 * page theirs (follows, topics, mutes, blocks both ways, their likes and saves) must show on the very
 * next read after they change it through the app, though the page before it was kept. Each case first
 * shows that the page is kept (a post written behind the app's back does not show), then that the
 * reader's write shows at once.
 */
let t: TestApp;
let reader: TestUser;
let session: Session;
let first: TestUser;
let second: TestUser;
let one: { id: number };
let two: { id: number };

beforeEach(async () => {
  t = await buildTestApp({ config: { feedCacheMs: 60_000 } });
  first = await aUser(t.db);
  second = await aUser(t.db);
  one = await aPost(t.db, { userId: first.id, categoryId: 1, title: 'In topic one' });
  two = await aPost(t.db, { userId: second.id, categoryId: 2, title: 'In topic two' });
  reader = await aUser(t.db);
  session = await signIn(t.app, reader);
});
afterEach(async () => {
  await t.close();
});

const cards = async (url: string, who: { session: Session; user: TestUser } | null, payload: object = {}): Promise<PostCard[]> => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/user/${url}`,
    payload: who ? { ...payload, user_id: who.user.id } : payload,
    headers: who?.session.headers ?? {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data?: PostCard[]; posts?: { data: PostCard[] } };
  return body.data ?? body.posts!.data;
};
const me = () => ({ session, user: reader });
const forYou = async (who = me()) => (await cards('view-posts', who)).map((c) => c.id);
const following = async () => (await cards('following/posts', me())).map((c) => c.id);
const write = async (url: string, payload: object, who = me()) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload: { ...payload, user_id: who.user.id }, headers: who.session.headers });
  expect(res.statusCode, res.body).toBe(200);
};
/** A post the app does not know of: a kept page does not show it. */
const behindTheBack = () => aPost(t.db, { userId: first.id, categoryId: 1, title: 'Written behind the app' });

describe("a reader's kept feed answers", () => {
  it('show a follow and an unfollow at once, in For you and Following', async () => {
    await write('selected-category', { category_id: 1, status: 'active' });
    expect(await forYou()).toEqual([one.id]);
    expect(await following()).toEqual([]);
    const hidden = await behindTheBack();
    expect(await forYou()).toEqual([one.id]);

    await write('follow-unfollow', { follow_id: second.id, followType: 1 });
    expect(await forYou()).toEqual([hidden.id, two.id, one.id]);
    expect((await cards('view-posts', me())).find((c) => c.id === two.id)?.reason).toMatchObject({ kind: 'author' });
    expect(await following()).toEqual([two.id]);

    await write('follow-unfollow', { follow_id: second.id, followType: 0 });
    expect(await forYou()).toEqual([hidden.id, one.id]);
    expect(await following()).toEqual([]);
  });

  it('show a topic chosen and a topic let go at once', async () => {
    expect(await forYou()).toEqual([two.id, one.id]);
    await behindTheBack();
    expect(await forYou()).toEqual([two.id, one.id]);
    await write('selected-category', { category_id: 2, status: 'active' });
    expect(await forYou()).toEqual([two.id]);
    await write('selected-category', { category_id: 2, status: 'inactive' });
    expect((await forYou()).length).toBe(3);
  });

  it('show a mute at once, and its undoing', async () => {
    expect(await forYou()).toEqual([two.id, one.id]);
    await behindTheBack();
    expect(await forYou()).toEqual([two.id, one.id]);
    await write('feed-tuning/set', { kind: 'mute', target_id: first.id, on: 1 });
    expect(await forYou()).toEqual([two.id]);
    await write('feed-tuning/set', { kind: 'mute', target_id: first.id, on: 0 });
    expect((await forYou()).length).toBe(3);
  });

  it('show a block at once on both sides: the blocker loses the blocked, and the follows end both ways', async () => {
    const mine = await aPost(t.db, { userId: reader.id, categoryId: 2, title: "The reader's own" });
    const theirs = { session: await signIn(t.app, first), user: first };
    await write('follow-unfollow', { follow_id: reader.id, followType: 1 }, theirs);
    const theirFollowing = async () => (await cards('following/posts', theirs)).map((c) => c.id);
    expect(await forYou()).toEqual([mine.id, two.id, one.id]);
    expect(await theirFollowing()).toEqual([mine.id]);
    expect((await cards('categories-name', me(), { category_id: 1 })).map((c) => c.id)).toEqual([one.id]);
    await behindTheBack();
    expect(await forYou()).toEqual([mine.id, two.id, one.id]);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/block',
      payload: { user_id: reader.id, block_id: first.id, status: 1 },
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await forYou()).toEqual([mine.id, two.id]);
    expect((await cards('categories-name', me(), { category_id: 1 })).map((c) => c.id)).toEqual([]);
    // The blocked member's follow of the blocker ended with it: their kept Following page shows it.
    expect(await theirFollowing()).toEqual([]);
  });

  it("show the reader's own like and save at once, and never to another reader or a visitor", async () => {
    const other = await aUser(t.db);
    const them = { session: await signIn(t.app, other), user: other };
    const flags = async (who: ReturnType<typeof me> | null) => (await cards('view-posts', who)).filter((c) => c.id === one.id).map((c) => [c.is_like, c.is_saved, c.likes_count]);
    expect(await flags(me())).toEqual([[false, false, 0]]);
    expect(await flags(them)).toEqual([[false, false, 0]]);
    await behindTheBack();
    expect((await forYou()).length).toBe(2);

    await write('like', { post_id: one.id, status: 1 });
    expect(await flags(me())).toEqual([[true, false, 1]]);
    await write('posts/save', { post_id: one.id, save_unsave: 1 });
    expect(await flags(me())).toEqual([[true, true, 1]]);
    expect(await flags(them)).toEqual([[false, false, 1]]);
    expect(await flags(null)).toEqual([[false, false, 1]]);
    // The other reader's answer is theirs alone: asked again, it stays theirs.
    expect(await flags(them)).toEqual([[false, false, 1]]);
    expect(await flags(me())).toEqual([[true, true, 1]]);
  });
});
