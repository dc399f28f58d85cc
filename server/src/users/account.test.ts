import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, stored } from '../posts/testing.ts';
import { counterDrift } from '../security/counters.ts';
import { type Member, aMember, call } from '../social/social.testkit.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { PASSWORD, aPost, aUser, signIn } from '../test/factories.ts';
import { ACCOUNT_MESSAGES } from './account.service.ts';

let t: TestApp;
beforeAll(async () => {
  // No grace period: a deleted member's files go at once when nothing else uses them.
  t = await buildTestApp({ config: { uploadGraceMs: 0 } });
});
afterAll(() => t.close());

const login = (email: string, password = PASSWORD) => t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
const emailOf = async (m: Member) => (await t.db.selectFrom('users').select('email').where('id', '=', m.id).executeTakeFirstOrThrow()).email!;

/** A member with a post that others like and comment on, who likes, comments, replies and follows in turn. */
async function busyMember(name: string) {
  const member = await aMember(t, name);
  const other = await aMember(t, `Pal ${Math.random().toString(36).slice(2, 6)}`);
  const ownPost = (await aPost(t.db, { userId: member.id, title: `${name} writes` })).id;
  const otherPost = (await aPost(t.db, { userId: other.id, title: `The friend writes` })).id;
  await call(t, '/like', { user_id: other.id, post_id: ownPost, status: 1 }, other);
  await call(t, '/like', { user_id: member.id, post_id: otherPost, status: 1 }, member);
  const onOwn = (await call(t, '/comment', { user_id: other.id, post_id: ownPost, comments: 'Nice' }, other)).json().id as number;
  await call(t, '/replies', { user_id: member.id, post_id: ownPost, comment_id: onOwn, reply: 'Thanks' }, member);
  const onOther = (await call(t, '/comment', { user_id: member.id, post_id: otherPost, comments: 'Great read' }, member)).json().id as number;
  await call(t, '/replies', { user_id: other.id, post_id: otherPost, comment_id: onOther, reply: 'Glad you liked it' }, other);
  const otherComment = (await call(t, '/comment', { user_id: other.id, post_id: otherPost, comments: 'My own note' }, other)).json().id as number;
  await call(t, '/replies', { user_id: member.id, post_id: otherPost, comment_id: otherComment, reply: 'Me too' }, member);
  await call(t, '/follow-unfollow', { user_id: member.id, follow_id: other.id, followType: 1 }, member);
  await call(t, '/follow-unfollow', { user_id: other.id, follow_id: member.id, followType: 1 }, other);
  const topic = (await t.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  await call(t, '/selected-category', { user_id: member.id, category_id: topic, status: 'active' }, member);
  return { member, other, ownPost, otherPost };
}

describe('deactivate', () => {
  it('asks for the password, ends every session, hides the member everywhere, and a sign-in brings it all back', async () => {
    const { member, other, ownPost, otherPost } = await busyMember('Dee');
    const second = await signIn(t.app, { id: member.id, email: await emailOf(member), password: PASSWORD });
    const wrong = await call(t, '/deactivate', { user_id: member.id, current_password: 'Nope#1234' }, member);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password[0]).toBe(ACCOUNT_MESSAGES.wrongPassword);
    expect((await call(t, '/deactivate', { user_id: member.id, current_password: PASSWORD }, other)).statusCode).toBe(403);

    const res = await call(t, '/deactivate', { user_id: member.id, current_password: PASSWORD }, member);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.deactivated);
    expect(res.cookies.find((c) => c.name === 'token')?.value).toBe('');
    expect((await call(t, '/profile', { id: member.id }, member)).statusCode).toBe(401);
    expect((await call(t, '/profile', { id: member.id }, { ...second, name: null })).statusCode).toBe(401);

    expect((await call(t, '/get-profile-data', { id: member.id })).statusCode).toBe(404);
    expect((await call(t, '/post/details', { post_id: ownPost })).statusCode).toBe(404);
    const feed = (await call(t, '/view-posts', {})).json().data.map((p: { id: number }) => p.id);
    expect(feed).not.toContain(ownPost);
    const thread = (await call(t, '/post/details', { post_id: otherPost })).json().post;
    expect(thread.comments.map((c: { comments: string }) => c.comments)).toEqual(['My own note']);
    expect(thread.comments[0].replies).toEqual([]);
    expect((await call(t, '/search', { query: 'dee' })).json()).toEqual({ users: [], posts: [] });
    const notices = (await call(t, '/notifications', { user_id: other.id }, other)).json().notifications;
    expect(notices).toEqual([]);
    // Nothing was deleted: the counters still count every row.
    expect(await counterDrift(t.db)).toEqual([]);

    const back = await login(await emailOf(member));
    expect(back.statusCode).toBe(200);
    expect(back.json().message).toMatch(/active again/);
    expect((await call(t, '/get-profile-data', { id: member.id })).statusCode).toBe(200);
    expect((await call(t, '/post/details', { post_id: ownPost })).statusCode).toBe(200);
    expect((await call(t, '/notifications', { user_id: other.id }, other)).json().notifications.length).toBeGreaterThan(0);
    expect((await login(await emailOf(member))).json().message).not.toMatch(/active again/);
  });
});

describe('delete-account', () => {
  it('removes everything that is theirs in one go, keeps every other counter equal to its rows, frees the address', async () => {
    const { member, other, ownPost, otherPost } = await busyMember('Del');
    const address = await emailOf(member);
    const session = await signIn(t.app, { id: member.id, email: address, password: PASSWORD });
    const withImage = await createPost(t, session);
    expect(stored(t, withImage.image)).toBe(true);
    await call(t, '/block', { user_id: member.id, block_id: other.id, status: 1 }, member);

    expect((await call(t, '/delete-account', { user_id: member.id }, member)).statusCode).toBe(422);
    const res = await call(t, '/delete-account', { user_id: member.id, current_password: PASSWORD }, member);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.deleted);
    expect(res.cookies.find((c) => c.name === 'token')?.value).toBe('');

    expect(await t.db.selectFrom('users').select('id').where('id', '=', member.id).execute()).toEqual([]);
    for (const table of ['posts', 'likes', 'saves', 'comments', 'replies', 'sessions', 'user_categories', 'help_requests'] as const) {
      expect(await t.db.selectFrom(table).select('user_id').where('user_id', '=', member.id).execute(), table).toEqual([]);
    }
    expect(await t.db.selectFrom('posts').select('id').where('id', '=', ownPost).execute()).toEqual([]);
    expect(await t.db.selectFrom('notifications').select('id').where('actor_id', '=', member.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('blocks').selectAll().where('blocker_id', '=', member.id).execute()).toEqual([]);
    expect(await counterDrift(t.db)).toEqual([]);
    const left = await t.db.selectFrom('posts').select(['likes_count', 'comments_count']).where('id', '=', otherPost).executeTakeFirstOrThrow();
    expect(left).toEqual({ likes_count: 0, comments_count: 1 }); // only the friend's own note is left
    const friend = await t.db.selectFrom('users').select(['followers_count', 'following_count']).where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(friend).toEqual({ followers_count: 0, following_count: 0 });
    expect(stored(t, withImage.image)).toBe(false);

    // The address is free again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { email: address, password: 'Fresh#2026', password_confirmation: 'Fresh#2026' },
    });
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('changing the email address', () => {
  it('mails a link to the new address and a notice to the old one; the address changes only when the link is opened', async () => {
    const member = await aMember(t, 'Em');
    const old = await emailOf(member);
    const fresh = `em-${Date.now()}@example.com`;
    const taken = (await aUser(t.db)).email;
    const ask = (email: string, current_password?: string) => call(t, '/update-profile', { id: member.id, email, ...(current_password ? { current_password } : {}) }, member);

    expect((await ask(fresh)).json().errors.current_password[0]).toBe(ACCOUNT_MESSAGES.currentPasswordRequired);
    expect((await ask(taken.toUpperCase(), PASSWORD)).json().errors.email[0]).toBe(ACCOUNT_MESSAGES.emailTaken);
    expect((await ask(old, PASSWORD)).json().errors.email[0]).toBe(ACCOUNT_MESSAGES.emailSame);
    const res = await ask(fresh, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.emailSent(fresh));
    expect(res.json().user.email).toBe(old);
    const queued = await t.db.selectFrom('mail_outbox').select(['to_address', 'text_body']).where('id', '>', 0).orderBy('id', 'desc').limit(2).execute();
    const toNew = queued.find((m) => m.to_address === fresh)!;
    expect(queued.find((m) => m.to_address === old)?.text_body).toMatch(new RegExp(fresh.replace(/\./g, '\\.')));

    expect((await login(old)).statusCode).toBe(200);
    const link = /http:\/\/localhost:3000(\/api\/user\/confirm-email\?token=[\w%-]+)/.exec(toNew.text_body)![1]!;
    const opened = await t.app.inject({ method: 'GET', url: link });
    expect(opened.statusCode).toBe(303);
    expect(new URL(opened.headers.location as string, 'http://x').searchParams.get('message')).toBe(ACCOUNT_MESSAGES.emailChanged);
    expect(await emailOf(member)).toBe(fresh);
    expect((await login(fresh)).statusCode).toBe(200);
    expect((await login(old)).statusCode).toBe(401);
    const reused = await t.app.inject({ method: 'GET', url: link });
    expect(new URL(reused.headers.location as string, 'http://x').searchParams.get('success')).toBe('false');
  });

  it('lets an account without a password confirm with a fresh sign-in, and asks for a new one after 15 minutes', async () => {
    const googler = await aMember(t, 'Goo');
    await t.db.updateTable('users').set({ password_hash: null }).where('id', '=', googler.id).execute();
    const ok = await call(t, '/update-profile', { id: googler.id, email: `goo-${Date.now()}@example.com` }, googler);
    expect(ok.statusCode).toBe(200);
    await t.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - 16 * 60_000).toISOString() })
      .where('user_id', '=', googler.id)
      .execute();
    const stale = await call(t, '/deactivate', { user_id: googler.id }, googler);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toBe(ACCOUNT_MESSAGES.signInAgain);
  });
});
