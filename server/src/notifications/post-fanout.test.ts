import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database.ts';
import { firstCategoryId } from '../posts/testing.ts';
import { type Member, aMember, call } from '../social/social.testkit.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { PASSWORD, aPost, anAccountElsewhere } from '../test/factories.ts';
import { PostFanout } from './post-fanout.ts';

/** A new story told to the author's followers (issue 13): once each, after the commit, never to the wrong people. */
let t: TestApp;
let category: number;
beforeAll(async () => {
  t = await buildTestApp();
  category = await firstCategoryId(t);
});
afterAll(() => t.close());

const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const follow = (who: Member, author: Member) => call(t, '/follow-unfollow', { user_id: who.id, follow_id: author.id, followType: 1 }, who);
const fields = (author: Member, title: string) => ({ user_id: author.id, title, sub_title: 'A line', category_id: category, description: '<p>Words.</p>' });

async function publish(author: Member, title: string): Promise<number> {
  const res = await call(t, '/add-post', fields(author, title), author);
  expect(res.statusCode, res.body).toBe(201);
  await t.app.postFanout.settled();
  return res.json().post.id as number;
}

/** The 'post' notifications of a post, as member id → how many. */
async function toldOf(postId: number): Promise<Map<number, number>> {
  const rows = await t.db.selectFrom('notifications').select('user_id').where('type', '=', 'post').where('post_id', '=', postId).execute();
  const counts = new Map<number, number>();
  for (const { user_id } of rows) counts.set(user_id, (counts.get(user_id) ?? 0) + 1);
  return counts;
}

/**
 * An author with two followers, a reader who does not follow, and four followers who must not be told:
 * one who blocked the author, one the author blocked, one deactivated, and an account of another server
 * (told by federation, not by a notification: ADR 0080).
 */
async function audience(name = 'Ana') {
  const author = await aMember(t, name);
  const fans = [await aMember(t, 'Fan one'), await aMember(t, 'Fan two')];
  const stranger = await aMember(t, 'Stranger');
  const [blocker, blocked, gone] = [await aMember(t, 'Blocker'), await aMember(t, 'Blocked'), await aMember(t, 'Gone')];
  for (const m of [...fans, blocker, blocked, gone]) expect((await follow(m, author)).statusCode).toBe(200);
  // Blocking ends the follows; these rows stand for a block made while a fan-out runs.
  const now = nowIso();
  await t.db
    .insertInto('blocks')
    .values([
      { blocker_id: blocker.id, blocked_id: author.id, created_at: now },
      { blocker_id: author.id, blocked_id: blocked.id, created_at: now },
    ])
    .execute();
  await t.db.updateTable('users').set({ deactivated_at: now }).where('id', '=', gone.id).execute();
  const elsewhere = await anAccountElsewhere(t.db, `${name} fan elsewhere`);
  await t.db.insertInto('follows').values({ follower_id: elsewhere.id, following_id: author.id, created_at: now }).execute();
  return { author, fans, stranger };
}

function expectToldOnce(told: Map<number, number>, fans: Member[]) {
  expect(Object.fromEntries(told)).toEqual(Object.fromEntries(fans.map((f) => [f.id, 1])));
}

describe('telling followers of a new story', () => {
  it('tells each follower once when a post is added, naming the author and leading to the post; nobody else', async () => {
    const { author, fans, stranger } = await audience('Ana Author');
    const postId = await publish(author, 'Night trains');
    expectToldOnce(await toldOf(postId), fans);

    const list = (await call(t, '/notifications', { user_id: fans[0]!.id }, fans[0])).json();
    expect(list.unseen_count).toBe(1);
    expect(list.notifications[0]).toMatchObject({
      type: 'post',
      message: 'Ana Author published a new story: “Night trains”.',
      post_id: postId,
      seen: false,
      actor: { id: author.id, name: 'Ana Author' },
    });
    expect((await call(t, '/notifications', { user_id: stranger.id }, stranger)).json().notifications).toEqual([]);
    expect((await call(t, '/notifications', { user_id: author.id }, author)).json().notifications.filter((n: { type: string }) => n.type === 'post')).toEqual([]);
    expect(await t.db.selectFrom('post_fanouts').selectAll().execute()).toEqual([]); // nothing owed any more
  });

  it('tells them when a draft is published, and when a scheduled one is published by the scheduler', async () => {
    const { author, fans } = await audience();
    const save = async (title: string) => (await call(t, '/drafts/save', fields(author, title), author)).json().draft.id as number;

    const draft = await save('From a draft');
    const published = await call(t, '/drafts/publish', { id: draft }, author);
    expect(published.statusCode, published.body).toBe(201);
    await t.app.postFanout.settled();
    expectToldOnce(await toldOf(published.json().post.id), fans);

    const scheduled = await save('Scheduled story');
    expect((await call(t, '/drafts/schedule', { id: scheduled, publish_at: inMinutes(10) }, author)).statusCode).toBe(200);
    expect(await t.app.scheduledPosts.runOnce(inMinutes(11))).toBe(1);
    await t.app.postFanout.settled();
    const post = await t.db.selectFrom('posts').select('id').where('title', '=', 'Scheduled story').where('user_id', '=', author.id).executeTakeFirstOrThrow();
    expectToldOnce(await toldOf(post.id), fans);
  });

  it('adds nothing when the fan-out runs again, nor when the post is edited', async () => {
    const { author, fans } = await audience();
    const postId = await publish(author, 'Told once');
    const before = await t.db.selectFrom('notifications').select(['id', 'user_id']).where('post_id', '=', postId).orderBy('id').execute();

    // Owed again (as if a process had not known it was done): running it, twice at once, writes nothing.
    await t.app.postFanout.queue(t.db, postId);
    expect(await Promise.all([t.app.postFanout.run(postId), t.app.postFanout.run(postId)])).toEqual([0, 0]);
    await t.app.postFanout.queue(t.db, postId);
    expect(await t.app.postFanout.sweep(Date.now() + 60_000)).toBe(1);

    const edited = await call(t, '/posts/update', { ...fields(author, 'Told once, edited'), id: postId }, author);
    expect(edited.statusCode, edited.body).toBe(200);
    await t.app.postFanout.settled();
    expect(await t.db.selectFrom('notifications').select(['id', 'user_id']).where('post_id', '=', postId).orderBy('id').execute()).toEqual(before);
    expectToldOnce(await toldOf(postId), fans);
  });

  it('writes in batches over many followers, each told once, their mails queued only for those who ticked it', async () => {
    const author = await aMember(t, 'Prolific');
    const fans = await Promise.all(Array.from({ length: 7 }, (_, i) => aMember(t, `Reader ${i}`)));
    for (const fan of fans) await follow(fan, author);
    await t.db.updateTable('users').set({ notify_post: 1 }).where('id', 'in', [fans[1]!.id, fans[4]!.id]).execute();
    const post = await aPost(t.db, { userId: author.id, title: 'Batched' }); // written without a fan-out
    const fanout = new PostFanout(t.db, { error: () => {} }, { batchSize: 2, claimMs: 60_000, staleMs: 0 });
    await fanout.queue(t.db, post.id);
    expect(await fanout.run(post.id)).toBe(7);
    expectToldOnce(await toldOf(post.id), fans);
    const mails = await t.db
      .selectFrom('notification_mails as m')
      .innerJoin('notifications as n', 'n.id', 'm.notification_id')
      .select(['m.user_id', 'm.kind'])
      .where('n.post_id', '=', post.id)
      .orderBy('m.user_id')
      .execute();
    expect(mails).toEqual([fans[1]!.id, fans[4]!.id].sort((a, b) => a - b).map((user_id) => ({ user_id, kind: 'post' })));
  });

  it('takes up a fan-out that a process left behind, but not one another process still holds', async () => {
    const author = await aMember(t, 'Left behind');
    const fan = await aMember(t, 'Patient fan');
    await follow(fan, author);
    const post = await aPost(t.db, { userId: author.id, title: 'Owed' });
    const at = inMinutes(-1); // queued a minute ago by a process that died before telling anyone
    await t.db
      .insertInto('post_fanouts')
      .values({ post_id: post.id, created_at: at, claimed_until: inMinutes(1) })
      .execute();
    expect(await t.app.postFanout.sweep()).toBe(0); // claimed by another process, still alive
    expect((await toldOf(post.id)).size).toBe(0);
    expect(await t.app.postFanout.sweep(Date.now() + 2 * 60_000)).toBe(1); // its claim ran out
    expectToldOnce(await toldOf(post.id), [fan]);

    // The story fan-outs job's round does the same.
    const other = await aPost(t.db, { userId: author.id, title: 'Owed too' });
    await t.db.insertInto('post_fanouts').values({ post_id: other.id, created_at: at, claimed_until: null }).execute();
    await t.app.jobs.runNow('story-fanouts');
    expectToldOnce(await toldOf(other.id), [fan]);
  });

  it('takes the notifications back when the post is deleted, and with the author’s account', async () => {
    const { author, fans } = await audience();
    const postId = await publish(author, 'Short-lived');
    expect((await call(t, '/delete-posts', { id: postId }, author)).statusCode).toBe(200);
    expect((await toldOf(postId)).size).toBe(0);
    expect((await call(t, '/notifications', { user_id: fans[0]!.id }, fans[0])).json()).toEqual({ notifications: [], unseen_count: 0 });

    const kept = await publish(author, 'Until the account goes');
    expect((await toldOf(kept)).size).toBe(2);
    expect((await call(t, '/delete-account', { user_id: author.id, current_password: PASSWORD }, author)).statusCode).toBe(200);
    expect((await toldOf(kept)).size).toBe(0);
  });

  it('lists stories beside the rest without crowding them out, and the dot counts only the stories it lists', async () => {
    const author = await aMember(t, 'Busy');
    const reader = await aMember(t, 'Reader');
    await follow(reader, author);
    const mine = await aPost(t.db, { userId: reader.id, title: 'Mine' });
    expect((await call(t, '/like', { user_id: author.id, post_id: mine.id, status: 1 }, author)).statusCode).toBe(200);
    for (let i = 0; i < 55; i += 1) {
      const post = await aPost(t.db, { userId: author.id, title: `Story ${i}` });
      await t.app.postFanout.queue(t.db, post.id);
      await t.app.postFanout.run(post.id);
    }
    const list = (await call(t, '/notifications', { user_id: reader.id }, reader)).json() as { notifications: Array<{ id: number; type: string }>; unseen_count: number };
    expect(list.notifications.filter((n) => n.type === 'post')).toHaveLength(50);
    expect(list.notifications.filter((n) => n.type === 'like')).toHaveLength(1);
    expect(list.unseen_count).toBe(51);
    const seen = await call(t, '/notifications/seen', { user_id: reader.id, ids: list.notifications.map((n) => n.id) }, reader);
    expect(seen.json().unseen_count).toBe(0);
  });
});
