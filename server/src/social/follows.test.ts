import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { anAccountElsewhere } from '../test/factories.ts';
import { FOLLOW_MESSAGES } from './follows.service.ts';
import { type Member, aMember, call, noticesOf } from './social.testkit.ts';

let t: TestApp;
let ada: Member;
beforeAll(async () => {
  t = await buildTestApp();
  ada = await aMember(t, 'Ada Lovelace');
});
afterAll(() => t.close());

const follow = (as: Member, followId: number, followType: unknown) => call(t, '/follow-unfollow', { user_id: as.id, follow_id: followId, followType }, as);
const isFollowing = (as: Member, followId: number) => call(t, '/is-following', { user_id: as.id, follow_id: followId }, as);
const counts = (id: number) => t.db.selectFrom('users').select(['followers_count', 'following_count']).where('id', '=', id).executeTakeFirstOrThrow();
const followRows = async () =>
  (
    await t.db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('POST /follow-unfollow and /is-following', () => {
  it('follows and unfollows idempotently, keeping both counters', async () => {
    const writer = await aMember(t);
    expect((await isFollowing(ada, writer.id)).json()).toMatchObject({ is_following: false, followers_count: 0 });
    const res = await follow(ada, writer.id, 1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_following: true, followers_count: 1 });
    expect((await follow(ada, writer.id, '1')).json()).toMatchObject({ is_following: true, followers_count: 1 });
    expect((await isFollowing(ada, writer.id)).json()).toMatchObject({ is_following: true, followers_count: 1 });
    expect(await counts(writer.id)).toEqual({ followers_count: 1, following_count: 0 });
    expect((await counts(ada.id)).following_count).toBe(1);

    expect((await follow(ada, writer.id, 0)).json()).toMatchObject({ is_following: false, followers_count: 0 });
    expect((await follow(ada, writer.id, 0)).json()).toMatchObject({ is_following: false, followers_count: 0 });
    expect(await counts(writer.id)).toEqual({ followers_count: 0, following_count: 0 });
    expect((await counts(ada.id)).following_count).toBe(0);
  });

  it('refuses following oneself (422), a missing user (404), bad input (422), visitors (401), others (403)', async () => {
    const writer = await aMember(t);
    const before = await followRows();
    const self = await follow(ada, ada.id, 1);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.follow_id[0]).toBe('You cannot follow yourself.');
    expect((await follow(ada, 888_888, 1)).statusCode).toBe(404);
    expect((await isFollowing(ada, 888_888)).statusCode).toBe(404);
    expect((await follow(ada, writer.id, 2)).statusCode).toBe(422);
    expect((await call(t, '/follow-unfollow', { user_id: ada.id, follow_id: writer.id, followType: 1 })).statusCode).toBe(401);
    expect((await call(t, '/is-following', { user_id: ada.id, follow_id: writer.id })).statusCode).toBe(401);
    expect((await call(t, '/follow-unfollow', { user_id: writer.id, follow_id: ada.id, followType: 1 }, ada)).statusCode).toBe(403);
    expect((await call(t, '/is-following', { user_id: writer.id, follow_id: ada.id }, ada)).statusCode).toBe(403);
    expect(await followRows()).toBe(before);
    expect((await counts(ada.id)).followers_count).toBe(0);
  });

  it('follows an account of another server with the same call only where this server federates; ends a follow of one either way', async () => {
    const before = await followRows();
    const elsewhere = await anAccountElsewhere(t.db, 'Far Writer');
    // FEDERATION is off here: nothing would send the Follow, so asking is refused and nothing kept.
    const refused = await follow(ada, elsewhere.id, 1);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.follow_id).toEqual([FOLLOW_MESSAGES.noFederation]);
    expect((await isFollowing(ada, elsewhere.id)).json()).toMatchObject({ is_following: false, pending: false });
    expect(await followRows()).toBe(before);
    // A request asked while it was on is taken back with the ordinary unfollow.
    const now = new Date().toISOString();
    await t.db
      .insertInto('follow_requests')
      .values({ follower_id: ada.id, followed_id: elsewhere.id, activity_id: 'https://inkwell.example/ap/users/1#follows/9', created_at: now })
      .execute();
    expect((await isFollowing(ada, elsewhere.id)).json()).toMatchObject({ is_following: true, pending: true });
    expect((await follow(ada, elsewhere.id, 0)).json()).toEqual({ message: FOLLOW_MESSAGES.unfollowedElsewhere, is_following: false, followers_count: 0, pending: false });
    expect(await t.db.selectFrom('follow_requests').select('follower_id').where('followed_id', '=', elsewhere.id).execute()).toEqual([]);
    // Its lists are read as a member's are (users/profile-elsewhere.test.ts): nobody here follows it now.
    expect((await t.app.inject({ method: 'POST', url: '/api/user/followers', payload: { profile_id: elsewhere.id } })).json().data).toEqual([]);
  });

  it('notifies the followed user once per follower, refreshed on a new follow', async () => {
    const writer = await aMember(t);
    const nameless = await aMember(t, null);
    await follow(ada, writer.id, 1);
    await follow(ada, writer.id, 0);
    await follow(ada, writer.id, 1);
    await follow(nameless, writer.id, 1);
    const notices = await noticesOf(t.db, writer.id);
    expect(notices.map((n) => [n.type, n.actor_id, n.post_id, n.message])).toEqual([
      ['follow', ada.id, null, 'Ada Lovelace started following you.'],
      ['follow', nameless.id, null, 'Someone started following you.'],
    ]);
    expect(await noticesOf(t.db, ada.id)).toEqual([]);

    // An unfollow takes its notification back; the other follower's stays.
    await follow(ada, writer.id, 0);
    expect((await noticesOf(t.db, writer.id)).map((n) => n.actor_id)).toEqual([nameless.id]);
  });

  it('keeps the counters equal to the rows when many follow and unfollow at once, both ways', async () => {
    const writer = await aMember(t);
    const crowd = await Promise.all(Array.from({ length: 10 }, () => aMember(t)));
    const calls = crowd.flatMap((m, i) => [follow(m, writer.id, 1), follow(writer, m.id, 1), follow(m, writer.id, i % 2), follow(m, writer.id, 1), follow(writer, m.id, i % 2)]);
    const results = await Promise.all(calls);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    for (const user of [writer, ...crowd]) {
      const followers = await t.db.selectFrom('follows').select('follower_id').where('following_id', '=', user.id).execute();
      const following = await t.db.selectFrom('follows').select('following_id').where('follower_id', '=', user.id).execute();
      expect(await counts(user.id)).toEqual({ followers_count: followers.length, following_count: following.length });
    }
  });
});
