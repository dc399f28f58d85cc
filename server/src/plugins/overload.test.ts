import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseBusyError } from '../db/pool.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost, aUser, signIn } from '../test/factories.ts';
import { BUSY_MESSAGE } from './overload.ts';

/**
 * Overload is answered with 503 and Retry-After at once, never with a 500 after a wait, and the
 * server recovers on its own: a lagging event loop (every database), a full pool queue and a
 * statement cancelled by statement_timeout (PostgreSQL), SQLite busy past its timeout.
 */
const postgres = process.env.INKWELL_TEST_DB === 'postgres';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const busyLoop = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // the event loop is held, as by a runaway synchronous task
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const health = (app: TestApp['app']) => app.inject({ method: 'GET', url: '/api/health' });

describe('overload', () => {
  it('answers 503 with Retry-After while the event loop lags, and recovers by itself', async () => {
    t = await buildTestApp({ config: { overload: { maxEventLoopDelayMs: 100, maxHeapUsedBytes: 0, retryAfterSeconds: 3 } } });
    expect((await health(t.app)).statusCode).toBe(200);
    busyLoop(700); // longer than the sample interval (500 ms), as a real stall is
    await sleep(20); // the overdue sample runs first and sees the lag
    const refused = await t.app.inject({ method: 'POST', url: '/api/user/view-posts', payload: {} });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('3');
    expect(refused.json()).toEqual({ message: BUSY_MESSAGE });
    expect((await health(t.app)).statusCode).toBe(503);
    // Once the loop is free again, within a second everything answers.
    const deadline = Date.now() + 1000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      await sleep(50);
      status = (await health(t.app)).statusCode;
    }
    expect(status).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/view-posts', payload: {} })).statusCode).toBe(200);
  });

  it('still sends the built scripts of a page already sent while the event loop lags (the page would never start)', async () => {
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-overload-web-'));
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    fs.writeFileSync(path.join(web, 'assets', 'start-abc123.js'), 'export const started = true;');
    try {
      t = await buildTestApp({ config: { webDistDir: web, overload: { maxEventLoopDelayMs: 100, maxHeapUsedBytes: 0, retryAfterSeconds: 3 } } });
      busyLoop(700);
      await sleep(20);
      expect((await health(t.app)).statusCode).toBe(503);
      const script = await t.app.inject({ method: 'GET', url: '/assets/start-abc123.js' });
      expect(script.statusCode).toBe(200);
      expect(script.body).toBe('export const started = true;');
    } finally {
      fs.rmSync(web, { recursive: true, force: true });
    }
  });

  it('turns a database that cannot take more into 503 with Retry-After, logged with the route', async () => {
    t = await buildTestApp();
    const logged: string[] = [];
    t.app.log.warn = ((obj: unknown) => void logged.push(JSON.stringify(obj))) as typeof t.app.log.warn;
    const original = t.database.all;
    t.database.all = async () => {
      throw new DatabaseBusyError('too many calls waiting for a database connection');
    };
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/view-posts', payload: {} });
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toEqual({ message: BUSY_MESSAGE });
    } finally {
      t.database.all = original;
    }
    expect(logged.some((line) => line.includes('/api/user/view-posts'))).toBe(true);
  });

  it.runIf(postgres)('refuses a call at once when the pool queue is full, and answers the others', async () => {
    t = await buildTestApp({ pool: { max: 1, queueMax: 2, waitMs: 2000, statementTimeoutMs: 5000 } });
    // Hold the only connection for a while.
    const holder = sql`SELECT pg_sleep(0.5)`.execute(t.db);
    await sleep(50);
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 8 }, () => t!.app.inject({ method: 'POST', url: '/api/user/view-posts', payload: {} })));
    await holder;
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 503).length).toBeGreaterThanOrEqual(5);
    expect(codes.every((c) => c === 200 || c === 503)).toBe(true);
    for (const r of answers.filter((a) => a.statusCode === 503)) expect(r.headers['retry-after']).toBeTruthy();
    expect(Date.now() - started).toBeLessThan(1500);
    expect((await health(t.app)).statusCode).toBe(200);
  });

  it.runIf(postgres)('cancels a statement past statement_timeout and answers 503', async () => {
    t = await buildTestApp({ pool: { statementTimeoutMs: 100 } });
    const slow = await sql`SELECT pg_sleep(1)`.execute(t.db).then(
      () => null,
      (err: unknown) => err,
    );
    expect((slow as { code?: string }).code).toBe('57014');
    const { isOverload } = await import('../db/database.ts');
    expect(isOverload(slow)).toBe(true);
    expect((await health(t.app)).statusCode).toBe(200);
  });

  it.runIf(!postgres)('answers 503 when SQLite stays locked past its busy timeout, and recovers', async () => {
    t = await buildTestApp({ pool: { waitMs: 200 } });
    const user = await aUser(t.db);
    const session = await signIn(t.app, user);
    const post = await aPost(t.db, { userId: user.id });
    // Another process holds the write lock.
    const other = new SQLite(path.join(t.config.dataDir, 'test.sqlite'));
    other.exec('BEGIN IMMEDIATE');
    try {
      const like = await t.app.inject({ method: 'POST', url: '/api/user/like', headers: session.headers, payload: { user_id: user.id, post_id: post.id, status: 1 } });
      expect(like.statusCode).toBe(503);
      expect(like.headers['retry-after']).toBeTruthy();
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    const again = await t.app.inject({ method: 'POST', url: '/api/user/like', headers: session.headers, payload: { user_id: user.id, post_id: post.id, status: 1 } });
    expect(again.statusCode).toBe(200);
    expect(again.json().likes_count).toBe(1);
  });
});
