import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../mail/transport.ts';
import { createPost } from '../posts/testing.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aUser, signIn } from '../test/factories.ts';
import { freePort } from '../test/ports.ts';
import { type ReceivedMail, TestSmtpServer } from '../test/smtp.ts';
import { addSubscribers } from './testing.ts';

/**
 * Mail that comes back (issue 29): every story mail's return path is its own VERP address and its
 * List-Unsubscribe carries a mailto beside the link; the inbound SMTP port takes real delivery status
 * notifications made by Postfix (fixtures/README.md), an abuse report and an automatic reply at those
 * addresses, on SQLite and PostgreSQL, and refuses everything else.
 */
const smtp = new TestSmtpServer();
let t: TestApp;
let inboundPort: number;

beforeAll(async () => {
  await smtp.start();
  inboundPort = await freePort();
  t = await buildTestApp({
    transport: smtpTransport(smtp.url),
    newsletterTransport: smtpTransport(smtp.url, { connections: 2, ratePerSecond: 1000 }),
    config: {
      mailFrom: 'Inkwell <stories@inkwell.test>',
      inboundMail: {
        bounce: { local: 'bounces', domain: 'inkwell.test' },
        unsubscribe: { local: 'unsubscribe', domain: 'inkwell.test' },
        port: inboundPort,
        host: '127.0.0.1',
        maxBytes: 64 * 1024,
        perClientPerMinute: 40,
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const PLACEHOLDER = 'bounces+b12-0123456789abcdef0123456789abcdef@inkwell.test';
const header = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
    .exec(raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim();

/** Hands `raw` to the inbound port over SMTP, from the null sender as a bounce comes; resolves to the server's answer or rejects with it. */
async function handBack(to: string, raw: string): Promise<string> {
  const client = nodemailer.createTransport({ host: '127.0.0.1', port: inboundPort, secure: false, ignoreTLS: true });
  try {
    const info = await client.sendMail({ envelope: { from: '', to: [to] }, raw });
    return info.response;
  } finally {
    client.close();
  }
}

const subscriber = (writer: number, email: string) =>
  t.db.selectFrom('newsletter_subscribers').selectAll().where('writer_id', '=', writer).where('email', '=', email).executeTakeFirstOrThrow();
const delivery = (postId: number, email: string) =>
  t.db
    .selectFrom('newsletter_deliveries as d')
    .innerJoin('newsletter_subscribers as s', 's.id', 'd.subscriber_id')
    .selectAll('d')
    .where('d.post_id', '=', postId)
    .where('s.email', '=', email)
    .executeTakeFirstOrThrow();

describe('a story mailed with return addresses, and what comes back to them', () => {
  const emails = ['gone@example.org', 'expired@example.org', 'delayed@example.org', 'spam@example.org', 'away@example.org', 'leaver@example.org', 'stays@example.org'];
  let writerId: number;
  let postId: number;
  let session: Awaited<ReturnType<typeof signIn>>;
  /** The mail each subscriber got. */
  const got = new Map<string, ReceivedMail>();

  beforeAll(async () => {
    const writer = await aUser(t.db, { name: 'Grace Returns' });
    writerId = writer.id;
    session = await signIn(t.app, writer);
    await addSubscribers(t.db, writer.id, emails);
    postId = (await createPost(t, session, { title: 'Returned light' })).id;
    await t.app.newsletterSender.runOnce();
    for (const mail of smtp.received.filter((m) => header(m.raw, 'Subject') === 'Returned light')) got.set(mail.to[0]!, mail);
    expect([...got.keys()].sort()).toEqual([...emails].sort());
  });

  it('each mail has its own return path and List-Unsubscribe mailto, tagged for that delivery', () => {
    const paths = new Set<string>();
    for (const [email, mail] of got) {
      expect(mail.from).toMatch(/^bounces\+b\d+-[0-9a-f]{32}@inkwell\.test$/);
      paths.add(mail.from);
      const list = header(mail.raw, 'List-Unsubscribe')!;
      expect(list, email).toMatch(
        /^<http:\/\/localhost:3000\/newsletter\/unsubscribe\?token=[\w.-]+>, <mailto:unsubscribe\+u\d+-\d+-[0-9a-f]{32}@inkwell\.test\?subject=unsubscribe>$/,
      );
    }
    expect(paths.size).toBe(emails.length);
  });

  /** The fixture, addressed to the return path of the mail `email` got. */
  const returned = (name: string, email: string) => fixture(name).replaceAll(PLACEHOLDER, got.get(email)!.from);

  it("Postfix's report of a 550 5.1.1 marks the mail bounced and suppresses the address", async () => {
    expect(await handBack(got.get('gone@example.org')!.from, returned('postfix-failed-5.1.1.eml', 'gone@example.org'))).toMatch(/^250/);
    expect((await delivery(postId, 'gone@example.org')).status).toBe('bounced');
    expect((await delivery(postId, 'gone@example.org')).last_error).toMatch(/5\.1\.1.*User unknown/);
    expect((await subscriber(writerId, 'gone@example.org')).status).toBe('suppressed');
  });

  it('a temporary failure that expired marks the mail failed and keeps the address; a delay notice changes nothing', async () => {
    await handBack(got.get('expired@example.org')!.from, returned('postfix-expired-4.2.1.eml', 'expired@example.org'));
    expect((await delivery(postId, 'expired@example.org')).status).toBe('failed');
    expect((await subscriber(writerId, 'expired@example.org')).status).toBe('confirmed');

    await handBack(got.get('delayed@example.org')!.from, returned('postfix-delayed.eml', 'delayed@example.org'));
    expect((await delivery(postId, 'delayed@example.org')).status).toBe('sent');
    expect((await subscriber(writerId, 'delayed@example.org')).status).toBe('confirmed');
  });

  it('an abuse report suppresses the address and counts as unsubscribed from that story; an automatic reply changes nothing', async () => {
    await handBack(got.get('spam@example.org')!.from, returned('arf-complaint.eml', 'spam@example.org'));
    expect((await subscriber(writerId, 'spam@example.org')).status).toBe('suppressed');
    expect((await delivery(postId, 'spam@example.org')).unsubscribed_at).not.toBeNull();

    await handBack(got.get('away@example.org')!.from, returned('out-of-office.eml', 'away@example.org'));
    expect((await delivery(postId, 'away@example.org')).status).toBe('sent');
    expect((await subscriber(writerId, 'away@example.org')).status).toBe('confirmed');
  });

  it("a mail to the List-Unsubscribe mailto unsubscribes, counted for the story; the writer's Stats and the next story agree", async () => {
    const mailto = /<mailto:([^?>]+)/.exec(header(got.get('leaver@example.org')!.raw, 'List-Unsubscribe')!)![1]!;
    await handBack(mailto.toUpperCase(), 'From: leaver@example.org\r\nSubject: unsubscribe\r\n\r\nunsubscribe\r\n'); // any case
    expect((await subscriber(writerId, 'leaver@example.org')).status).toBe('unsubscribed');
    expect((await delivery(postId, 'leaver@example.org')).unsubscribed_at).not.toBeNull();

    const stats = await t.app.inject({ method: 'POST', url: '/api/user/stats', payload: { user_id: session.id }, headers: session.headers });
    expect(stats.statusCode, stats.body).toBe(200);
    const story = (stats.json().posts as Array<{ id: number; email: unknown }>).find((p) => p.id === postId);
    expect(story?.email).toMatchObject({ recipients: 7, sent: 5, failed: 1, bounced: 1, unsubscribed: 2 });

    await createPost(t, session, { title: 'After the returns' });
    await t.app.newsletterSender.runOnce();
    const next = smtp.received.filter((m) => header(m.raw, 'Subject') === 'After the returns').map((m) => m.to[0]);
    expect(next.sort()).toEqual(['away@example.org', 'delayed@example.org', 'expired@example.org', 'stays@example.org']);
  });

  it('refuses at RCPT TO any address it did not sign: a made-up tag, a tag under the other address, a stranger', async () => {
    const real = got.get('stays@example.org')!.from;
    const forged = real.replace(/-[0-9a-f]{32}@/, `-${'0'.repeat(32)}@`);
    const otherId = real.replace(/\+b(\d+)-/, (_, id) => `+b${Number(id) + 1}-`);
    for (const to of [forged, otherId, real.replace('bounces+', 'unsubscribe+'), 'postmaster@inkwell.test', 'someone@example.com']) {
      await expect(handBack(to, returned('postfix-failed-5.1.1.eml', 'stays@example.org')), to).rejects.toMatchObject({ responseCode: 550 });
    }
    expect((await subscriber(writerId, 'stays@example.org')).status).toBe('confirmed');
  });

  it('refuses a message larger than MAIL_INBOUND_MAX_BYTES (552) and keeps the address', async () => {
    const big = `${returned('postfix-failed-5.1.1.eml', 'stays@example.org')}\r\n${'x'.repeat(70 * 1024)}\r\n`;
    await expect(handBack(got.get('stays@example.org')!.from, big)).rejects.toMatchObject({ responseCode: 552 });
    expect((await subscriber(writerId, 'stays@example.org')).status).toBe('confirmed');
  });

  it('one client address hands over RATE_LIMIT_INBOUND_MAIL messages a minute, then is told to come back (451)', async () => {
    const to = got.get('away@example.org')!.from;
    const raw = returned('out-of-office.eml', 'away@example.org');
    let refused: unknown;
    for (let i = 0; i < 45 && !refused; i += 1) await handBack(to, raw).catch((err: unknown) => (refused = err));
    expect(refused).toMatchObject({ responseCode: 451 });
  });
});
