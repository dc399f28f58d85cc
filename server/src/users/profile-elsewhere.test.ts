import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aStoryElsewhere, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';

/**
 * An account elsewhere has a profile here like a member (ADR 0085: one graph): the profile call answers
 * for it with `elsewhere`, its stories kept here are its author posts, and its lists hold the members
 * here who follow it. What only a member has (our handle for it, its picture here) it has not. Both databases.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload, headers });

describe('the profile of an account elsewhere', () => {
  it('answers the profile call, its stories and its followers here as for a member', async () => {
    const account = await anAccountElsewhere(t.db, 'Far Writer', { bio: 'Writes from afar' });
    const story = await aStoryElsewhere(t.db, account, { title: 'Letters from afar' });
    const ada = await aUser(t.db, { name: 'Ada' });
    const session = await signIn(t.app, ada);
    expect((await call('follow-unfollow', { user_id: ada.id, follow_id: account.id, followType: 1 }, session.headers)).statusCode).toBe(422); // FEDERATION off here: asking is refused
    await t.db
      .insertInto('follows')
      .values({ follower_id: ada.id, following_id: account.id, created_at: new Date().toISOString(), activity_id: 'https://inkwell.example/f/1' })
      .execute();
    await t.db.updateTable('users').set({ followers_count: 1 }).where('id', '=', account.id).execute();

    const profile = await call('get-profile-data', { id: account.id });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data).toEqual({
      id: account.id,
      name: 'Far Writer',
      username: null,
      bio: 'Writes from afar',
      profile_picture: null,
      post_count: 1,
      followers_count: 1,
      following_count: 0,
      fediverse_handle: null,
      elsewhere: {
        handle: expect.stringMatching(/^@farwriter@elsewhere\d+\.example$/),
        icon_url: null,
        profile_url: expect.stringMatching(/^https:\/\/elsewhere\d+\.example\/@farwriter$/),
        url: null,
      },
    });
    // A member's profile says it is none.
    expect((await call('get-profile-data', { id: ada.id })).json().data.elsewhere).toBeNull();

    const posts = await call('author-posts', { author_id: account.id });
    expect(posts.json().data.map((card: { id: number }) => card.id)).toEqual([story.id]);
    const followers = await call('followers', { profile_id: account.id });
    expect(followers.statusCode).toBe(200);
    expect(followers.json().data.map((person: { id: number }) => person.id)).toEqual([ada.id]);
    expect((await call('following', { profile_id: account.id })).json().data).toEqual([]);
    expect((await call('is-following', { user_id: ada.id, follow_id: account.id }, session.headers)).json()).toMatchObject({ is_following: true, pending: false });
  });

  it('is 404 for an id that is nobody', async () => {
    expect((await call('get-profile-data', { id: 987_654 })).statusCode).toBe(404);
    expect((await call('followers', { profile_id: 987_654 })).statusCode).toBe(404);
  });
});
