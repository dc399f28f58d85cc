import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { type DataStore, type ServerProcess, call, createDataStore, killAllServers, login, startServer } from '../security/server-process.ts';
import { aUser } from '../test/factories.ts';
import { TestSmtpServer } from '../test/smtp.ts';
import { until } from '../test/until.ts';
import { addSubscribers } from './testing.ts';

/**
 * A story's mail to its subscribers survives the sending process's death (issue 29): real app
 * processes on one database and a real SMTP server; the process is killed (SIGKILL) while the SMTP
 * server holds a mail unanswered, and a new one finishes the send: every subscriber gets it exactly once.
 */
const smtp = new TestSmtpServer();
let store: DataStore;
let database: Database;

beforeAll(async () => {
  await smtp.start();
  store = await createDataStore();
}, 60_000);
afterAll(async () => {
  await killAllServers();
  await database?.destroy();
  await store?.remove();
  await smtp.stop();
});

const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1]?.trim();

describe('kill -9 in the middle of a send', () => {
  it('leaves nobody skipped and nobody mailed twice once another process takes over', async () => {
    const env = { SMTP_URL: smtp.url, MAIL_RATE_PER_SECOND: '1000', MAIL_POOL_CONNECTIONS: '1', NEWSLETTER_CLAIM_SECONDS: '2' };
    const first: ServerProcess = await startServer(store, { env });
    database = store.open();
    const writer = await aUser(database.db, { name: 'Crash Writer' });
    const emails = Array.from({ length: 60 }, (_, i) => `crash-${i + 1}@example.com`);
    await addSubscribers(database.db, writer.id, emails);
    const category = (await database.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;

    smtp.stallAfter = 25;
    const session = await login(first.url, writer.email, writer.password);
    const added = await call(
      first.url,
      'add-post',
      { user_id: writer.id, title: 'Through the storm', sub_title: 'A line', category_id: category, description: '<p>Hi</p>' },
      session,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const postId = (added.body as { post: { id: number } }).post.id;

    // 25 taken; the 26th held without its 250 while the process dies.
    await until(() => (smtp.stalled > 0 ? true : undefined), 30_000);
    await first.kill9();
    const story = () => smtp.received.filter((m) => subjectOf(m.raw) === 'Through the storm');
    expect(story()).toHaveLength(25);

    smtp.stallAfter = undefined;
    await startServer(store, { env });
    const sent = async () => (await database.db.selectFrom('newsletter_sends').select('status').where('post_id', '=', postId).executeTakeFirst())?.status === 'sent';
    for (const end = Date.now() + 60_000; !(await sent());) {
      if (Date.now() > end) throw new Error(`the send did not end: ${story().length} of 60 mails`);
      await new Promise((r) => setTimeout(r, 200));
    }

    const got = story().flatMap((m) => m.to);
    expect(got.slice().sort()).toEqual(emails.slice().sort()); // each exactly once
    const rows = await database.db.selectFrom('newsletter_deliveries').select(['status']).where('post_id', '=', postId).execute();
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  }, 120_000);
});
