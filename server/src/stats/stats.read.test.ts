import { STATS_MESSAGES, type PostStatsResponse, type StatsResponse } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { PASSWORD, type Session, aPost, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';
import { dayOf } from './readers.ts';
import { beacon, ownStats, postStats, statsOf } from './stats.testkit.ts';

/**
 * A writer's numbers (POST /stats, /stats/post): their own posts only, over 7, 30 or 90 days ending
 * today; likes, saves, comments and replies from their rows' times; gone with the post or the account.
 */
let t: TestApp;
let writer: Session;
let stranger: Session;
let older: number; // the writer's first post
let newer: number; // their second, the newest
let theirs: number; // the stranger's
const DAY_MS = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const dayAgo = (days: number) => dayOf(Date.now() - days * DAY_MS);

async function daily(postId: number, days: number, views: number, reads: number): Promise<void> {
  await t.db
    .insertInto('post_stats_daily')
    .values({ post_id: postId, day: dayAgo(days), views, reads })
    .execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  writer = await signIn(t.app, await aUser(t.db, { name: 'Writer' }));
  stranger = await signIn(t.app, await aUser(t.db, { name: 'Stranger' }));
  const [a, b] = [await aUser(t.db), await aUser(t.db)];
  older = (await aPost(t.db, { userId: writer.id, title: 'The older story', createdAt: ago(100) })).id;
  newer = (await aPost(t.db, { userId: writer.id, title: 'The newer story', createdAt: ago(50) })).id;
  theirs = (await aPost(t.db, { userId: stranger.id, title: 'Not the writer’s' })).id;
  // newer: views today, 10 and 40 days ago; older: more reads than views 3 days ago.
  await daily(newer, 0, 5, 2);
  await daily(newer, 10, 7, 1);
  await daily(newer, 40, 100, 0);
  await daily(older, 3, 2, 3);
  await daily(theirs, 0, 50, 50);
  for (const [post, user, days] of [
    [newer, a.id, 0],
    [newer, b.id, 20],
    [theirs, a.id, 0],
  ] as const) {
    await t.db
      .insertInto('likes')
      .values({ post_id: post, user_id: user, created_at: ago(days) })
      .execute();
  }
  await t.db
    .insertInto('saves')
    .values({ post_id: newer, user_id: a.id, created_at: ago(5) })
    .execute();
  const now = ago(0);
  const comment = await t.db
    .insertInto('comments')
    .values({ post_id: newer, user_id: a.id, body: 'Good', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('replies').values({ comment_id: comment.id, post_id: newer, user_id: b.id, body: 'Yes', created_at: now, updated_at: now }).execute();
  await t.db
    .insertInto('comments')
    .values({ post_id: newer, user_id: b.id, body: 'Long ago', created_at: ago(60), updated_at: ago(60) })
    .execute();
});
afterAll(() => t.close());

const overview = async (as: Session, body: Record<string, unknown> = {}) => {
  const res = await ownStats(t, as, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StatsResponse;
};

describe('POST /stats', () => {
  it('lists the caller’s posts, newest first, with their numbers over the last 7 days, and the sums', async () => {
    const stats = await overview(writer, { days: 7 });
    expect(stats).toMatchObject({ days: 7, from: dayAgo(6), to: dayAgo(0) });
    expect(stats.posts.map((p) => [p.id, p.title])).toEqual([
      [newer, 'The newer story'],
      [older, 'The older story'],
    ]);
    expect(stats.posts[0]).toMatchObject({ views: 5, reads: 2, read_ratio: 0.4, likes: 1, saves: 1, comments: 2 });
    expect(stats.posts[1]).toMatchObject({ views: 2, reads: 3, read_ratio: 1, likes: 0, saves: 0, comments: 0 });
    expect(stats.totals).toEqual({ views: 7, reads: 5, read_ratio: 5 / 7, likes: 1, saves: 1, comments: 2 });
  });

  it('takes 30 days when left out, and 90 as text (a form)', async () => {
    const month = await overview(writer);
    expect(month.days).toBe(30);
    expect(month.posts[0]).toMatchObject({ views: 12, reads: 3, likes: 2, saves: 1, comments: 2 });
    const quarter = await overview(writer, { days: '90' });
    expect(quarter.posts[0]).toMatchObject({ views: 112, reads: 3, likes: 2, comments: 3 });
  });

  it('gives a member without posts an empty list and zeros', async () => {
    const fresh = await signIn(t.app, await aUser(t.db));
    expect(await overview(fresh)).toMatchObject({ posts: [], totals: { views: 0, reads: 0, read_ratio: null, likes: 0, saves: 0, comments: 0 } });
  });

  it('refuses visitors (401), another member’s user_id (403), a period other than 7, 30 or 90 (422)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/user/stats', payload: { user_id: writer.id } })).statusCode).toBe(401);
    const other = await ownStats(t, stranger, { user_id: writer.id });
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('The newer story');
    for (const days of [14, 0, -7, '7 days', 365]) {
      const res = await ownStats(t, writer, { days });
      expect(res.statusCode, String(days)).toBe(422);
      expect(res.json().errors.days[0]).toBe(STATS_MESSAGES.days);
    }
  });
});

describe('POST /stats/post', () => {
  const series = async (body: Record<string, unknown>) => {
    const res = await postStats(t, writer, { user_id: writer.id, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PostStatsResponse;
  };

  it('gives one of the caller’s posts day by day, oldest first, every day of the period there', async () => {
    const week = await series({ post_id: newer, days: 7 });
    expect(week.post).toMatchObject({ id: newer, title: 'The newer story' });
    expect(week.series.map((d) => d.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(dayAgo));
    expect(week.series[6]).toEqual({ day: dayAgo(0), views: 5, reads: 2, likes: 1, saves: 0, comments: 2 });
    expect(week.series[1]).toEqual({ day: dayAgo(5), views: 0, reads: 0, likes: 0, saves: 1, comments: 0 });
    expect(week.totals).toEqual({ views: 5, reads: 2, read_ratio: 0.4, likes: 1, saves: 1, comments: 2 });
    const quarter = await series({ post_id: newer, days: 90 });
    expect(quarter.series).toHaveLength(90);
    expect(quarter.totals).toMatchObject({ views: 112, likes: 2, comments: 3 });
  });

  it('answers 404 for another member’s post or none, 401 to visitors, 403 for another’s user_id', async () => {
    for (const id of [theirs, 999_999]) {
      const res = await postStats(t, writer, { user_id: writer.id, post_id: id, days: 7 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: STATS_MESSAGES.postNotFound });
    }
    expect((await postStats(t, null, { user_id: writer.id, post_id: newer })).statusCode).toBe(401);
    expect((await postStats(t, stranger, { user_id: writer.id, post_id: newer })).statusCode).toBe(403);
    const named = await postStats(t, stranger, { user_id: stranger.id, post_id: newer });
    expect(named.statusCode).toBe(404);
    expect(named.body).not.toContain('The newer story');
  });
});

describe('what came from the fediverse', () => {
  it('counts its likes with the likes and its replies (and members’ answers to them) with the comments; boosts not', async () => {
    const author = await signIn(t.app, await aUser(t.db));
    const post = (await aPost(t.db, { userId: author.id, createdAt: ago(30) })).id;
    const now = ago(0);
    // A like from there is a row of likes of the account's row of users (ADR 0083).
    const liker = await anAccountElsewhere(t.db, 'Dave Elsewhere');
    await t.db.insertInto('likes').values({ post_id: post, user_id: liker.id, created_at: now, activity_id: 'https://elsewhere.example/like/1' }).execute();
    // A boost is a row of likes of its own kind (0052), which the stats leave out.
    await t.db.insertInto('likes').values({ post_id: post, user_id: liker.id, kind: 'boost', created_at: now, activity_id: 'https://elsewhere.example/announce/2' }).execute();
    await t.db.insertInto('likes').values({ post_id: post, user_id: stranger.id, created_at: now }).execute();
    // A reply from there is a comment of the account (issue 46), a member's answer to it a reply.
    const reply = await t.db
      .insertInto('comments')
      .values({ post_id: post, user_id: liker.id, ap_id: 'https://elsewhere.example/notes/1', body: 'From there', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('replies').values({ comment_id: reply.id, post_id: post, user_id: stranger.id, body: 'From here', created_at: now, updated_at: now }).execute();
    const stats = (await ownStats(t, author, { days: 7 })).json() as StatsResponse;
    expect(stats.posts).toEqual([expect.objectContaining({ id: post, likes: 2, comments: 2 })]);
    const days = ((await postStats(t, author, { user_id: author.id, post_id: post, days: 7 })).json() as PostStatsResponse).series;
    expect(days.at(-1)).toMatchObject({ day: dayAgo(0), likes: 2, comments: 2 });
    expect(days.slice(0, -1).every((day) => day.likes === 0 && day.comments === 0)).toBe(true);
  });
});

describe('deleting', () => {
  it('a post removes its readers and daily numbers', async () => {
    const post = (await aPost(t.db, { userId: writer.id })).id;
    await beacon(t, 'view', post, { as: stranger });
    await beacon(t, 'read', post, { ip: '203.0.113.5' });
    expect((await statsOf(t, post)).readers).toHaveLength(2);
    const res = await t.app.inject({ method: 'POST', url: '/api/user/delete-posts', payload: { id: post }, headers: writer.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statsOf(t, post)).toEqual({ readers: [], daily: [] });
  });

  it('an account removes the numbers of its posts, and keeps those of the posts it read', async () => {
    const leaving = await signIn(t.app, await aUser(t.db));
    const own = (await aPost(t.db, { userId: leaving.id })).id;
    await beacon(t, 'view', own, { as: writer });
    await beacon(t, 'view', older, { as: leaving });
    const before = (await statsOf(t, older)).daily;
    const res = await t.app.inject({ method: 'POST', url: '/api/user/delete-account', payload: { user_id: leaving.id, current_password: PASSWORD }, headers: leaving.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statsOf(t, own)).toEqual({ readers: [], daily: [] });
    expect((await statsOf(t, older)).daily).toEqual(before);
  });
});
