import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../audit/audit.ts';
import { offlineEvents } from '../offline-events.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aPost, aUser, signIn } from '../test/factories.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { setAppealToken } from './appeals.repository.ts';
import { createAppeals } from './appeals.service.ts';
import { createDecisions } from './decisions.service.ts';
import { createLimits } from './limits.service.ts';
import { reportedCase } from './moderation.testkit.ts';

/**
 * An account limited by the moderators (issue 47, ADR 0111), on SQLite or PostgreSQL: its stories leave
 * the feeds, search and recommendations of everyone who does not follow it, and stay in its
 * followers' feeds, on its profile and behind a link; lifted by the clock, by hand or by an appeal;
 * told, mailed and audited.
 */
let t: TestApp;
let loud: Session;
let follower: Session;
let stranger: Session;
let reporter: Session;
let storyId: number;
let categoryId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const [a, b, c, d] = await Promise.all(['Quintessa Loudmouth', 'Follower', 'Stranger', 'Reporter'].map(async (name) => signIn(t.app, await aUser(t.db, { name }))));
  [loud, follower, stranger, reporter] = [a!, b!, c!, d!];
  const story = await aPost(t.db, { userId: loud.id, title: 'Zanzibar limited harbours' });
  [storyId, categoryId] = [story.id, story.categoryId];
  const followed = await call(follower, 'follow-unfollow', { follow_id: loud.id, followType: 1 });
  expect(followed.statusCode, followed.body).toBe(200);
});
afterAll(() => t.close());

const call = (who: Session | null, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload: who ? { user_id: who.id, ...payload } : payload, headers: who?.headers ?? {} });
const ids = async (who: Session | null, url: string, payload: object = {}) => {
  const res = await call(who, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return ((body.posts ?? body).data as Array<{ id: number }>).map((p) => p.id);
};
/** Where a reader may come upon the story without asking for its writer: home, the topic, related stories, search, Picks. */
async function discovered(who: Session | null): Promise<Record<string, boolean>> {
  const other = await aPost(t.db, { userId: stranger.id, categoryId, title: 'Zanzibar harbours compared' });
  const related = (await call(who, 'posts/related', { id: other.id })).json().related_posts as Array<{ id: number }>;
  const searched = (await call(who, 'search', { query: 'Zanzibar limited' })).json();
  const people = (await call(who, 'search', { query: 'Quintessa' })).json().users as Array<{ id: number }>;
  const picks = (await call(who, 'recommended-posts', {})).json().recommended_posts as Array<{ id: number }>;
  const whom = (await call(who, 'recommended-users', who ? { id: who.id } : {})).json().recommended_users as Array<{ id: number }>;
  return {
    home: (await ids(who, 'view-posts')).includes(storyId),
    topic: (await ids(who, 'categories-name', { category_id: categoryId })).includes(storyId),
    related: related.some((p) => p.id === storyId),
    search: (searched.posts as Array<{ id: number }>).some((p) => p.id === storyId),
    people: people.some((u) => u.id === loud.id),
    picks: picks.some((p) => p.id === storyId),
    whom: whom.some((u) => u.id === loud.id),
  };
}
const nowhere: Record<string, boolean> = { home: false, topic: false, related: false, search: false, people: false, picks: false, whom: false };
const lastMessageTo = async (userId: number) =>
  (await t.db.selectFrom('notifications').select('message').where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirstOrThrow()).message;

describe('an account limited by the moderators', () => {
  it('leaves what strangers come upon, and stays in its followers’ feeds, on its profile and behind a link', async () => {
    const before = await discovered(stranger);
    expect(before).toEqual({ home: true, topic: true, related: true, search: true, people: true, picks: true, whom: true });

    const caseId = await reportedCase(t, reporter, 'account', loud.id);
    const decisions = createDecisions(t.db, t.config.publicUrl, offlineEvents());
    await expect(decisions.decide(caseId, 'limit', '', 'command line')).rejects.toThrow(/limit needs a note/);
    const done = await decisions.decide(caseId, 'limit', 'Posting the same advert in every topic.', 'command line');
    expect(done.limited).toEqual({ id: loud.id, endsAt: null });
    expect((await t.db.selectFrom('users').select('limited_at').where('id', '=', loud.id).executeTakeFirstOrThrow()).limited_at).not.toBeNull();

    expect(await discovered(stranger)).toEqual(nowhere);
    expect(await discovered(null)).toEqual(nowhere);
    // Its followers still get its stories where they asked for them.
    expect(await ids(follower, 'following/posts')).toContain(storyId);
    expect(await ids(follower, 'view-posts')).toContain(storyId);
    // A link still works, and so does its profile, for anybody.
    expect((await call(stranger, 'post/details', { post_id: storyId })).statusCode).toBe(200);
    expect(await ids(stranger, 'author-posts', { author_id: loud.id })).toContain(storyId);
    expect(await ids(null, 'author-posts', { author_id: loud.id })).toContain(storyId);
    // The writer goes on as before, and sees their own stories.
    expect((await call(loud, 'like', { post_id: storyId, status: 1 })).statusCode).toBe(200);
    expect(await ids(loud, 'view-posts')).toContain(storyId);
    // Nor is it in the site's feed for everybody.
    expect((await t.app.inject({ method: 'GET', url: '/rss.xml' })).body).not.toContain('Zanzibar limited harbours');

    expect(await lastMessageTo(loud.id)).toMatch(/^The moderators limited your account until they lift it: .*Posting the same advert in every topic\.$/);
    expect(await lastMessageTo(reporter.id)).toContain('the account is limited');
    const address = (await t.db.selectFrom('users').select('email').where('id', '=', loud.id).executeTakeFirstOrThrow()).email!;
    const mail = await t.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', address).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('The moderators limited your account');
    expect(mail.text_body).toContain('Posting the same advert in every topic.');
    expect((await readAudit(t.db, { limit: 2 })).map((l) => [l.action, l.case_id])).toEqual([
      ['account.limit', caseId],
      ['case.decide', caseId],
    ]);
    await expect(decisions.decide(await reportedCase(t, stranger, 'account', loud.id), 'limit', 'Again.', 'command line')).rejects.toThrow(/is limited already/);

    // Following it brings its stories back to that reader alone.
    expect((await call(stranger, 'follow-unfollow', { follow_id: loud.id, followType: 1 })).statusCode).toBe(200);
    expect(await ids(stranger, 'categories-name', { category_id: categoryId })).toContain(storyId);
    expect(await ids(reporter, 'categories-name', { category_id: categoryId })).not.toContain(storyId);
    expect((await call(stranger, 'follow-unfollow', { follow_id: loud.id, followType: 0 })).statusCode).toBe(200);

    await createLimits(t.db, t.config.publicUrl).lift(loud.id, 'command line');
    expect(await lastMessageTo(loud.id)).toBe('Your account is no longer limited: your stories show in feeds, search and recommendations again.');
    expect((await readAudit(t.db, { limit: 1 }))[0]!.action).toBe('account.unlimit');
    expect(await discovered(stranger)).toMatchObject({ home: true, topic: true, related: true, search: true, people: true });
    await expect(createLimits(t.db, t.config.publicUrl).lift(loud.id, 'command line')).rejects.toThrow(/is not limited/);
  });

  it('ends by itself when its time is up', async () => {
    const caseId = await reportedCase(t, reporter, 'account', loud.id, 'harassment');
    await createDecisions(t.db, t.config.publicUrl, offlineEvents()).decide(caseId, 'limit', 'A week out of the feeds.', 'command line', { forMs: 7 * 86_400_000 });
    expect(await discovered(stranger)).toEqual(nowhere);
    const limits = createLimits(t.db, t.config.publicUrl);
    expect(await limits.liftDue(new Date(Date.now() + 86_400_000).toISOString())).toBe(0);
    expect(await limits.liftDue(new Date(Date.now() + 8 * 86_400_000).toISOString())).toBe(1);
    expect((await t.db.selectFrom('users').select('limited_at').where('id', '=', loud.id).executeTakeFirstOrThrow()).limited_at).toBeNull();
    expect(await discovered(stranger)).toMatchObject({ home: true, topic: true, search: true });
    expect((await readAudit(t.db, { limit: 1 }))[0]).toMatchObject({ action: 'account.unlimit', case_id: caseId });
  });

  it('upheld on appeal, is lifted at once, told and audited', async () => {
    const caseId = await reportedCase(t, reporter, 'account', loud.id, 'spam');
    await createDecisions(t.db, t.config.publicUrl, offlineEvents()).decide(caseId, 'limit', 'Posting the same story four times.', 'command line');
    expect(await discovered(stranger)).toEqual(nowhere);
    // The link's token is mailed and kept only hashed: a fresh one stands in for the mail here.
    const action = await t.db.selectFrom('moderation_actions').select('id').where('case_id', '=', caseId).executeTakeFirstOrThrow();
    const token = newToken();
    await setAppealToken(t.db, action.id, hashToken(token));
    const statement = (await call(null, 'appeal/statement', { token })).json();
    expect(statement.action).toMatchObject({ kind: 'limit' });
    expect((await call(null, 'appeal', { token, text: 'They were four different stories.' })).statusCode).toBe(201);
    const appeal = await t.db.selectFrom('appeals').select('id').where('appellant_id', '=', loud.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await createAppeals(t.db, t.config.publicUrl, offlineEvents()).decide(appeal.id, { outcome: 'approve' }, 'They were, on a second look.', 'command line');
    expect((await t.db.selectFrom('users').select('limited_at').where('id', '=', loud.id).executeTakeFirstOrThrow()).limited_at).toBeNull();
    expect(await discovered(stranger)).toMatchObject({ home: true, topic: true, search: true, people: true });
    expect((await readAudit(t.db, { limit: 3 })).map((l) => l.action)).toContain('account.unlimit');
  });

  it('tells what it does only to those who follow it: its likes, comments and follows', async () => {
    const caseId = await reportedCase(t, reporter, 'account', loud.id, 'spam');
    await createDecisions(t.db, t.config.publicUrl, offlineEvents()).decide(caseId, 'limit', 'Liking everything in sight.', 'command line');
    const strangers = await aPost(t.db, { userId: stranger.id, title: 'A stranger’s story' });
    const followers = await aPost(t.db, { userId: follower.id, title: 'A follower’s story' });
    const toldBy = async (userId: number) =>
      (await t.db.selectFrom('notifications').select('type').where('user_id', '=', userId).where('actor_id', '=', loud.id).execute()).map((n) => n.type);
    for (const post of [strangers, followers]) expect((await call(loud, 'like', { post_id: post.id, status: 1 })).statusCode).toBe(200);
    expect((await call(loud, 'comment', { post_id: strangers.id, comments: 'Follow me back!' })).statusCode).toBe(200);
    expect((await call(loud, 'follow-unfollow', { follow_id: stranger.id, followType: 1 })).statusCode).toBe(200);
    expect(await toldBy(stranger.id)).toEqual([]);
    expect(await toldBy(follower.id)).toEqual(['like']);
    // Once lifted, a stranger is told again.
    await createLimits(t.db, t.config.publicUrl).lift(loud.id, 'command line');
    expect((await call(loud, 'comment', { post_id: strangers.id, comments: 'Sorry about that.' })).statusCode).toBe(200);
    expect(await toldBy(stranger.id)).toEqual(['comment']);
  });
});
