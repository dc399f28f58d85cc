/**
 * Newsletter benchmark (issue 29): one story mailed to N confirmed subscribers by the real sender
 * (delivery rows, claims, one SMTP transaction each, the mail rendered once and each copy given its
 * reader's unsubscribe link) against a bare nodemailer pool sending the same number of ready-made
 * copies of that mail to the same SMTP server in the same run (no database, nothing rendered).
 *
 *   npm run bench:newsletter -- [--subscribers 10000] [--connections 3] [--rate 0] [--db postgres://…/db]
 *
 * The SMTP server (bench/smtp-sink.mjs: takes every mail, keeps a count) runs in its own process on
 * core 1 when taskset is there, this process on core 0. --rate 0 (the default) lifts the rate limit to
 * measure what the sender itself can do; --rate R checks the throttle (the time should be N / R).
 * Prints the time, mails per second, the share of the bare pool's rate, and this process's peak
 * memory (RSS, sampled every 50 ms, and what it started from: the sender runs first, then the bare pool) for each; SQLite in a temp folder, or the PostgreSQL database at
 * --db (created when missing, emptied first).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type Database, nowIso, openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { eachAtMost } from '../server/src/lib/concurrency.ts';
import { smtpTransport } from '../server/src/mail/transport.ts';
import { NewsletterSender } from '../server/src/newsletters/newsletter-sender.ts';
import { newsletterTokens } from '../server/src/newsletters/newsletter-tokens.ts';
import { queueSend } from '../server/src/newsletters/sends.repository.ts';
import { renderStoryMail } from '../server/src/newsletters/story-mail.ts';
import { addSubscribers } from '../server/src/newsletters/testing.ts';
import { aPost, aUser } from '../server/src/test/factories.ts';
import { arg, pinSelf, pinned, root } from './support.ts';

pinSelf('0');
const subscribers = Number(arg('subscribers', '10000'));
const connections = Number(arg('connections', '3'));
const rate = Number(arg('rate', '0'));
const pgUrl = arg('db', '');
const PUBLIC_URL = 'https://inkwell.example';

/** A story body of a usual length: paragraphs, a heading, a quote, a list, code, an image. */
const BODY = [
  ...Array.from(
    { length: 6 },
    (_, i) => `<p>Paragraph ${i + 1}: ${'Words that make a reader stay, one after another, with a <a href="/view-post/abc">link</a> now and then. '.repeat(4)}</p>`,
  ),
  '<h2>A turn</h2><blockquote>What a quote looks like in a mail.</blockquote><ul><li>one</li><li>two</li><li>three</li></ul>',
  '<pre data-language="typescript">const answer: number = 42;\nfunction ask(question: string) {\n  return `${question}? ${answer}`;\n}</pre>',
  `<p><img src="/storage/ab/cd/${'e'.repeat(64)}.webp" alt="A picture"></p>`,
  ...Array.from({ length: 4 }, (_, i) => `<p>Closing ${i + 1}: ${'The end comes with a few more sentences of the same kind. '.repeat(5)}</p>`),
].join('');

async function startSink(): Promise<{ port: number; count: () => Promise<number>; stop: () => void }> {
  const [command, argv] = pinned('1', process.execPath, [path.join(root, 'bench/smtp-sink.mjs')]);
  const child = spawn(command, argv, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited (${code})`)));
  });
  const [port, httpPort] = line.trim().split(' ').map(Number);
  return { port: port!, count: async () => Number(await (await fetch(`http://127.0.0.1:${httpPort}/count`)).text()), stop: () => child.kill() };
}

/** Peak RSS while `work` runs, and the RSS it started from. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; peakMb: number; startMb: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  try {
    const value = await work();
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    return { value, seconds: (performance.now() - started) / 1000, peakMb: mb(Math.max(peak, process.memoryUsage().rss)), startMb: mb(start) };
  } finally {
    clearInterval(timer);
  }
}

async function openStore(): Promise<{ database: Database; cleanUp: () => Promise<void> }> {
  if (!pgUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-bench-newsletter-'));
    const database = openDatabase({ sqliteFile: path.join(dir, 'inkwell.sqlite') });
    return { database, cleanUp: async () => (await database.destroy(), fs.rmSync(dir, { recursive: true, force: true })) };
  }
  const url = new URL(pgUrl);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(pgUrl), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const database = openDatabase({ databaseUrl: pgUrl });
  return { database, cleanUp: () => database.destroy() };
}

const sink = await startSink();
const pool = smtpTransport(`smtp://127.0.0.1:${sink.port}`, { connections, ratePerSecond: rate > 0 ? rate : 1_000_000 });
const { database, cleanUp } = await openStore();
try {
  const { db } = database;
  await migrateToLatest(db);
  const writer = await aUser(db, { name: 'Bench Writer' });
  const post = await aPost(db, { userId: writer.id, title: 'A story for ten thousand', description: BODY, image: `/storage/ab/cd/${'c'.repeat(64)}.webp` });
  await addSubscribers(
    db,
    writer.id,
    Array.from({ length: subscribers }, (_, i) => `reader-${i + 1}@example.com`),
  );

  await queueSend(db, post.id, writer.id, nowIso());
  const sender = new NewsletterSender({
    db,
    transport: pool,
    tokens: newsletterTokens(db),
    options: {
      publicUrl: PUBLIC_URL,
      mailFrom: 'Inkwell <stories@inkwell.example>',
      batchSize: 200,
      connections,
      claimMs: 120_000,
      maxAttempts: 8,
      baseBackoffMs: 60_000,
      maxBackoffMs: 6 * 3_600_000,
    },
    log: { info: () => {}, warn: (obj, msg) => console.warn(msg, obj) },
  });
  const ours = await measured(async () => {
    let sent = 0;
    for (let round = 0; round < 100; round += 1) {
      const r = await sender.runOnce();
      sent += r.sent;
      if (r.finished > 0) break;
    }
    return sent;
  });
  // The baseline: the same pool, the same number of mails, each a ready copy of the same story.
  const copy = renderStoryMail(
    {
      postId: post.id,
      title: 'A story for ten thousand',
      subTitle: 'Why it matters',
      description: BODY,
      image: null,
      topic: 'Bench',
      writer: { id: writer.id, name: 'Bench Writer' },
    },
    { publicUrl: PUBLIC_URL },
    'You get this mail because you subscribed to Bench Writer on Inkwell.',
  ).forSubscriber(`${PUBLIC_URL}/newsletter/unsubscribe?token=1.x`);
  const bare = await measured(() =>
    eachAtMost(
      connections,
      Array.from({ length: subscribers }, (_, i) => `reader-${i + 1}@example.com`),
      (to) => pool.send({ from: { name: 'Bench Writer', address: 'stories@inkwell.example' }, to, subject: copy.subject, text: copy.text, html: copy.html }),
    ),
  );

  const received = await sink.count();
  const status = await db
    .selectFrom('newsletter_deliveries')
    .select(['status', sql<number>`count(*)`.as('n')])
    .groupBy('status')
    .execute();

  const row = (name: string, run: { seconds: number; peakMb: number; startMb: number }, share: string) =>
    `| ${name} | ${subscribers.toLocaleString('en')} | ${run.seconds.toFixed(1)} | ${Math.round(subscribers / run.seconds).toLocaleString('en')} | ${share} | ${run.peakMb} MB (from ${run.startMb} MB) |`;
  console.log(
    `\n${pgUrl ? 'PostgreSQL' : 'SQLite'}, ${connections} pooled connections, rate ${rate > 0 ? `${rate}/s` : 'unlimited'}; the SMTP server took ${received} mails (${subscribers * 2} expected); deliveries ${JSON.stringify(status)}\n`,
  );
  console.log('| run | mails | seconds | mails/s | of bare | peak RSS |');
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(row('bare nodemailer pool, ready copies', bare, '100 %'));
  console.log(row('the sender (rows, claims, per-reader links)', ours, `${((bare.seconds / ours.seconds) * 100).toFixed(1)} %`));
  if (ours.value !== subscribers) console.log(`\nthe sender sent ${ours.value} of ${subscribers}`);
} finally {
  pool.close?.();
  await cleanUp();
  sink.stop();
}
