import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database.ts';
import { smtpTransport } from '../mail/transport.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, type TestUser, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';
import { TestSmtpServer } from '../test/smtp.ts';
import { FOLLOWED_WRITERS_PAGE } from './member-subscriptions.ts';

/**
 * A member's own subscriptions (issue 29), on SQLite and PostgreSQL: the tick beside Follow and the
 * per-writer ticks of Settings › Notification, for a verified address (at once) and an unverified one
 * (a confirmation mail to it), only ever the caller's own.
 */
const smtp = new TestSmtpServer();
let t: TestApp;

beforeAll(async () => {
  await smtp.start();
  t = await buildTestApp({ transport: smtpTransport(smtp.url) });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const post = (path: string, payload: object, session: Session) => t.app.inject({ method: 'POST', url: `/api/user/newsletter/${path}`, payload, headers: session.headers });
const follow = (session: Session, writer: number) =>
  t.app.inject({ method: 'POST', url: '/api/user/follow-unfollow', payload: { user_id: session.id, follow_id: writer, followType: 1 }, headers: session.headers });

describe("a member's own subscriptions", () => {
  let writer: TestUser;
  let member: TestUser;
  let session: Session;
  beforeAll(async () => {
    writer = await aUser(t.db, { name: 'Wren Writer' });
    member = await aUser(t.db, { name: 'Max Member' });
    session = await signIn(t.app, member);
  });

  it('one tick when following: subscribed at once with a verified address, seen in Settings, and untickable', async () => {
    expect((await follow(session, writer.id)).statusCode).toBe(200);
    const before = await post('member/status', { user_id: session.id, writer_id: writer.id }, session);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ email: null });

    const ticked = await post('member', { user_id: session.id, writer_id: writer.id, subscribed: true, source: 'follow' }, session);
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json()).toEqual({ email: 'confirmed', message: 'You will get new stories by Wren Writer by email.' });
    const row = await t.db.selectFrom('newsletter_subscribers').selectAll().where('writer_id', '=', writer.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: member.email.toLowerCase(), status: 'confirmed', source: 'follow', member_id: member.id });

    const settings = await post('following', { user_id: session.id }, session);
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toEqual({
      address: member.email.toLowerCase(),
      verified: true,
      writers: [{ id: writer.id, name: 'Wren Writer', user_name: null, profile_picture: null, email: 'confirmed' }],
      next_cursor: null,
    });

    const unticked = await post('member', { user_id: session.id, writer_id: writer.id, subscribed: false }, session);
    expect(unticked.json()).toEqual({ email: null, message: 'You will no longer get new stories by Wren Writer by email.' });
    expect((await post('member/status', { user_id: session.id, writer_id: writer.id }, session)).json()).toEqual({ email: null });
    expect((await t.db.selectFrom('newsletter_subscribers').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()).status).toBe('unsubscribed');
  });

  it('an address not verified (changed since signing in) gets a confirmation mail and waits', async () => {
    const unverified = await aUser(t.db);
    const own = await signIn(t.app, unverified);
    await t.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', unverified.id).execute();
    const ticked = await post('member', { user_id: own.id, writer_id: writer.id, subscribed: 'true', source: 'settings' }, own);
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json().email).toBe('pending');
    await t.app.outbox.drain();
    expect(smtp.received.filter((m) => m.to.includes(unverified.email.toLowerCase()))).toHaveLength(1);
    expect((await post('member/status', { user_id: own.id, writer_id: writer.id }, own)).json()).toEqual({ email: 'pending' });
  });

  it("only the caller's own: another member's id is refused, one's own list is not a subscription, bad values are 422", async () => {
    const other = await signIn(t.app, await aUser(t.db));
    expect((await post('member', { user_id: session.id, writer_id: writer.id, subscribed: true }, other)).statusCode).toBe(403);
    expect((await post('following', { user_id: session.id }, other)).statusCode).toBe(403);
    expect((await post('member/status', { user_id: session.id, writer_id: writer.id }, other)).statusCode).toBe(403);
    const self = await signIn(t.app, writer);
    const mine = await post('member', { user_id: self.id, writer_id: writer.id, subscribed: true }, self);
    expect(mine.statusCode).toBe(422);
    const bad = await post('member', { user_id: session.id, writer_id: writer.id, subscribed: 'maybe' }, session);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.subscribed).toEqual(['The subscribed field must be true or false.']);
    expect((await post('following', { user_id: session.id, cursor: 'nope' }, session)).statusCode).toBe(422);
  });

  it('Settings pages the writers followed, newest follow first, each once; an account followed elsewhere is none of them', async () => {
    const reader = await aUser(t.db);
    const own = await signIn(t.app, reader);
    const writers = await Promise.all(Array.from({ length: FOLLOWED_WRITERS_PAGE + 3 }, () => aUser(t.db)));
    const base = Date.parse(nowIso());
    await t.db
      .insertInto('follows')
      .values(writers.map((w, i) => ({ follower_id: reader.id, following_id: w.id, created_at: new Date(base - (i % 5) * 1000).toISOString() })))
      .execute();
    // Followed last of all, so it would come first.
    const elsewhere = await anAccountElsewhere(t.db, 'Writer Elsewhere');
    await t.db
      .insertInto('follows')
      .values({ follower_id: reader.id, following_id: elsewhere.id, created_at: new Date(base + 1000).toISOString() })
      .execute();
    const first = (await post('following', { user_id: own.id }, own)).json();
    expect(first.writers).toHaveLength(FOLLOWED_WRITERS_PAGE);
    const second = (await post('following', { user_id: own.id, cursor: first.next_cursor }, own)).json();
    expect(second.next_cursor).toBeNull();
    const seen = [...first.writers, ...second.writers].map((w: { id: number }) => w.id);
    expect(new Set(seen).size).toBe(writers.length);
    expect(seen.sort()).toEqual(writers.map((w) => w.id).sort());
  });
});
