import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type NotificationEvent, type PostPage, paths } from '@inkwell/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { SseClient } from '../notifications/testkit.ts';
import { type DataStore, type ServerProcess, call, createDataStore, killAllServers, login, startServer } from '../security/server-process.ts';
import { aJpeg } from '../storage/testing.ts';
import { aPost, aUser } from '../test/factories.ts';
import { type S3Server, startS3 } from '../test/s3.ts';
import { TestSmtpServer } from '../test/smtp.ts';

/**
 * The cases of the cluster suites: two app servers on one database, as behind a load balancer, sharing
 * the local Redis (rate limits) and a local S3 server (files): PostgreSQL with one process each
 * (INKWELL_TEST_DB=postgres), SQLite with WORKERS=2 each, so calls land on four processes. What one
 * server did, the other shows at once. `cluster.test.ts` runs them on the database itself,
 * `cluster.pgbouncer.test.ts` with both servers' pools going through PgBouncer.
 */
const sqlite = process.env.INKWELL_TEST_DB !== 'postgres';
const SEARCHES = 6;

/** What a suite's own cases see (set once the servers are up). */
export interface Cluster {
  a: ServerProcess;
  b: ServerProcess;
  /** The servers' data store; `database` is a connection of the test's own, straight to it. */
  store: DataStore;
  database: Database;
}

/** Something between the servers and the database (a pooler): the database URL they get instead, and more settings. */
export interface Front {
  databaseUrl: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

export interface ClusterSuite {
  name: string;
  /** Skips the whole suite, saying why (nothing is started). */
  skip?: string;
  /** Started on the fresh store before the servers, stopped after them. */
  front?: (store: DataStore) => Promise<Front>;
  /** The suite's own cases, run after the shared ones and before A is killed. */
  more?: (cluster: () => Cluster) => void;
}

let store: DataStore;
let database: Database;
let s3: S3Server;
let smtp: TestSmtpServer;
let front: Front | undefined;
let a: ServerProcess;
let b: ServerProcess;
const prefix = `inkwell-cluster-test-${randomBytes(4).toString('hex')}:`;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A post's rendered page on a server (kept there: a second view is answered by its front, render/page-front.ts): its like count. */
const pageLikes = async (base: string, postId: number, cookie?: string) => {
  const html = await (await fetch(`${base}${paths.viewPost.getHref(postId)}`, { headers: cookie ? { cookie } : {} })).text();
  return Number(/"likes_count":(\d+)/.exec(html)?.[1]);
};
const visitorFeed = async (url: string) => (await call<{ posts?: PostPage } & PostPage>(url, 'view-posts', {})).body;
const cardOf = (page: PostPage, id: number) => page.data.find((card) => card.id === id);

export function describeCluster(suite: ClusterSuite): void {
  const title = `two app servers (${sqlite ? 'SQLite, 2 processes each' : 'PostgreSQL'}) with Redis and S3${suite.name ? `, ${suite.name}` : ''}`;
  describe.skipIf(suite.skip !== undefined)(suite.skip ? `${title} (skipped: ${suite.skip})` : title, () => {
    beforeAll(async () => {
      // The servers render pages (the web app built, as `npm start` builds it).
      const built = spawnSync(process.execPath, ['scripts/ensure-web-build.mjs'], { cwd: path.resolve(import.meta.dirname, '../../..'), stdio: 'inherit' });
      if (built.status !== 0) throw new Error('the web app did not build');
      store = await createDataStore();
      s3 = await startS3();
      smtp = new TestSmtpServer();
      await smtp.start();
      front = await suite.front?.(store);
      const env = {
        WORKERS: sqlite ? '2' : '1',
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        STORAGE_URL: `s3://${s3.bucket}`,
        ...s3.env,
        SMTP_URL: smtp.url,
        RATE_LIMIT_SEARCH: String(SEARCHES),
        RATE_LIMIT_FORGOT_PASSWORD: '100',
        FEED_CACHE_MS: '60000',
        SCHEDULE_POLL_MS: '100',
        ...front?.env,
      };
      const served = front ? { ...store, databaseUrl: front.databaseUrl } : store;
      a = await startServer(served, { env });
      b = await startServer(served, { env });
      database = store.open();
    }, 90_000);

    afterAll(async () => {
      await killAllServers();
      await database?.destroy();
      await front?.stop();
      await s3?.stop();
      await smtp?.stop();
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      await store?.remove();
    });

    it('serves through B an image uploaded through A, from the object store', async () => {
      const user = await aUser(database.db);
      const session = await login(a.url, user.email, user.password);
      const form = new FormData();
      form.append('user_id', String(user.id));
      form.append('image', new Blob([new Uint8Array(await aJpeg())], { type: 'image/jpeg' }), 'photo.jpg');
      const uploaded = await call<{ url: string }>(a.url, 'upload-image', form, session);
      expect(uploaded.status).toBe(201);
      const fromB = await fetch(`${b.url}${uploaded.body.url}`);
      expect(fromB.status).toBe(200);
      expect(fromB.headers.get('cache-control')).toContain('immutable');
      const fromA = await fetch(`${a.url}${uploaded.body.url}`);
      expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    });

    it("shows a like made through A in B's cached feed and post page at once", async () => {
      const author = await aUser(database.db);
      const reader = await aUser(database.db);
      const post = await aPost(database.db, { userId: author.id, title: 'Liked across servers' });
      const session = await login(a.url, reader.email, reader.password);
      const readersPage = async () =>
        (await call<{ post: { is_like: boolean; likes_count: number } }>(b.url, 'post/details', { post_id: post.id, user_id: reader.id }, session)).body.post;
      // The reader's own For you, kept on B as that reader's answer.
      const readersFeed = async () => cardOf((await call<PostPage>(b.url, 'view-posts', { user_id: reader.id }, session)).body, post.id);
      // B's processes read the feed, the reader's feed and their post page now and keep them (FEED_CACHE_MS is a minute here).
      for (let i = 0; i < 4; i++) expect(cardOf(await visitorFeed(b.url), post.id)?.likes_count).toBe(0);
      for (let i = 0; i < 4; i++) expect(await readersFeed()).toMatchObject({ is_like: false, likes_count: 0 });
      for (let i = 0; i < 4; i++) expect(await readersPage()).toMatchObject({ is_like: false, likes_count: 0 });
      const liked = await call(a.url, 'like', { user_id: reader.id, post_id: post.id, status: 1 }, session);
      expect(liked.status).toBe(200);
      // SQLite: the next lookup in any process compares the write counter, so the very next read shows it.
      // PostgreSQL: NOTIFY reaches B's listener within milliseconds; allow a short wait for its delivery.
      const deadline = Date.now() + (sqlite ? 0 : 1000);
      let likes = cardOf(await visitorFeed(b.url), post.id)?.likes_count;
      while (likes !== 1 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        likes = cardOf(await visitorFeed(b.url), post.id)?.likes_count;
      }
      expect(likes).toBe(1);
      // Every process of B shows it (on SQLite calls are handed round B's two processes), the reader's own flag too.
      for (let i = 0; i < 4; i++) expect(cardOf(await visitorFeed(b.url), post.id)?.likes_count).toBe(1);
      for (let i = 0; i < 4; i++) expect(await readersPage()).toMatchObject({ is_like: true, likes_count: 1 });
      for (let i = 0; i < 4; i++) expect(await readersFeed()).toMatchObject({ is_like: true, likes_count: 1 });
    });

    it("shows a like made through A in B's kept rendered pages, a visitor's and the member's own", async () => {
      const author = await aUser(database.db);
      const reader = await aUser(database.db);
      const post = await aPost(database.db, { userId: author.id, title: 'Rendered across servers' });
      const session = await login(a.url, reader.email, reader.password);
      const cookie = `token=${session.headers.token}; id=${session.id}`;
      // Each of B's processes renders and keeps both pages, then answers them from memory.
      for (let i = 0; i < 6; i++) expect(await pageLikes(b.url, post.id)).toBe(0);
      for (let i = 0; i < 6; i++) expect(await pageLikes(b.url, post.id, cookie)).toBe(0);
      expect((await call(a.url, 'like', { user_id: reader.id, post_id: post.id, status: 1 }, session)).status).toBe(200);
      // As for the feed above: at once on SQLite, within NOTIFY's delivery on PostgreSQL.
      const deadline = Date.now() + (sqlite ? 0 : 1000);
      let likes = await pageLikes(b.url, post.id);
      while (likes !== 1 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        likes = await pageLikes(b.url, post.id);
      }
      expect(likes).toBe(1);
      for (let i = 0; i < 4; i++) expect(await pageLikes(b.url, post.id)).toBe(1);
      for (let i = 0; i < 4; i++) expect(await pageLikes(b.url, post.id, cookie)).toBe(1);
    });

    it('counts per-address limits and failed logins across both servers', async () => {
      const answers: number[] = [];
      for (let i = 0; i < SEARCHES + 1; i++) answers.push((await call(i % 2 ? a.url : b.url, 'search', { query: `word${i}` })).status);
      expect(answers.slice(0, SEARCHES)).toEqual(Array(SEARCHES).fill(200));
      expect(answers[SEARCHES]).toBe(429);

      const victim = await aUser(database.db);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push((await call(i % 2 ? a.url : b.url, 'login', { email: victim.email, password: 'Wrong#Guess2026' })).status);
      }
      // 10 failed logins per account from unknown places, wherever they landed; the 11th is refused.
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses[10]).toBe(429);
    });

    it('brings a notification written through A to an event stream held on B', async () => {
      const author = await aUser(database.db);
      const reader = await aUser(database.db);
      const post = await aPost(database.db, { userId: author.id });
      const authorSession = await login(b.url, author.email, author.password);
      const readerSession = await login(a.url, reader.email, reader.password);
      const stream = await new SseClient(`${b.url}/api/user/notifications/stream`, authorSession.headers).open();
      expect(stream.status).toBe(200);
      await stream.next((e) => e.event === 'unseen');
      await new Promise((r) => setTimeout(r, 300)); // the listener of B's process connects
      const liked = await call(a.url, 'like', { user_id: reader.id, post_id: post.id, status: 1 }, readerSession);
      expect(liked.status).toBe(200);
      const event = await stream.next((e) => e.event === 'notification');
      expect((JSON.parse(event.data) as NotificationEvent).notification).toMatchObject({ type: 'like', post_id: post.id });
      await stream.close();
    });

    it('publishes each scheduled draft once, though every process of both servers looks, and B shows it at once', async () => {
      const writer = await aUser(database.db);
      const session = await login(a.url, writer.email, writer.password);
      const category = (await database.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      const title = `Scheduled across servers ${Date.now()}`;
      const at = new Date(Date.now() + 1500).toISOString();
      for (let i = 0; i < 5; i++) {
        const saved = await call<{ draft: { id: number } }>(i % 2 ? a.url : b.url, 'drafts/save', { title: `${title} ${i}`, sub_title: 'Later', category_id: category }, session);
        expect((await call(i % 2 ? b.url : a.url, 'drafts/schedule', { id: saved.body.draft.id, publish_at: at }, session)).status).toBe(200);
      }
      const shown = async () => (await visitorFeed(b.url)).data.filter((card) => card.title.startsWith(title)).length;
      expect(await shown()).toBe(0); // B keeps this page for a minute now
      const deadline = Date.now() + 10_000;
      while ((await shown()) < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await shown()).toBe(5);
      await new Promise((r) => setTimeout(r, 500)); // every process has looked again since
      const rows = await database.db.selectFrom('posts').select('title').where('user_id', '=', writer.id).execute();
      expect(rows.map((r) => r.title).sort()).toEqual(Array.from({ length: 5 }, (_, i) => `${title} ${i}`));
      const user = await database.db.selectFrom('users').select('post_count').where('id', '=', writer.id).executeTakeFirstOrThrow();
      expect(user.post_count).toBe(5);
    }, 20_000);

    it('sends each mail once, though every process of both servers works the outbox', async () => {
      const users = await Promise.all(Array.from({ length: 6 }, () => aUser(database.db)));
      const before = smtp.received.length;
      for (const [i, user] of users.entries()) {
        expect((await call(i % 2 ? a.url : b.url, 'forgot-password', { email: user.email })).status).toBe(200);
      }
      // Each enqueue kicks its process's worker; the others poll every 5 s and find nothing left to claim.
      await new Promise((r) => setTimeout(r, 7000));
      const got = smtp.received.slice(before).flatMap((m) => m.to);
      expect(got.sort()).toEqual(users.map((u) => u.email).sort());
    }, 20_000);

    suite.more?.(() => ({ a, b, store, database }));

    it('keeps serving through B when A is killed amid writes, and loses nothing acknowledged', async () => {
      const author = await aUser(database.db);
      const post = await aPost(database.db, { userId: author.id });
      const writers = await Promise.all(Array.from({ length: 4 }, () => aUser(database.db)));
      const sessions = await Promise.all(writers.map((w) => login(a.url, w.email, w.password)));
      const acknowledged: number[] = [];
      let killed = false;
      const write = async (url: string, i: number) => {
        const session = sessions[i % sessions.length]!;
        const text = `comment ${i} through ${url === a.url ? 'A' : 'B'}`;
        try {
          const res = await call<{ id: number }>(url, 'comment', { user_id: session.id, post_id: post.id, comments: text }, session);
          if (res.status === 200 || res.status === 201) acknowledged.push(res.body.id);
        } catch {
          if (!killed && url === a.url) throw new Error('A failed before it was killed');
        }
      };
      const lanes = [0, 1, 2, 3].map(async (lane) => {
        for (let n = 0; n < 40; n++) await write(lane < 2 && !killed ? a.url : b.url, lane * 100 + n);
      });
      await new Promise((r) => setTimeout(r, 300));
      killed = true;
      await a.kill9();
      await Promise.all(lanes);
      expect((await fetch(`${b.url}/api/health`)).status).toBe(200);
      const stored = await database.db.selectFrom('comments').select('id').where('post_id', '=', post.id).execute();
      const ids = new Set(stored.map((r) => r.id));
      expect(acknowledged.length).toBeGreaterThan(40);
      for (const id of acknowledged) expect(ids.has(id)).toBe(true);
      const { comments_count } = await database.db.selectFrom('posts').select('comments_count').where('id', '=', post.id).executeTakeFirstOrThrow();
      expect(comments_count).toBe(stored.length);
    }, 30_000);
  });
}
