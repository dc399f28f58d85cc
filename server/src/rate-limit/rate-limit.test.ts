import net from 'node:net';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ConfigOverrides, type TestApp, buildTestApp } from '../test/app.ts';
import { aUser } from '../test/factories.ts';
import { countCall, deleteExpiredCounters } from './rate-limit.repository.ts';
import { connectRedis } from './redis.ts';

/**
 * Per-address limits hold across app servers: two apps on one database (and, with REDIS_URL, one
 * Redis) count the same calls. Redis is the local one (TEST_REDIS_URL, else 127.0.0.1:6379), each test
 * under a prefix of its own whose keys are removed afterwards.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = { max: 5, windowMs: 60_000 };

let redis: Redis;
beforeAll(() => {
  redis = new Redis(REDIS_URL);
});
afterAll(() => redis.quit());

const open: TestApp[] = [];
const prefixes: string[] = [];
afterEach(async () => {
  // The second app first: it shares the first one's database.
  for (const t of open.splice(0).reverse()) await t.close();
  for (const prefix of prefixes.splice(0)) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
});

/** Two app servers of one deployment (one database, one Redis when set). */
async function twoServers(config: ConfigOverrides = {}): Promise<[TestApp, TestApp]> {
  const a = await buildTestApp({ config: { ...config, rateLimits: { search: LIMIT, ...config.rateLimits } } });
  open.push(a);
  const b = await a.another();
  open.push(b);
  return [a, b];
}

function withRedis(): ConfigOverrides {
  const redisPrefix = `inkwell-test:${process.pid}:${Math.random().toString(36).slice(2)}:`;
  prefixes.push(redisPrefix);
  return { redisUrl: REDIS_URL, redisPrefix };
}

const search = (t: TestApp, ip: string) => t.app.inject({ method: 'POST', url: '/api/user/search', payload: { query: 'anything' }, remoteAddress: ip });

const tally = (codes: number[]) => codes.reduce<Record<number, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {});

/** A port on this machine where nothing listens. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** 3 calls on A and 3 on B from one address: the sixth is refused, as one server would; others still pass. */
async function countsAcrossBoth(a: TestApp, b: TestApp): Promise<void> {
  for (const t of [a, a, a, b, b]) expect((await search(t, '10.20.0.1')).statusCode).toBe(200);
  const refused = await search(b, '10.20.0.1');
  expect(refused.statusCode).toBe(429);
  expect(refused.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
  const retryAfter = Number(refused.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect((await search(a, '10.20.0.1')).statusCode).toBe(429);
  // Another address has its own count, and so has another route.
  expect((await search(a, '10.20.0.2')).statusCode).toBe(200);
  const help = await b.app.inject({ method: 'POST', url: '/api/user/help', payload: {}, remoteAddress: '10.20.0.1' });
  expect(help.statusCode).not.toBe(429);
}

/** 20 identical calls at once, half on each server: exactly `max` get through. */
async function burstAcrossBoth(a: TestApp, b: TestApp): Promise<void> {
  const calls = Array.from({ length: 20 }, (_, i) => search(i % 2 === 0 ? a : b, '10.30.0.1'));
  expect(tally((await Promise.all(calls)).map((r) => r.statusCode))).toEqual({ 200: LIMIT.max, 429: 20 - LIMIT.max });
}

describe('per-address limits counted in the database (no REDIS_URL)', () => {
  it('count the calls made on either app server', async () => {
    const [a, b] = await twoServers();
    await countsAcrossBoth(a, b);
    const rows = await a.db.selectFrom('rate_limits').selectAll().orderBy('route').orderBy('address').execute();
    expect(rows).toEqual([
      { route: 'POST /api/user/help', address: '10.20.0.1', calls: 1, expires_at: expect.any(String) },
      // Past the limit the count stays at max + 1 (a refused call needs no larger number).
      { route: 'POST /api/user/search', address: '10.20.0.1', calls: LIMIT.max + 1, expires_at: expect.any(String) },
      { route: 'POST /api/user/search', address: '10.20.0.2', calls: 1, expires_at: expect.any(String) },
    ]);
  });

  it('let exactly max calls of a parallel burst through', async () => {
    const [a, b] = await twoServers();
    await burstAcrossBoth(a, b);
  });

  it('count again from one once the window has ended', async () => {
    const [a, b] = await twoServers();
    for (let i = 0; i < LIMIT.max; i += 1) await search(a, '10.40.0.1');
    expect((await search(b, '10.40.0.1')).statusCode).toBe(429);
    await a.db
      .updateTable('rate_limits')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const again = await search(b, '10.40.0.1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-ratelimit-remaining']).toBe(String(LIMIT.max - 1));
  });

  it('delete ended counters in bounded batches, never a live one', async () => {
    const [a] = await twoServers();
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    for (const address of ['1', '2', '3']) {
      await countCall(a.db, { route: 'POST /x', address, max: 5, now: at(-120_000), endsIfNew: at(-60_000) });
    }
    await countCall(a.db, { route: 'POST /x', address: 'live', max: 5, now: at(0), endsIfNew: at(60_000) });
    expect(await deleteExpiredCounters(a.db, at(0), 2)).toBe(2);
    expect(await deleteExpiredCounters(a.db, at(0), 2)).toBe(1);
    expect(await deleteExpiredCounters(a.db, at(0), 2)).toBe(0);
    expect(await a.db.selectFrom('rate_limits').select('address').execute()).toEqual([{ address: 'live' }]);
  });

  it("are swept by the app's rate-limit-sweep job, a job only where counts are kept in the database", async () => {
    const [a] = await twoServers();
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    await countCall(a.db, { route: 'POST /x', address: 'ended', max: 5, now: at(-120_000), endsIfNew: at(-60_000) });
    await countCall(a.db, { route: 'POST /x', address: 'live', max: 5, now: at(0), endsIfNew: at(60_000) });
    await a.app.jobs.runNow('rate-limit-sweep');
    expect(await a.db.selectFrom('rate_limits').select('address').execute()).toEqual([{ address: 'live' }]);
  });

  it('leave failed logins counted across both too (login_throttle)', async () => {
    const [a, b] = await twoServers({ rateLimits: { failedLoginsPerAccount: { max: 4, windowMs: 60_000 } } });
    const user = await aUser(a.db);
    const login = (t: TestApp, i: number) =>
      t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: user.email, password: 'Wrong#123' }, remoteAddress: `10.50.0.${i}` });
    const codes = await Promise.all(Array.from({ length: 8 }, (_, i) => login(i % 2 === 0 ? a : b, i + 1)));
    expect(tally(codes.map((r) => r.statusCode))).toEqual({ 401: 4, 429: 4 });
  });
});

describe('per-address limits counted in Redis (REDIS_URL)', () => {
  it('count the calls made on either app server, in Redis only, and say Redis is ready', async () => {
    const config = withRedis();
    const [a, b] = await twoServers(config);
    await countsAcrossBoth(a, b);
    expect(await a.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
    const keys = await redis.keys(`${config.redisPrefix}*`);
    expect(keys.sort()).toEqual(
      ['POST/api/user/help-10.20.0.1', 'POST/api/user/search-10.20.0.1', 'POST/api/user/search-10.20.0.2'].map((k) => `${config.redisPrefix}rate-limit:${k}`),
    );
    expect(await redis.pttl(keys[0]!)).toBeGreaterThan(0);
    const ready = await a.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok', redis: 'ok' });
    // Redis ends its keys itself: nothing to sweep.
    expect(() => a.app.jobs.runNow('rate-limit-sweep')).toThrow('No job is called rate-limit-sweep');
  });

  it('let exactly max calls of a parallel burst through', async () => {
    const [a, b] = await twoServers(withRedis());
    await burstAcrossBoth(a, b);
  });

  it('go on uncounted while Redis does not answer, and the app is not ready', async () => {
    const port = await deadPort();
    const started = Date.now();
    const [a, b] = await twoServers({ redisUrl: `redis://127.0.0.1:${port}`, redisPrefix: 'inkwell-test:dead:' });
    expect(Date.now() - started).toBeLessThan(5000);
    const codes = await Promise.all(Array.from({ length: 2 * LIMIT.max }, (_, i) => search(i % 2 === 0 ? a : b, '10.60.0.1')));
    expect(tally(codes.map((r) => r.statusCode))).toEqual({ 200: 2 * LIMIT.max });
    const ready = await b.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'ok', storage: 'ok', redis: 'unavailable' });
    // Without REDIS_URL, ready says nothing of Redis.
    const plain = await buildTestApp();
    open.push(plain);
    expect((await plain.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
  });

  it('logs the outage once, not once per retry or call', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const log = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } }).log;
    const connection = await connectRedis(`redis://127.0.0.1:${await deadPort()}`, log);
    try {
      expect(await connection.ping()).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 700)); // a few reconnection attempts
      expect(lines.map((l) => [l.level, l.msg])).toEqual([[40, 'Redis does not answer: per-address rate limits are not counted until it does']]);
    } finally {
      connection.close();
    }
  });
});
