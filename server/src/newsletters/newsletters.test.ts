import { NEWSLETTER_CHECK_INBOX } from '@inkwell/contract/newsletters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../mail/transport.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type TestUser, aUser, signIn } from '../test/factories.ts';
import { TestSmtpServer, linkFromMail } from '../test/smtp.ts';
import { Archive } from '../users/export.testkit.ts';

/**
 * Subscribing to a writer by email (issue 29), on SQLite and PostgreSQL, through a real SMTP server:
 * double opt-in (only the page's POST confirms), the welcome mail and its one-click unsubscribe, the
 * limits that keep the form from mail-bombing a stranger, the writer's list, and the clean-up.
 */
const smtp = new TestSmtpServer();
let t: TestApp;
let ip = 0;

beforeAll(async () => {
  await smtp.start();
  t = await buildTestApp({ transport: smtpTransport(smtp.url), config: { newsletterConfirmationsPerAddress: 3 } });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

/** Each call from an address of its own, unless told (the per-address limit is the test's own). */
const call = (url: string, payload: object, headers: Record<string, string> = {}, from = `10.0.${Math.floor(++ip / 250)}.${ip % 250}`) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: from });
const subscribe = (writer: number, email?: string, headers?: Record<string, string>) =>
  call('/api/user/newsletter/subscribe', { writer_id: writer, ...(email ? { email } : {}) }, headers);

/** The raw mails the SMTP server got for `to`, once the outbox has sent what is due. */
async function inbox(to: string) {
  await t.app.outbox.drain();
  return smtp.received.filter((m) => m.to.includes(to.toLowerCase()));
}
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const header = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
    .exec(raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim();
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const row = (writer: number, email: string) =>
  t.db.selectFrom('newsletter_subscribers').selectAll().where('writer_id', '=', writer).where('email', '=', email.toLowerCase()).executeTakeFirst();

let writer: TestUser;
beforeAll(async () => {
  writer = await aUser(t.db, { name: 'Ada Writer' });
});

describe('a visitor subscribes', () => {
  it('gets one confirmation mail; opening the link and reading its page confirm nothing; the button does, once', async () => {
    const email = `Visitor-${Date.now()}@Example.com`;
    const asked = await subscribe(writer.id, email);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ status: 'pending', message: NEWSLETTER_CHECK_INBOX });

    const [mail, ...more] = await inbox(email);
    expect(more).toHaveLength(0);
    expect(header(mail!.raw, 'Subject')).toBe('Confirm your subscription to Ada Writer');
    const link = linkFromMail(mail!.raw)!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/newsletter\/confirm\?token=[\w-]{43}$/);

    // The page reads what the link is about (a mail scanner may do the same): still pending.
    const page = await call('/api/user/newsletter/confirmation', { token: tokenOf(link) });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toEqual({ writer: { id: writer.id, name: 'Ada Writer', user_name: null }, email: expect.stringMatching(/^vis\*+@example\.com$/), confirmed: false });
    expect((await row(writer.id, email))?.status).toBe('pending');

    const confirmed = await call('/api/user/newsletter/confirm', { token: tokenOf(link) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await row(writer.id, email))?.status).toBe('confirmed');
    expect((await call('/api/user/newsletter/confirm', { token: tokenOf(link) })).statusCode).toBe(200);

    const mails = await inbox(email);
    expect(mails).toHaveLength(2);
    const welcome = mails[1]!.raw;
    expect(header(welcome, 'Subject')).toBe("You're subscribed to Ada Writer");
    const unsubscribe = /<(http:\/\/localhost:3000\/newsletter\/unsubscribe\?token=[^>]+)>/.exec(header(welcome, 'List-Unsubscribe') ?? '')?.[1];
    expect(unsubscribe).toBeDefined();
    expect(header(welcome, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(unfold(welcome)).toContain(unsubscribe!.replace(/&/g, '&amp;'));
  });

  it('mails nobody a second time within the hour, and nothing once confirmed; the answer is the same every time', async () => {
    const email = `again-${Date.now()}@example.com`;
    for (let i = 0; i < 3; i += 1) expect((await subscribe(writer.id, email)).json()).toEqual({ status: 'pending', message: NEWSLETTER_CHECK_INBOX });
    expect(await inbox(email)).toHaveLength(1);

    // An hour later a new link goes, and only the newest works.
    const first = tokenOf(linkFromMail((await inbox(email))[0]!.raw)!);
    await t.db
      .updateTable('newsletter_subscribers')
      .set({ confirm_sent_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('email', '=', email)
      .execute();
    await subscribe(writer.id, email);
    const mails = await inbox(email);
    expect(mails).toHaveLength(2);
    expect((await call('/api/user/newsletter/confirm', { token: first })).statusCode).toBe(422);
    expect((await call('/api/user/newsletter/confirm', { token: tokenOf(linkFromMail(mails[1]!.raw)!) })).statusCode).toBe(200);

    await t.db
      .updateTable('newsletter_subscribers')
      .set({ confirm_sent_at: new Date(Date.now() - 2 * 60 * 60_000).toISOString() })
      .where('email', '=', email)
      .execute();
    expect((await subscribe(writer.id, email)).json()).toEqual({ status: 'pending', message: NEWSLETTER_CHECK_INBOX });
    expect(await inbox(email)).toHaveLength(3); // the two confirmations and the welcome, nothing more
  });

  it('gives one address at most NEWSLETTER_CONFIRMATIONS_PER_ADDRESS confirmation mails a day, from every writer together', async () => {
    const email = `target-${Date.now()}@example.com`;
    const writers = await Promise.all([1, 2, 3, 4, 5].map(() => aUser(t.db)));
    for (const w of writers) expect((await subscribe(w.id, email)).statusCode).toBe(200);
    expect(await inbox(email)).toHaveLength(3);
  });

  it('refuses what is not an address or a writer, with messages', async () => {
    const bad = await subscribe(writer.id, 'not an address');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email[0]).toBe('The email must be a valid email address.');
    expect((await call('/api/user/newsletter/subscribe', { writer_id: writer.id })).json().errors.email[0]).toBe('The email field is required.');
    expect((await subscribe(999_999, 'someone@example.com')).statusCode).toBe(404);
    const gone = await aUser(t.db);
    await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    expect((await subscribe(gone.id, 'someone@example.com')).statusCode).toBe(404);
  });
});

describe('unsubscribing', () => {
  async function confirmedSubscriber(email: string): Promise<string> {
    await subscribe(writer.id, email);
    await call('/api/user/newsletter/confirm', { token: tokenOf(linkFromMail((await inbox(email))[0]!.raw)!) });
    const welcome = (await inbox(email))[1]!.raw;
    return tokenOf(/<([^>]+)>/.exec(header(welcome, 'List-Unsubscribe')!)![1]!);
  }

  it('one click (RFC 8058) unsubscribes without a session; Undo brings it back; a forged token changes nothing', async () => {
    const email = `leaving-${Date.now()}@example.com`;
    const token = await confirmedSubscriber(email);
    const clicked = await t.app.inject({
      method: 'POST',
      url: `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode, clicked.body).toBe(200);
    expect(clicked.json()).toMatchObject({ subscribed: false, writer: { name: 'Ada Writer' } });
    expect((await row(writer.id, email))?.status).toBe('unsubscribed');

    const undo = await call('/api/user/newsletter/unsubscribe', { token, subscribe: 1 });
    expect(undo.json()).toMatchObject({ subscribed: true });
    expect((await row(writer.id, email))?.status).toBe('confirmed');

    const id = (await row(writer.id, email))!.id;
    for (const forged of [`${id}.AAAA`, `${id + 1}.${token.split('.')[1]}`, 'nonsense']) {
      expect((await call('/api/user/newsletter/unsubscribe', { token: forged })).statusCode).toBe(422);
    }
    expect((await row(writer.id, email))?.status).toBe('confirmed');
  });
});

describe('a member subscribes', () => {
  it('with their own verified address at once (a welcome, no confirmation); not to themselves; unverified means a confirmation', async () => {
    const member = await aUser(t.db);
    const session = await signIn(t.app, member);
    const answer = await subscribe(writer.id, undefined, session.headers);
    expect(answer.json()).toEqual({ status: 'confirmed', message: 'You will get new stories by Ada Writer by email.' });
    const mails = await inbox(member.email);
    expect(mails.map((m) => header(m.raw, 'Subject'))).toEqual(["You're subscribed to Ada Writer"]);
    expect((await row(writer.id, member.email))?.member_id).toBe(member.id);
    // Again: nothing new.
    await subscribe(writer.id, member.email.toUpperCase(), session.headers);
    expect(await inbox(member.email)).toHaveLength(1);

    const own = await subscribe(member.id, undefined, session.headers);
    expect(own.statusCode).toBe(422);
    expect(own.json().errors.writer_id[0]).toBe('You cannot subscribe to your own stories.');

    const unverified = await aUser(t.db, { verified: false });
    await t.db.updateTable('users').set({ email_verified_at: new Date().toISOString() }).where('id', '=', unverified.id).execute();
    const signedIn = await signIn(t.app, unverified);
    await t.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', unverified.id).execute();
    expect((await subscribe(writer.id, undefined, signedIn.headers)).json().status).toBe('pending');
    expect(header((await inbox(unverified.email))[0]!.raw, 'Subject')).toBe('Confirm your subscription to Ada Writer');
  });
});

describe("the writer's list", () => {
  it('is the writer’s own: counts and newest first, removable by them only', async () => {
    const own = await aUser(t.db, { name: 'List Owner' });
    const session = await signIn(t.app, own);
    const emails = [`a-${Date.now()}@example.com`, `b-${Date.now()}@example.com`];
    for (const email of emails) await subscribe(own.id, email);
    await call('/api/user/newsletter/confirm', { token: tokenOf(linkFromMail((await inbox(emails[0]!))[0]!.raw)!) });

    const list = await call('/api/user/newsletter/subscribers', { user_id: own.id }, session.headers);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.counts).toEqual({ confirmed: 1, pending: 1, unsubscribed: 0, suppressed: 0 });
    expect(body.subscribers.map((s: { email: string; status: string }) => [s.email, s.status])).toEqual([
      [emails[1], 'pending'],
      [emails[0], 'confirmed'],
    ]);
    expect(body.next_cursor).toBeNull();

    const other = await signIn(t.app, await aUser(t.db));
    const target = body.subscribers[0].id;
    expect((await call('/api/user/newsletter/subscribers/remove', { user_id: other.id, subscriber_id: target }, other.headers)).statusCode).toBe(404);
    expect((await call('/api/user/newsletter/subscribers/remove', { user_id: own.id, subscriber_id: target }, other.headers)).statusCode).toBe(403);
    expect((await call('/api/user/newsletter/subscribers/remove', { user_id: own.id, subscriber_id: target }, session.headers)).statusCode).toBe(200);
    expect((await call('/api/user/newsletter/subscribers', { user_id: own.id }, session.headers)).json().subscribers).toHaveLength(1);

    // "Download your data" holds the writer's list, and only in the writer's own archive.
    const exported = await call('/api/user/export-data', { user_id: own.id }, session.headers);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(new Archive(exported.rawPayload).json('newsletter_subscribers.json')).toEqual([
      expect.objectContaining({ email: emails[0], status: 'confirmed', source: 'profile', confirmed_at: expect.any(String), ended_at: null }),
    ]);
    const theirs = await call('/api/user/export-data', { user_id: other.id }, other.headers);
    expect(new Archive(theirs.rawPayload).json('newsletter_subscribers.json')).toEqual([]);
  });

  it('exports as CSV for Ghost or Substack: the confirmed and the gone, not the unconfirmed; no cell a spreadsheet would run', async () => {
    const own = await aUser(t.db, { name: 'Export Writer' });
    const session = await signIn(t.app, own);
    const fan = await aUser(t.db, { name: '=HYPERLINK("http://evil.example","click")' });
    await subscribe(own.id, undefined, (await signIn(t.app, fan)).headers);
    const pending = `pending-${Date.now()}@example.com`;
    await subscribe(own.id, pending);
    // The way the Subscribers screen sends it: a plain form with the session's cookies.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/newsletter/subscribers/export',
      headers: { cookie: `token=${session.token}; id=${own.id}`, 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
      payload: `user_id=${own.id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="inkwell-subscribers-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('email,name,note,subscribed_to_emails,created_at,labels');
    expect(lines.slice(1, -1)).toEqual([
      expect.stringMatching(new RegExp(`^${fan.email.toLowerCase()},"'=HYPERLINK\\(""http://evil\\.example"",""click""\\)",confirmed,true,\\d{4}-[^,]+,inkwell-profile$`)),
    ]);
    expect(res.body).not.toContain(pending);
    expect(lines.at(-1)).toBe('');
  });

  it('welcomes new subscribers with the writer’s own text when they wrote one', async () => {
    const own = await aUser(t.db, { name: 'Welcoming Writer' });
    const session = await signIn(t.app, own);
    const saved = await call('/api/user/newsletter/settings', { user_id: own.id, welcome: '  Hello, reader.\n\nOne story a week, on Sundays.  ' }, session.headers);
    expect(saved.json()).toEqual({ message: 'Your welcome mail is saved.', welcome: 'Hello, reader.\n\nOne story a week, on Sundays.' });
    expect((await call('/api/user/newsletter/subscribers', { user_id: own.id }, session.headers)).json().welcome).toBe('Hello, reader.\n\nOne story a week, on Sundays.');
    const member = await aUser(t.db);
    await subscribe(own.id, undefined, (await signIn(t.app, member)).headers);
    expect(unfold((await inbox(member.email))[0]!.raw)).toContain('One story a week, on Sundays.');

    const reset = await call('/api/user/newsletter/settings', { user_id: own.id, welcome: '' }, session.headers);
    expect(reset.json().welcome).toBeNull();
    const tooLong = await call('/api/user/newsletter/settings', { user_id: own.id, welcome: 'x'.repeat(2001) }, session.headers);
    expect(tooLong.statusCode).toBe(422);
  });

  it('goes with the writer', async () => {
    const leaving = await aUser(t.db);
    await subscribe(leaving.id, `fan-${Date.now()}@example.com`);
    await t.db.deleteFrom('users').where('id', '=', leaving.id).execute();
    expect(await t.db.selectFrom('newsletter_subscribers').select('id').where('writer_id', '=', leaving.id).execute()).toHaveLength(0);
  });
});

describe('unconfirmed addresses', () => {
  it('are forgotten 7 days after their last confirmation mail, and their link stops working', async () => {
    const email = `late-${Date.now()}@example.com`;
    await subscribe(writer.id, email);
    const token = tokenOf(linkFromMail((await inbox(email))[0]!.raw)!);
    await t.db
      .updateTable('newsletter_subscribers')
      .set({ confirm_sent_at: new Date(Date.now() - 8 * 24 * 60 * 60_000).toISOString() })
      .where('email', '=', email)
      .execute();
    expect((await call('/api/user/newsletter/confirmation', { token })).statusCode).toBe(422);
    await t.app.jobs.runNow('newsletter-unconfirmed');
    expect(await row(writer.id, email)).toBeUndefined();
  });
});

describe('RATE_LIMIT_SUBSCRIBE', () => {
  it('caps the subscriptions asked for from one client address, and a refused one mails nothing', async () => {
    const limited = await buildTestApp({ config: { rateLimits: { subscribe: { max: 2, windowMs: 60_000 } } } });
    try {
      const author = await aUser(limited.db);
      const ask = (n: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/user/newsletter/subscribe',
          payload: { writer_id: author.id, email: `burst-${n}@example.com` },
          remoteAddress: '10.9.9.9',
        });
      expect((await ask(1)).statusCode).toBe(200);
      expect((await ask(2)).statusCode).toBe(200);
      const third = await ask(3);
      expect(third.statusCode).toBe(429);
      await limited.app.outbox.drain();
      expect(limited.sent.map((m) => m.to)).toEqual(['burst-1@example.com', 'burst-2@example.com']);
    } finally {
      await limited.close();
    }
  });
});
