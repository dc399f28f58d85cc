import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../mail/transport.ts';
import { createPost, firstCategoryId, send } from '../posts/testing.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, type TestUser, aUser, signIn } from '../test/factories.ts';
import { type ReceivedMail, TestSmtpServer } from '../test/smtp.ts';
import { addSubscribers } from './testing.ts';

/**
 * A writer's new story mailed to their subscribers (issue 29), on SQLite and PostgreSQL, through a real
 * SMTP server that answers chosen recipients 451 or 550: one SMTP transaction per subscriber with the
 * list headers, a 4xx retried, a 5xx suppressing the address, the one-click unsubscribe skipping the
 * next story, "Publish only", drafts and the scheduler, and two app servers sending each mail once.
 */
const smtp = new TestSmtpServer();
let t: TestApp;

beforeAll(async () => {
  await smtp.start();
  t = await buildTestApp({
    transport: smtpTransport(smtp.url),
    newsletterTransport: smtpTransport(smtp.url, { connections: 3, ratePerSecond: 1000 }),
    config: { mailFrom: 'Inkwell <stories@inkwell.test>' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const header = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
    .exec(raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim();
/** The mails of one story (by subject) the SMTP server took. */
const mailsOf = (title: string) => smtp.received.filter((m) => header(m.raw, 'Subject') === title);
const recipients = (mails: ReceivedMail[]) => mails.flatMap((m) => m.to).sort();

let seq = 0;
/** A writer with `count` confirmed subscribers (and one pending, one unsubscribed, who must get nothing). */
async function aWriterWithList(count: number): Promise<{ writer: TestUser; session: Session; emails: string[] }> {
  seq += 1;
  const writer = await aUser(t.db, { name: `Grace Writer ${seq}` });
  const session = await signIn(t.app, writer);
  const emails = Array.from({ length: count }, (_, i) => `w${seq}-r${i + 1}@example.com`);
  await addSubscribers(t.db, writer.id, emails);
  await addSubscribers(t.db, writer.id, [`w${seq}-pending@example.com`], 'pending');
  await addSubscribers(t.db, writer.id, [`w${seq}-gone@example.com`], 'unsubscribed');
  return { writer, session, emails };
}

const subscriber = (writer: number, email: string) =>
  t.db.selectFrom('newsletter_subscribers').selectAll().where('writer_id', '=', writer).where('email', '=', email).executeTakeFirstOrThrow();
const deliveries = (postId: number) => t.db.selectFrom('newsletter_deliveries').selectAll().where('post_id', '=', postId).orderBy('id').execute();
const sendRow = (postId: number) => t.db.selectFrom('newsletter_sends').selectAll().where('post_id', '=', postId).executeTakeFirst();

describe('a new story goes to every confirmed subscriber, once each', () => {
  let list: Awaited<ReturnType<typeof aWriterWithList>>;
  let first: ReceivedMail[];

  beforeAll(async () => {
    list = await aWriterWithList(20);
    smtp.refuse(list.emails[4]!, 451, 1); // busy once, then takes it
    smtp.refuse(list.emails[8]!, 550); // no such mailbox
  });

  it('is owed from the publishing call, sent in rounds: a 451 retried in the next, a 550 suppressed', async () => {
    const post = await createPost(t, list.session, {
      title: 'First light',
      sub_title: 'Notes from the morning',
      description: '<p>Hello <a href="/view-post/abc">there</a>.</p><pre data-language="javascript">const a = 1; // one</pre>',
    });
    expect((await sendRow(post.id))?.status).toBe('queued');

    const round = await t.app.newsletterSender.runOnce();
    expect(round).toMatchObject({ listed: 20, sent: 18, retried: 1, bounced: 1, failed: 0 });
    expect((await sendRow(post.id))?.status).toBe('sending');
    const again = await t.app.newsletterSender.runOnce();
    expect(again).toMatchObject({ listed: 0, sent: 1, retried: 0, finished: 1 });
    expect(await sendRow(post.id)).toMatchObject({ status: 'sent', recipients: 20 });

    first = mailsOf('First light');
    const expected = list.emails.filter((_, i) => i !== 8).sort();
    expect(recipients(first)).toEqual(expected); // each once; never the pending, unsubscribed or refused one
    expect(first.every((m) => m.to.length === 1)).toBe(true); // one SMTP transaction per recipient, no Bcc
    expect((await subscriber(list.writer.id, list.emails[8]!)).status).toBe('suppressed');
    expect((await subscriber(list.writer.id, list.emails[4]!)).status).toBe('confirmed');
    const rows = await deliveries(post.id);
    expect(rows.filter((d) => d.status === 'sent')).toHaveLength(19);
    expect(rows.find((d) => d.status === 'bounced')?.last_error).toMatch(/550/);
    expect(rows.find((d) => d.attempts === 2)?.status).toBe('sent');
  });

  it('carries the list headers, its own Message-ID and unsubscribe link, the writer as From, HTML with inlined CSS and a text part', async () => {
    const ids = new Set(first.map((m) => header(m.raw, 'Message-ID')));
    expect(ids.size).toBe(first.length);
    const links = new Set<string>();
    for (const mail of first) {
      const raw = mail.raw;
      expect(header(raw, 'From')).toBe(`Grace Writer ${seq} <stories@inkwell.test>`);
      expect(header(raw, 'Message-ID')).toMatch(/^<inkwell\.\d+\.[0-9a-f]{12}\.\d+@localhost>$/);
      expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(header(raw, 'List-Id')).toBe(`Grace Writer ${seq} <writer-${list.writer.id}.newsletter.localhost>`);
      expect(header(raw, 'Precedence')).toBe('bulk');
      expect(header(raw, 'Auto-Submitted')).toBe('auto-generated');
      expect(header(raw, 'Bcc')).toBeUndefined();
      const unsubscribe = /^<(http:\/\/localhost:3000\/newsletter\/unsubscribe\?token=[\w-]+\.[\w-]{43})>$/.exec(header(raw, 'List-Unsubscribe') ?? '')?.[1];
      expect(unsubscribe).toBeDefined();
      links.add(unsubscribe!);
      expect(unfold(raw)).toContain(unsubscribe!.replace('&', '&amp;'));
    }
    expect(links.size).toBe(first.length);
    const raw = unfold(first[0]!.raw);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(raw).toContain('href="http://localhost:3000/view-post/abc"'); // absolute
    expect(raw).toMatch(/<pre data-language="javascript" style="background: #f6f8fa;/); // inlined
    expect(raw).toMatch(/<span class="hljs-keyword" style="color: #cf222e;">const<\/span>/);
    expect(raw).toContain('```javascript\r\nconst a = 1; // one\r\n```'); // the text part's code
  });

  it("a mail program's one-click POST unsubscribes without a session; the next story skips them", async () => {
    const mine = first.find((m) => m.to[0] === list.emails[0])!;
    const link = /<([^>]+)>/.exec(header(mine.raw, 'List-Unsubscribe')!)![1]!;
    const url = new URL(link);
    const done = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await subscriber(list.writer.id, list.emails[0]!)).status).toBe('unsubscribed');
    const [firstPost] = await t.db.selectFrom('newsletter_sends').select('post_id').where('writer_id', '=', list.writer.id).execute();
    expect((await deliveries(firstPost!.post_id)).filter((d) => d.unsubscribed_at !== null)).toHaveLength(1);

    const second = await createPost(t, list.session, { title: 'Second light' });
    await t.app.newsletterSender.runOnce();
    expect((await sendRow(second.id))?.status).toBe('sent');
    const expected = list.emails.filter((_, i) => i !== 0 && i !== 8).sort();
    expect(recipients(mailsOf('Second light'))).toEqual(expected);
  });
});

describe('what is not mailed', () => {
  it('"Publish only", a writer without subscribers, and a story deleted before it went', async () => {
    const list = await aWriterWithList(2);
    const only = await createPost(t, list.session, { title: 'Quietly', email_subscribers: 'false' });
    expect(await sendRow(only.id)).toBeUndefined();

    const lonely = await aUser(t.db);
    const post = await createPost(t, await signIn(t.app, lonely), { title: 'Nobody listens' });
    expect(await sendRow(post.id)).toBeUndefined();

    const gone = await createPost(t, list.session, { title: 'Taken back' });
    expect((await sendRow(gone.id))?.status).toBe('queued');
    const deleted = await t.app.inject({ method: 'POST', url: '/api/user/delete-posts', payload: { id: gone.id }, headers: list.session.headers });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await t.app.newsletterSender.runOnce();
    expect(mailsOf('Quietly').concat(mailsOf('Nobody listens'), mailsOf('Taken back'))).toHaveLength(0);
  });

  it('a bad value of email_subscribers is a 422 that names it', async () => {
    const list = await aWriterWithList(1);
    const res = await send(
      t,
      'add-post',
      { user_id: list.session.id, title: 'T', sub_title: 'S', category_id: await firstCategoryId(t), description: '<p>x</p>', email_subscribers: 'maybe' },
      list.session,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email_subscribers).toEqual(['The email subscribers field must be true or false.']);
  });
});

describe('drafts', () => {
  const draft = async (session: Session, title: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/drafts/save',
      payload: { title, sub_title: 'Sub', category_id: await firstCategoryId(t), description: '<p>Draft body</p>', image: null },
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.json() as { draft: { id: number; email_subscribers: boolean } }).draft;
  };

  it('publishing a draft mails it unless told not to; a scheduled draft keeps its choice until the scheduler publishes it', async () => {
    const list = await aWriterWithList(2);
    const mailed = await draft(list.session, 'Draft mailed');
    expect(mailed.email_subscribers).toBe(true);
    const published = await t.app.inject({ method: 'POST', url: '/api/user/drafts/publish', payload: { id: mailed.id }, headers: list.session.headers });
    expect(published.statusCode, published.body).toBe(201);
    expect((await sendRow(published.json().post.id))?.status).toBe('queued');

    const quiet = await draft(list.session, 'Draft quiet');
    const at = new Date(Date.now() + 60_000).toISOString();
    const scheduled = await t.app.inject({
      method: 'POST',
      url: '/api/user/drafts/schedule',
      payload: { id: quiet.id, publish_at: at, email_subscribers: false },
      headers: list.session.headers,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().draft.email_subscribers).toBe(false);
    await t.app.scheduledPosts.runOnce(new Date(Date.now() + 120_000).toISOString());
    const post = await t.db.selectFrom('posts').select('id').where('title', '=', 'Draft quiet').executeTakeFirstOrThrow();
    expect(await sendRow(post.id)).toBeUndefined();

    await t.app.newsletterSender.runOnce();
    expect(recipients(mailsOf('Draft mailed'))).toEqual(list.emails.slice().sort());
  });
});

describe('two app servers', () => {
  it('both running the sender at once: every subscriber gets the story exactly once', async () => {
    const list = await aWriterWithList(30);
    const other = await t.another();
    // SQLite in one test process: a connection waiting for the write lock would block the very thread
    // that holds it, so the two take turns there (real processes on one SQLite file: newsletter-crash.test.ts).
    const both = (a: () => Promise<unknown>, b: () => Promise<unknown>) => (t.database.dialect === 'postgres' ? Promise.all([a(), b(), a()]) : a().then(b).then(a));
    try {
      await createPost(t, list.session, { title: 'Twice told?' });
      await both(
        () => t.app.newsletterSender.runOnce(),
        () => other.app.newsletterSender.runOnce(),
      );
      await both(
        () => other.app.newsletterSender.runOnce(),
        () => t.app.newsletterSender.runOnce(),
      );
    } finally {
      await other.close();
    }
    const mails = mailsOf('Twice told?');
    expect(recipients(mails)).toEqual(list.emails.slice().sort());
  });
});
