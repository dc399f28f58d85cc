import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost } from '../test/factories.ts';
import { type Member, aMember, call, likeRows, noticesOf, postCounts } from './social.testkit.ts';

let t: TestApp;
let owner: Member;
let ada: Member;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await aMember(t, 'Grace Hopper');
  ada = await aMember(t, 'Ada Lovelace');
});
afterAll(() => t.close());

const like = (as: Member, postId: number, status: unknown) => call(t, '/like', { user_id: as.id, post_id: postId, status }, as);

describe('POST /like', () => {
  it('likes once, unlikes once, and answers the stored count', async () => {
    const post = await aPost(t.db, { userId: owner.id, title: 'Title' });
    const first = await like(ada, post.id, 1);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ is_like: true, likes_count: 1 });
    expect((await like(ada, post.id, 1)).json()).toMatchObject({ is_like: true, likes_count: 1 });
    expect((await like(owner, post.id, '1')).json()).toMatchObject({ is_like: true, likes_count: 2 });
    expect((await like(ada, post.id, 0)).json()).toMatchObject({ is_like: false, likes_count: 1 });
    expect((await like(ada, post.id, 0)).json()).toMatchObject({ is_like: false, likes_count: 1 });
    expect(await likeRows(t.db, post.id)).toEqual([owner.id]);
    expect((await postCounts(t.db, post.id)).likes_count).toBe(1);
  });

  it('accepts a form body as the web app sends it', async () => {
    const post = await aPost(t.db, { userId: owner.id });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/like',
      headers: { ...ada.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `user_id=${ada.id}&post_id=${post.id}&status=1`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().likes_count).toBe(1);
  });

  it('answers 404 for a missing post, 422 for a bad status, 401 for a visitor, 403 for another user_id', async () => {
    const post = await aPost(t.db, { userId: owner.id });
    expect((await like(ada, 999_999, 1)).statusCode).toBe(404);
    const bad = await like(ada, post.id, 2);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status[0]).toBe('The status field must be 1 or 0.');
    expect((await call(t, '/like', { user_id: ada.id, post_id: post.id, status: 1 })).statusCode).toBe(401);
    expect((await call(t, '/like', { user_id: owner.id, post_id: post.id, status: 1 }, ada)).statusCode).toBe(403);
    expect(await likeRows(t.db, post.id)).toEqual([]);
  });

  it("notifies the post's owner once per liker, refreshed on a new like, never for one's own like", async () => {
    const post = await aPost(t.db, { userId: owner.id, title: 'On Engines' });
    const before = (await noticesOf(t.db, owner.id)).length;
    await like(ada, post.id, 1);
    const [notice] = (await noticesOf(t.db, owner.id)).slice(before);
    expect(notice).toMatchObject({ type: 'like', actor_id: ada.id, post_id: post.id, message: 'Ada Lovelace liked your post “On Engines”.' });
    await new Promise((r) => setTimeout(r, 5));
    await like(ada, post.id, 0);
    await like(ada, post.id, 1);
    await like(ada, post.id, 1);
    await like(owner, post.id, 1);
    const after = (await noticesOf(t.db, owner.id)).slice(before);
    expect(after).toHaveLength(1);
    expect(after[0]!.updated_at > notice!.updated_at).toBe(true);

    const nameless = await aMember(t, null);
    await like(nameless, post.id, 1);
    expect((await noticesOf(t.db, owner.id)).at(-1)!.message).toBe('Someone liked your post “On Engines”.');

    // An unlike takes its notification back; the other liker's stays.
    await like(ada, post.id, 0);
    const left = (await noticesOf(t.db, owner.id)).slice(before);
    expect(left.map((n) => [n.type, n.actor_id, n.post_id])).toEqual([['like', nameless.id, post.id]]);
  });
});

describe('a like storm', () => {
  it('keeps likes_count equal to the rows, and each user where they last asked to be', async () => {
    const post = await aPost(t.db, { userId: owner.id, title: 'Storm' });
    const members = await Promise.all(Array.from({ length: 20 }, (_, i) => aMember(t, `Storm ${i}`)));
    // Each member toggles 3 to 6 times in order; all members at once, beside parallel bursts.
    const wanted = new Map<number, boolean>();
    const chains = members.map(async (m, i) => {
      const steps = 3 + (i % 4);
      for (let s = 0; s < steps; s += 1) {
        const res = await like(m, post.id, s % 2 === 0 ? 1 : 0);
        expect(res.statusCode).toBe(200);
      }
      wanted.set(m.id, (steps - 1) % 2 === 0);
    });
    const doubleLike = [like(ada, post.id, 1), like(ada, post.id, 1), like(ada, post.id, 1)];
    const toggler = Array.from({ length: 8 }, (_, i) => like(owner, post.id, i % 2 === 0 ? 1 : 0));
    const results = await Promise.all([...doubleLike, ...toggler]);
    await Promise.all(chains);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);

    const rows = await likeRows(t.db, post.id);
    expect((await postCounts(t.db, post.id)).likes_count).toBe(rows.length);
    expect(rows).toContain(ada.id);
    for (const m of members) expect(rows.includes(m.id)).toBe(wanted.get(m.id));

    // The parallel toggler's final state is whichever ran last; once settled, the answer is the rows.
    await like(owner, post.id, 0);
    const settled = await like(ada, post.id, 1);
    expect(settled.json().likes_count).toBe((await likeRows(t.db, post.id)).length);
    const likeNotices = (await noticesOf(t.db, owner.id)).filter((n) => n.post_id === post.id);
    const actors = likeNotices.map((n) => n.actor_id);
    expect(new Set(actors).size).toBe(actors.length);
    // One notification per current liker (an unlike took its own back), none for the owner.
    const likers = (await likeRows(t.db, post.id)).filter((id) => id !== owner.id);
    expect([...actors].sort((a, b) => a! - b!)).toEqual([...likers].sort((a, b) => a - b));
  });
});
