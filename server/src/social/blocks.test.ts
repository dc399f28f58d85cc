import { FEDIVERSE_BLOCKED, FEDIVERSE_UNBLOCKED, PAGE_SIZE } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost, anAccountElsewhere } from '../test/factories.ts';
import { BLOCK_MESSAGES } from './blocks.service.ts';
import { type Member, aMember, call, noticesOf } from './social.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const block = (by: Member, whom: Member, status: 0 | 1 = 1) => call(t, '/block', { user_id: by.id, block_id: whom.id, status }, by);
const follow = (by: Member, whom: Member, on: 0 | 1 = 1) => call(t, '/follow-unfollow', { user_id: by.id, follow_id: whom.id, followType: on }, by);
const counts = (m: Member) => t.db.selectFrom('users').select(['followers_count', 'following_count']).where('id', '=', m.id).executeTakeFirstOrThrow();
const ids = (res: { json(): unknown }) => (res.json() as { data: Array<{ id: number }> }).data.map((p) => p.id);

describe('POST /block and /blocked-users', () => {
  it('blocks and unblocks, lists the blocked, and refuses oneself, strangers to the system and visitors', async () => {
    const ana = await aMember(t, 'Ana');
    const bo = await aMember(t, 'Bo');
    const res = await block(ana, bo);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: BLOCK_MESSAGES.blocked, is_blocked: true });
    expect((await block(ana, bo)).statusCode).toBe(200); // idempotent
    const list = await call(t, '/blocked-users', { user_id: ana.id }, ana);
    expect(list.json()).toEqual({ data: [{ id: bo.id, name: 'Bo', profile_picture: null, elsewhere: null }] });
    expect((await call(t, '/blocked-users', { user_id: bo.id }, bo)).json()).toEqual({ data: [] });

    expect((await block(ana, bo, 0)).json()).toEqual({ message: BLOCK_MESSAGES.unblocked, is_blocked: false });
    expect((await call(t, '/blocked-users', { user_id: ana.id }, ana)).json()).toEqual({ data: [] });

    const self = await call(t, '/block', { user_id: ana.id, block_id: ana.id, status: 1 }, ana);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.block_id[0]).toBe(BLOCK_MESSAGES.self);
    expect((await call(t, '/block', { user_id: ana.id, block_id: 999_999, status: 1 }, ana)).statusCode).toBe(404);
    // One graph (issue 46): an account of another server is blocked with the same call, listed in the same list.
    const elsewhere = await anAccountElsewhere(t.db, 'Far Troll');
    expect((await call(t, '/block', { user_id: ana.id, block_id: elsewhere.id, status: 1 }, ana)).json()).toEqual({ message: FEDIVERSE_BLOCKED, is_blocked: true });
    const [listed] = (await call(t, '/blocked-users', { user_id: ana.id }, ana)).json().data;
    expect(listed).toMatchObject({ id: elsewhere.id, name: 'Far Troll', elsewhere: { handle: expect.stringMatching(/^@/) } });
    expect((await call(t, '/block', { user_id: ana.id, block_id: elsewhere.id, status: 0 }, ana)).json()).toEqual({ message: FEDIVERSE_UNBLOCKED, is_blocked: false });
    expect((await call(t, '/blocked-users', { user_id: ana.id }, ana)).json()).toEqual({ data: [] });
    expect((await call(t, '/block', { user_id: ana.id, block_id: bo.id, status: 1 })).statusCode).toBe(401);
    expect((await call(t, '/block', { user_id: bo.id, block_id: ana.id, status: 1 }, ana)).statusCode).toBe(403);
  });

  it('ends the follows both ways, with their counters and notifications, and keeps them from coming back', async () => {
    const ana = await aMember(t, 'Ana');
    const bo = await aMember(t, 'Bo');
    await follow(ana, bo);
    await follow(bo, ana);
    expect(await counts(ana)).toEqual({ followers_count: 1, following_count: 1 });
    expect((await noticesOf(t.db, ana.id)).filter((n) => n.type === 'follow')).toHaveLength(1);

    await block(ana, bo);
    expect(await counts(ana)).toEqual({ followers_count: 0, following_count: 0 });
    expect(await counts(bo)).toEqual({ followers_count: 0, following_count: 0 });
    expect((await noticesOf(t.db, ana.id)).filter((n) => n.type === 'follow')).toHaveLength(0);
    expect(await t.db.selectFrom('follows').selectAll().where('follower_id', 'in', [ana.id, bo.id]).execute()).toEqual([]);

    const refused = await follow(bo, ana);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BLOCK_MESSAGES.cannotFollow);
    const mine = await follow(ana, bo);
    expect(mine.statusCode).toBe(403);
    expect(mine.json().message).toBe(BLOCK_MESSAGES.unblockFirst);
    // Unfollowing is never refused; after an unblock, following works again.
    expect((await follow(bo, ana, 0)).statusCode).toBe(200);
    await block(ana, bo, 0);
    expect((await follow(bo, ana)).statusCode).toBe(200);
    expect(await counts(ana)).toEqual({ followers_count: 1, following_count: 0 });
  });

  it('ends the follows both ways with an account elsewhere too: accepted (counted out) or still asked', async () => {
    const ana = await aMember(t, 'Ana');
    const far = await anAccountElsewhere(t.db, 'Far Follower');
    const now = new Date().toISOString();
    await t.db
      .insertInto('follows')
      .values({ follower_id: far.id, following_id: ana.id, created_at: now, activity_id: `${far.apId}#follows/1` })
      .execute();
    await t.db.updateTable('users').set({ followers_count: 1 }).where('id', '=', ana.id).execute();
    await t.db.updateTable('users').set({ following_count: 1 }).where('id', '=', far.id).execute();
    await t.db
      .insertInto('follow_requests')
      .values({ follower_id: ana.id, followed_id: far.id, created_at: now, activity_id: 'https://inkwell.example/ap/users/1#follows/2' })
      .execute();

    expect((await call(t, '/block', { user_id: ana.id, block_id: far.id, status: 1 }, ana)).statusCode).toBe(200);
    expect(await counts(ana)).toEqual({ followers_count: 0, following_count: 0 });
    expect(await t.db.selectFrom('follows').select('follower_id').where('following_id', '=', ana.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('follow_requests').select('followed_id').where('follower_id', '=', ana.id).execute()).toEqual([]);
  });

  it('refuses the blocked member’s comments and replies on the blocker’s posts, not elsewhere', async () => {
    const ana = await aMember(t, 'Ana');
    const bo = await aMember(t, 'Bo');
    const cy = await aMember(t, 'Cy');
    const anasPost = (await aPost(t.db, { userId: ana.id })).id;
    const cysPost = (await aPost(t.db, { userId: cy.id })).id;
    const anasComment = (await call(t, '/comment', { user_id: ana.id, post_id: anasPost, comments: 'First' }, ana)).json().id as number;
    await block(ana, bo);

    const comment = await call(t, '/comment', { user_id: bo.id, post_id: anasPost, comments: 'Let me in' }, bo);
    expect(comment.statusCode).toBe(403);
    expect(comment.json().message).toBe(BLOCK_MESSAGES.cannotComment);
    const reply = await call(t, '/replies', { user_id: bo.id, post_id: anasPost, comment_id: anasComment, reply: 'Hi' }, bo);
    expect(reply.statusCode).toBe(403);
    const counted = await t.db.selectFrom('posts').select('comments_count').where('id', '=', anasPost).executeTakeFirstOrThrow();
    expect(counted.comments_count).toBe(1);
    expect((await call(t, '/comment', { user_id: bo.id, post_id: cysPost, comments: 'Elsewhere is fine' }, bo)).statusCode).toBe(200);
    // The blocker may still comment on the blocked member's posts' threads elsewhere, and on their own.
    expect((await call(t, '/comment', { user_id: ana.id, post_id: anasPost, comments: 'Mine' }, ana)).statusCode).toBe(200);
  });
});

describe('what a blocker no longer sees', () => {
  it('leaves the blocked member out of feeds (pages still full), comments, search, panels and notifications', async () => {
    const reader = await aMember(t, 'Reader Rae');
    const loud = await aMember(t, 'Loud Lex');
    const quiet = await aMember(t, 'Quiet Quinn');
    for (let i = 0; i < PAGE_SIZE; i += 1) await aPost(t.db, { userId: quiet.id, title: `Quiet thoughts ${i}` });
    const loudPosts: number[] = [];
    for (let i = 0; i < PAGE_SIZE + 3; i += 1) loudPosts.push((await aPost(t.db, { userId: loud.id, title: `Loud opinions ${i}` })).id);
    const quietPost = (await t.db.selectFrom('posts').select('id').where('user_id', '=', quiet.id).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    await call(t, '/like', { user_id: loud.id, post_id: (await aPost(t.db, { userId: reader.id, title: 'Rae writes' })).id, status: 1 }, loud);
    await call(t, '/comment', { user_id: loud.id, post_id: quietPost, comments: 'Loud comment' }, loud);
    await call(t, '/comment', { user_id: quiet.id, post_id: quietPost, comments: 'Quiet comment' }, quiet);
    expect((await call(t, '/notifications', { user_id: reader.id }, reader)).json().notifications).toHaveLength(1);

    await block(reader, loud);
    const page = await call(t, '/view-posts', { user_id: reader.id }, reader);
    const seen = ids(page);
    expect(seen).toHaveLength(PAGE_SIZE);
    expect(seen.some((id) => loudPosts.includes(id))).toBe(false);
    // A visitor still sees everything; the next page goes on below the last post shown.
    expect(ids(await call(t, '/view-posts', {}))).toEqual(expect.arrayContaining(loudPosts.slice(-3)));
    const next = (page.json() as { next_page_url: string | null }).next_page_url;
    expect(next).toMatch(/cursor=\d+/);

    expect(ids(await call(t, '/author-posts', { author_id: loud.id, user_id: reader.id }, reader))).toEqual([]);
    const details = (await call(t, '/post/details', { post_id: quietPost, user_id: reader.id }, reader)).json().post;
    expect(details.comments.map((c: { comments: string }) => c.comments)).toEqual(['Quiet comment']);
    const found = (await call(t, '/search', { query: 'loud' }, reader)).json();
    expect(found).toEqual({ users: [], posts: [] });
    expect((await call(t, '/search', { query: 'loud' })).json().posts.length).toBeGreaterThan(0);
    const picks = (await call(t, '/recommended-posts', { user_id: reader.id }, reader)).json().recommended_posts;
    expect(picks.some((p: { user: { id: number } }) => p.user.id === loud.id)).toBe(false);
    const whom = (await call(t, '/recommended-users', { id: reader.id }, reader)).json().recommended_users;
    expect(whom.some((u: { id: number }) => u.id === loud.id)).toBe(false);
    expect((await call(t, '/notifications', { user_id: reader.id }, reader)).json().notifications).toEqual([]);
    // What the blocked member does meanwhile is not told to the blocker at all (nor mailed): no row is written.
    const raes = (await call(t, '/comment', { user_id: reader.id, post_id: quietPost, comments: 'Rae here' }, reader)).json().id as number;
    const answered = await call(t, '/replies', { user_id: loud.id, post_id: quietPost, comment_id: raes, reply: 'Loud answer' }, loud);
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await noticesOf(t.db, reader.id)).filter((n) => n.actor_id === loud.id && n.type === 'comment')).toEqual([]);
    expect((await noticesOf(t.db, quiet.id)).filter((n) => n.actor_id === loud.id && n.reply_id !== null)).toHaveLength(1);

    // The blocked member does not see the blocker in Whom to follow either (they could not follow).
    const theirs = (await call(t, '/recommended-users', { id: loud.id }, loud)).json().recommended_users;
    expect(theirs.some((u: { id: number }) => u.id === reader.id)).toBe(false);

    // Unblocking brings it all back.
    await block(reader, loud, 0);
    expect(ids(await call(t, '/view-posts', { user_id: reader.id }, reader))).toEqual(expect.arrayContaining(loudPosts.slice(-3)));
    expect((await call(t, '/notifications', { user_id: reader.id }, reader)).json().notifications).toHaveLength(1);
  });
});
