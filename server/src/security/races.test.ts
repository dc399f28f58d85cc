import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFields, send } from '../posts/testing.ts';
import { type Member, aMember, call } from '../social/social.testkit.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost, aUser } from '../test/factories.ts';
import { type Answer, counterDrift, expectAllowedAnswers, expectCountersMatchRows, tally, times } from './counters.ts';

/**
 * Bursts of concurrent identical (and interleaved) calls; after each, every answer is a clean one and
 * every counter equals the rows it counts. On PostgreSQL (INKWELL_TEST_DB=postgres) the calls of a
 * burst really run side by side on the pool's connections.
 */

let t: TestApp;
let owner: Member;
let racers: Member[];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await aMember(t, 'Owner');
  racers = [];
  for (let i = 0; i < 10; i += 1) racers.push(await aMember(t, `Racer ${i}`));
});
afterAll(async () => t?.close());

/** Runs the calls at once; checks the answers and the counters; answers the statuses in call order. */
async function burst(calls: Array<Promise<Answer>>): Promise<number[]> {
  const answers = await Promise.all(calls);
  expectAllowedAnswers(answers);
  await expectCountersMatchRows(t.db);
  return answers.map((a) => a.statusCode);
}

const like = (m: Member, postId: number, status: 0 | 1) => call(t, '/like', { user_id: m.id, post_id: postId, status }, m);
const save = (m: Member, postId: number, on: 0 | 1) => call(t, '/posts/save', { user_id: m.id, post_id: postId, save_unsave: on }, m);
const follow = (m: Member, whom: number, on: 0 | 1) => call(t, '/follow-unfollow', { user_id: m.id, follow_id: whom, followType: on }, m);
const comment = (m: Member, postId: number) => call(t, '/comment', { user_id: m.id, post_id: postId, comments: 'Same words' }, m);
const reply = (m: Member, postId: number, commentId: number) => call(t, '/replies', { user_id: m.id, post_id: postId, comment_id: commentId, reply: 'Same answer' }, m);
const removePost = (m: Member, id: number) => call(t, '/delete-posts', { id }, m);
const idOf = (a: Answer) => (JSON.parse(a.body) as { id: number }).id;

async function rowCount(table: 'likes' | 'saves' | 'follows' | 'comments' | 'replies', where: Record<string, number>): Promise<number> {
  let q = t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  for (const [column, value] of Object.entries(where)) q = q.where(sql.ref(column), '=', value);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** A post by the owner with two likes, a save, and a comment with two replies. */
async function busyPost(): Promise<{ postId: number; commentId: number; replyId: number }> {
  const { id: postId } = await aPost(t.db, { userId: owner.id });
  const [a, b] = racers as [Member, Member];
  await Promise.all([like(a, postId, 1), like(b, postId, 1), save(a, postId, 1)]);
  const commentId = idOf(await comment(a, postId));
  const replyId = idOf(await reply(b, postId, commentId));
  await reply(owner, postId, commentId);
  return { postId, commentId, replyId };
}

describe('the counter check', () => {
  it('sees a counter that does not match its rows', async () => {
    const { id } = await aPost(t.db, { userId: owner.id });
    await t.db.updateTable('posts').set({ likes_count: 7 }).where('id', '=', id).execute();
    expect(await counterDrift(t.db)).toEqual([{ counter: 'posts.likes_count', id, stored: 7, rows: 0 }]);
    await t.db.updateTable('posts').set({ likes_count: 0 }).where('id', '=', id).execute();
    await expectCountersMatchRows(t.db);
  });
});

describe('likes', () => {
  it('20 identical likes make one, 20 unlikes none, 40 interleaved by ten users land where each ended', async () => {
    const { id: postId } = await aPost(t.db, { userId: owner.id });
    const ada = racers[0]!;
    for (let round = 0; round < 3; round += 1) {
      expect(tally(await burst(times(20, () => like(ada, postId, 1))))).toEqual({ 200: 20 });
      expect(await rowCount('likes', { post_id: postId, user_id: ada.id })).toBe(1);
      expect(tally(await burst(times(20, () => like(ada, postId, 0))))).toEqual({ 200: 20 });
      expect(await rowCount('likes', { post_id: postId, user_id: ada.id })).toBe(0);
      // Each racer likes and unlikes at once, twice over; the owner too.
      const mixed = [...racers, owner].flatMap((m, i) => times(4, (k) => like(m, postId, (i + k) % 2 === 0 ? 1 : 0)));
      expect(tally(await burst(mixed))).toEqual({ 200: 44 });
    }
  });
});

describe('saves', () => {
  it('identical and interleaved saves keep one row at most per reader', async () => {
    const { id: postId } = await aPost(t.db, { userId: owner.id });
    const ada = racers[0]!;
    for (let round = 0; round < 3; round += 1) {
      expect(tally(await burst(times(20, () => save(ada, postId, 1))))).toEqual({ 200: 20 });
      expect(await rowCount('saves', { post_id: postId, user_id: ada.id })).toBe(1);
      expect(tally(await burst(times(20, () => save(ada, postId, 0))))).toEqual({ 200: 20 });
      expect(await rowCount('saves', { post_id: postId, user_id: ada.id })).toBe(0);
      const mixed = racers.flatMap((m, i) => times(3, (k) => save(m, postId, (i + k) % 2 === 0 ? 1 : 0)));
      expect(tally(await burst(mixed))).toEqual({ 200: 30 });
      expect(await rowCount('saves', { post_id: postId })).toBeLessThanOrEqual(racers.length);
    }
  });
});

describe('follows', () => {
  it('identical follows and unfollows by several followers, both directions, A and B at each other', async () => {
    for (let round = 0; round < 3; round += 1) {
      expect(tally(await burst(racers.flatMap((m) => times(3, () => follow(m, owner.id, 1)))))).toEqual({ 200: 30 });
      expect(await rowCount('follows', { following_id: owner.id })).toBe(racers.length);
      // The owner follows every racer while each racer unfollows the owner: opposite rows of the same two users.
      const crossing = racers.flatMap((m) => [follow(owner, m.id, 1), follow(owner, m.id, 1), follow(m, owner.id, 0), follow(m, owner.id, 0)]);
      expect(tally(await burst(crossing))).toEqual({ 200: 40 });
      expect(await rowCount('follows', { following_id: owner.id })).toBe(0);
      // Neighbours follow each other both ways at once, with follow and unfollow interleaved, and two self-follows.
      const ring = racers.flatMap((m, i) => {
        const next = racers[(i + 1) % racers.length]!;
        return [follow(m, next.id, 1), follow(next, m.id, 1), follow(m, next.id, (round % 2) as 0 | 1), follow(owner, m.id, 0)];
      });
      const codes = await burst([...ring, follow(owner, owner.id, 1), follow(racers[0]!, racers[0]!.id, 1)]);
      expect(tally(codes)).toEqual({ 200: 40, 422: 2 });
    }
  });
});

describe('topics', () => {
  const choose = (m: Member, categoryId: number, on: boolean) => call(t, '/selected-category', { user_id: m.id, category_id: categoryId, status: on ? 'active' : 'inactive' }, m);
  const reset = (m: Member) => call(t, '/reset-categories', { user_id: m.id }, m);

  it('identical choices, unchoices and resets keep each topic’s followers_count equal to its rows', async () => {
    const topics = (await t.db.selectFrom('categories').select('id').orderBy('id').limit(3).execute()).map((c) => c.id);
    for (let round = 0; round < 2; round += 1) {
      expect(tally(await burst(racers.flatMap((m) => topics.flatMap((id) => times(2, () => choose(m, id, true))))))).toEqual({ 200: 60 });
      const followers = await t.db.selectFrom('categories').select('followers_count').where('id', '=', topics[0]!).executeTakeFirstOrThrow();
      expect(followers.followers_count).toBe(racers.length);
      // Unchoosing, resetting and choosing again, all at once by the same members.
      const mixed = racers.flatMap((m, i) => [choose(m, topics[0]!, false), choose(m, topics[0]!, false), reset(m), choose(m, topics[1]!, i % 2 === 0)]);
      expect(tally(await burst(mixed))).toEqual({ 200: 40 });
      await burst(racers.map((m) => reset(m)));
    }
  });
});

describe('comments and replies', () => {
  it('30 identical comments, 30 identical replies, then both at once', async () => {
    const { id: postId } = await aPost(t.db, { userId: owner.id });
    const [ada, bob] = racers as [Member, Member];
    const first = await Promise.all(times(30, () => comment(ada, postId)));
    expectAllowedAnswers(first);
    await expectCountersMatchRows(t.db);
    expect(new Set(first.map(idOf)).size).toBe(30);
    const commentId = idOf(first[0]!);
    expect(tally(await burst(times(30, () => reply(bob, postId, commentId))))).toEqual({ 200: 30 });
    const mixed = racers.flatMap((m) => [comment(m, postId), reply(m, postId, commentId), reply(owner, postId, commentId)]);
    expect(tally(await burst(mixed))).toEqual({ 200: 30 });
    expect(await rowCount('comments', { post_id: postId })).toBe(40);
    expect(await rowCount('replies', { post_id: postId })).toBe(50);
  });
});

describe('deleting the same thing ten times at once', () => {
  it('a comment with replies: one delete wins, the rest 404; replies racing it land or 404', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { postId, commentId, replyId } = await busyPost();
      const author = racers[0]!;
      // The comment's author and the post's owner both delete it; later rounds reply to it and delete one of its replies meanwhile.
      const deletes = times(10, (i) => call(t, '/comment-delete', { id: commentId }, i % 2 === 0 ? author : owner));
      const replies = round === 0 ? [] : [...times(10, (i) => reply(racers[i]!, postId, commentId)), ...times(3, () => call(t, '/reply-delete', { id: replyId }, owner))];
      const codes = await burst([...deletes, ...replies]);
      expect(tally(codes.slice(0, 10))).toEqual({ 200: 1, 404: 9 });
      expect(codes.slice(10).every((c) => c === 200 || c === 404)).toBe(true);
      expect(await rowCount('comments', { id: commentId })).toBe(0);
      expect(await rowCount('replies', { comment_id: commentId })).toBe(0);
    }
  });

  it('a reply: one delete wins, the rest 404', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { postId, commentId } = await busyPost();
      const replyId = idOf(await reply(racers[2]!, postId, commentId));
      const codes = await burst(times(10, (i) => call(t, '/reply-delete', { id: replyId }, i % 2 === 0 ? racers[2]! : owner)));
      expect(tally(codes)).toEqual({ 200: 1, 404: 9 });
      expect(await rowCount('replies', { comment_id: commentId })).toBe(2);
    }
  });

  it('a post with likes and comments: one delete wins; the thread’s writes racing it land or 404', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { postId, commentId, replyId } = await busyPost();
      const deletes = times(10, () => removePost(owner, postId));
      // Likes, saves, comments, replies and deletes of the comment and of a reply, beside the deletes of the post.
      const racing =
        round === 0
          ? []
          : [
              ...racers.slice(0, 8).flatMap((m, i) => [like(m, postId, 1), save(m, postId, 1), i % 2 === 0 ? comment(m, postId) : reply(m, postId, commentId)]),
              call(t, '/comment-delete', { id: commentId }, owner),
              call(t, '/reply-delete', { id: replyId }, owner),
            ];
      const codes = await burst([...deletes, ...racing]);
      expect(tally(codes.slice(0, 10))).toEqual({ 200: 1, 404: 9 });
      expect(codes.slice(10).every((c) => c === 200 || c === 404)).toBe(true);
      for (const table of ['likes', 'saves', 'comments', 'replies'] as const) expect(await rowCount(table, { post_id: postId })).toBe(0);
    }
  });
});

describe('add-post', () => {
  it('20 identical posts by one author count 20; deleting each twice at once counts them out', async () => {
    const author = racers[3]!;
    const before = await t.db.selectFrom('users').select('post_count').where('id', '=', author.id).executeTakeFirstOrThrow();
    const fields = await postFields(t, author); // the same cover bytes in every call
    for (let round = 0; round < 2; round += 1) {
      const added = await Promise.all(times(20, () => send(t, 'add-post', fields, author)));
      expectAllowedAnswers(added);
      await expectCountersMatchRows(t.db);
      expect(tally(added.map((a) => a.statusCode))).toEqual({ 201: 20 });
      const ids = added.map((a) => (JSON.parse(a.body) as { post: { id: number } }).post.id);
      expect(tally(await burst(ids.flatMap((id) => [removePost(author, id), removePost(author, id)])))).toEqual({ 200: 20, 404: 20 });
    }
    const after = await t.db.selectFrom('users').select('post_count').where('id', '=', author.id).executeTakeFirstOrThrow();
    expect(after.post_count).toBe(before.post_count);
  });
});

describe('failed logins', () => {
  it('40 wrong passwords for two accounts from four addresses: ten checks per account, the throttle rows agree', async () => {
    const users = [await aUser(t.db), await aUser(t.db)];
    const calls = times(40, (i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: users[i % 2]!.email, password: 'Wrong#123' },
        remoteAddress: `10.9.0.${(Math.floor(i / 2) % 4) + 1}`,
      }),
    );
    const codes = await burst(calls);
    for (const [n, user] of users.entries()) {
      const own = codes.filter((_, i) => i % 2 === n);
      expect(tally(own)).toEqual({ 401: 10, 429: 10 });
      const email = user.email.toLowerCase();
      const rows = await t.db.selectFrom('login_throttle').select(['key', 'failures']).where('key', 'like', `%${email}%`).execute();
      const account = rows.filter((r) => r.key === `account:${email}`);
      const addresses = rows.filter((r) => r.key.startsWith(`address:${email}|`));
      expect(account.map((r) => r.failures)).toEqual([10]);
      expect(addresses).toHaveLength(4);
      expect(addresses.reduce((sum, r) => sum + r.failures, 0)).toBe(10);
    }
  });
});
