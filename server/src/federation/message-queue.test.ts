import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { testMessageQueue } from '@fedify/testing';
import { Temporal as Polyfill } from '@js-temporal/polyfill';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, isUniqueViolation } from '../db/database.ts';
import { createTestDatabase } from '../test/database.ts';
import { until } from '../test/until.ts';
import { claimMessages } from './federation-store.repository.ts';
import { KyselyMessageQueue, type KyselyMessageQueueOptions } from './message-queue.ts';

/**
 * Fedify's message queue on our database (ADR 0066), on SQLite or PostgreSQL as INKWELL_TEST_DB says:
 * Fedify's own contract suite, then what it does not check: one handling per message across two app
 * servers (each with its own database handle), delays, ordering keys under load, a dead listener's
 * claim taken over after its lease, failed handlers, and abort.
 */
let one: Database;
let two: Database;
let reopen: () => Database;
let drop: () => Promise<void>;
const opened: Database[] = [];
const warnings: string[] = [];
const log = { warn: (_obj: object, msg: string) => void warnings.push(msg) };
const seconds = (n: number) => Polyfill.Duration.from({ milliseconds: n * 1000 }) as unknown as Temporal.Duration;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  const created = await createTestDatabase(await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-mq-')));
  one = created.database;
  reopen = () => {
    const database = created.reopen();
    opened.push(database);
    return database;
  };
  two = reopen();
  drop = created.drop;
});
afterAll(async () => {
  for (const database of opened) await database.destroy();
  await one?.destroy();
  await drop?.();
});
beforeEach(async () => {
  await one.db.deleteFrom('federation_messages').execute();
  warnings.length = 0;
});
/** Listeners a test left running (it failed before stopping them) must not take the next test's messages. */
const running = new Set<() => Promise<void>>();
afterEach(async () => {
  for (const stop of running) await stop();
});

/** Listens with `queue` until the returned stop() (which resolves once listen has). */
function listening(queue: KyselyMessageQueue, handler: (message: unknown) => Promise<void> | void) {
  const controller = new AbortController();
  const done = queue.listen(handler, { signal: controller.signal });
  const stop = async () => {
    running.delete(stop);
    controller.abort();
    await done;
  };
  running.add(stop);
  return stop;
}

const remaining = async () => (await one.db.selectFrom('federation_messages').select('id').execute()).length;

describe("Fedify's contract (@fedify/testing testMessageQueue)", () => {
  it('enqueue, delay, enqueueMany, two listeners, ordering keys', async () => {
    await testMessageQueue(
      () => new KyselyMessageQueue(reopen(), log, { pollIntervalMs: 200 }),
      ({ controller }) => controller.abort(),
      { testOrderingKey: true },
    );
    expect(await remaining()).toBe(0);
  }, 90_000);
});

describe('one handling per message', () => {
  it('two app servers listening at once handle each of 200 messages exactly once', async () => {
    const handledBy = new Map<number, string[]>();
    const handler = (server: string) => async (message: unknown) => {
      const n = (message as { n: number }).n;
      handledBy.set(n, [...(handledBy.get(n) ?? []), server]);
      await sleep(Math.random() * 4);
    };
    const a = new KyselyMessageQueue(one, log, { pollIntervalMs: 50, batchSize: 3 });
    const b = new KyselyMessageQueue(two, log, { pollIntervalMs: 50, batchSize: 5 });
    const stops = [listening(a, handler('a')), listening(a, handler('a2')), listening(b, handler('b'))];
    await a.enqueueMany(Array.from({ length: 100 }, (_, n) => ({ n })));
    for (let n = 100; n < 200; n++) await (n % 2 ? a : b).enqueue({ n });
    await until(() => (handledBy.size === 200 ? true : undefined), 30_000);
    await sleep(300); // anything handled twice would show by now
    for (const stop of stops) await stop();
    expect([...handledBy.values()].filter((servers) => servers.length !== 1)).toEqual([]);
    const counts = [...handledBy.values()].flat().reduce((c, s) => c.set(s, (c.get(s) ?? 0) + 1), new Map<string, number>());
    expect(counts.get('b') ?? 0).toBeGreaterThan(0);
    expect((counts.get('a') ?? 0) + (counts.get('a2') ?? 0)).toBeGreaterThan(0);
    expect(await remaining()).toBe(0);
  }, 60_000);

  it('handles the messages of one ordering key one at a time and in order, across servers', async () => {
    const order: number[] = [];
    let inFlight = 0;
    let most = 0;
    const handler = async (message: unknown) => {
      const { key, n } = message as { key: string | null; n: number };
      if (key !== 'k') return;
      most = Math.max(most, ++inFlight);
      await sleep(5);
      order.push(n);
      inFlight--;
    };
    const a = new KyselyMessageQueue(one, log, { pollIntervalMs: 20, batchSize: 4 });
    const b = new KyselyMessageQueue(two, log, { pollIntervalMs: 20, batchSize: 4 });
    const stops = [listening(a, handler), listening(b, handler), listening(b, handler)];
    for (let n = 0; n < 40; n++) {
      await (n % 2 ? a : b).enqueue({ key: 'k', n }, { orderingKey: 'k' });
      await a.enqueue({ key: null, n });
    }
    await until(() => (order.length === 40 ? true : undefined), 30_000);
    for (const stop of stops) await stop();
    expect(order).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect(most).toBe(1);
  }, 60_000);

  it('refuses a second claimed message of one ordering key, whatever a listener read', async () => {
    const q = new KyselyMessageQueue(one, log);
    await q.enqueueMany([{ n: 1 }, { n: 2 }], { orderingKey: 'k' });
    const [first, second] = await one.db.selectFrom('federation_messages').select('id').orderBy('id').execute();
    await one.db.updateTable('federation_messages').set({ claimed_by: 'x', claimed_until: '2999-01-01T00:00:00.000Z' }).where('id', '=', first!.id).execute();
    await expect(
      two.db.updateTable('federation_messages').set({ claimed_by: 'y', claimed_until: '2999-01-01T00:00:00.000Z' }).where('id', '=', second!.id).execute(),
    ).rejects.toSatisfy(isUniqueViolation);
  });
});

describe('delays, leases, failures', () => {
  it('does not handle a message enqueued with a 1 s delay before that second is over', async () => {
    const q = new KyselyMessageQueue(one, log, { pollIntervalMs: 25 });
    const handledAt: number[] = [];
    const enqueuedAt = Date.now();
    await q.enqueue('later', { delay: seconds(1) });
    await q.enqueue('now');
    expect(await q.getDepth()).toEqual({ queued: 2, ready: 1, delayed: 1 });
    const stop = listening(q, () => void handledAt.push(Date.now()));
    await until(() => (handledAt.length === 2 ? true : undefined), 5_000);
    await stop();
    expect(handledAt[0]! - enqueuedAt).toBeLessThan(900);
    expect(handledAt[1]! - enqueuedAt).toBeGreaterThanOrEqual(1000);
    expect(handledAt[1]! - enqueuedAt).toBeLessThan(2000);
  });

  it("takes over a message whose listener died, once that listener's lease has lapsed, and only then", async () => {
    const dead = reopen();
    const q = new KyselyMessageQueue(one, log, { pollIntervalMs: 25 });
    await q.enqueue({ n: 1 }, { orderingKey: 'k' });
    await q.enqueue({ n: 2 }, { orderingKey: 'k' });
    await q.enqueue({ n: 3 });
    const now = Date.now();
    const taken = await claimMessages(dead.db, 'dead-server', new Date(now).toISOString(), new Date(now + 800).toISOString(), 10);
    expect(
      taken
        .map((m) => JSON.parse(m.payload) as { n: number })
        .map((m) => m.n)
        .sort(),
    ).toEqual([1, 3]); // one of key k only
    await dead.destroy(); // the process is gone, its claims stay behind

    const handled: { n: number; at: number }[] = [];
    const stop = listening(new KyselyMessageQueue(two, log, { pollIntervalMs: 25 }), (m) => void handled.push({ n: (m as { n: number }).n, at: Date.now() - now }));
    await sleep(500);
    expect(handled).toEqual([]); // the lease holds, and n: 2 waits behind n: 1 of its key
    await until(() => (handled.length === 3 ? true : undefined), 5_000);
    await stop();
    expect(handled.map((h) => h.n).sort()).toEqual([1, 2, 3]);
    expect(handled.map((h) => h.n).indexOf(1)).toBeLessThan(handled.map((h) => h.n).indexOf(2));
    expect(Math.min(...handled.map((h) => h.at))).toBeGreaterThanOrEqual(800);
    expect(await remaining()).toBe(0);
  });

  it('logs a handler that throws or hangs, drops its message as Fedify expects, and goes on', async () => {
    const q = new KyselyMessageQueue(one, log, { pollIntervalMs: 25, handlerTimeoutMs: 200, leaseMs: 1000 });
    const seen: string[] = [];
    const stop = listening(q, async (m) => {
      seen.push(m as string);
      if (m === 'throws') throw new Error('boom');
      if (m === 'hangs') await new Promise(() => {});
    });
    await q.enqueue('throws', { orderingKey: 'k' });
    await q.enqueue('hangs', { orderingKey: 'k' });
    await q.enqueue('fine', { orderingKey: 'k' });
    await until(() => (seen.includes('fine') ? true : undefined), 5_000);
    await sleep(300);
    await stop();
    expect(seen).toEqual(['throws', 'hangs', 'fine']);
    expect(warnings.filter((w) => w.includes('handler failed'))).toHaveLength(2);
    expect(await remaining()).toBe(0);
    expect(() => new KyselyMessageQueue(one, log, { handlerTimeoutMs: 5000, leaseMs: 5000 })).toThrow(RangeError);
  });
});

describe('dropping', () => {
  it('deletes unhandled a message that `drop` answers true for when its turn comes, and hands on the rest', async () => {
    const asked: unknown[] = [];
    const q = new KyselyMessageQueue(one, log, { pollIntervalMs: 25, drop: async (m) => (asked.push(m), (m as { to?: string }).to === 'blocked') });
    const seen: unknown[] = [];
    const stop = listening(q, (m) => void seen.push(m));
    await q.enqueue({ to: 'blocked', n: 1 }, { orderingKey: 'k' });
    await q.enqueue({ to: 'fine', n: 2 }, { orderingKey: 'k' });
    await until(() => (seen.length === 1 ? true : undefined), 5_000);
    await until(async () => ((await remaining()) === 0 ? true : undefined), 5_000);
    await stop();
    expect(asked).toEqual([
      { to: 'blocked', n: 1 },
      { to: 'fine', n: 2 },
    ]);
    expect(seen).toEqual([{ to: 'fine', n: 2 }]);
    expect(warnings).toEqual([]);
  });
});

describe('listening', () => {
  it('stops when the signal aborts, without waiting for its poll, and handles nothing after', async () => {
    const q = new KyselyMessageQueue(one, log, { pollIntervalMs: 10_000 });
    const handled: unknown[] = [];
    const controller = new AbortController();
    let ended = false;
    const done = q.listen((m) => void handled.push(m), { signal: controller.signal }).then(() => (ended = true));
    const stopIt = async () => void controller.abort();
    running.add(stopIt);
    await q.enqueue('before');
    await until(() => (handled.length === 1 ? true : undefined), 5_000);
    const abortedAt = Date.now();
    controller.abort();
    await done;
    running.delete(stopIt);
    expect(Date.now() - abortedAt).toBeLessThan(1000);
    expect(ended).toBe(true);
    await q.enqueue('after');
    await sleep(300);
    expect(handled).toEqual(['before']);
    expect(await remaining()).toBe(1);
    // An already aborted signal: listen returns at once.
    await q.listen(() => void handled.push('never'), { signal: AbortSignal.abort() });
    expect(handled).toEqual(['before']);
  });

  it('wakes an idle listener at once on enqueue (PostgreSQL: on another app server, by NOTIFY)', async () => {
    const options: KyselyMessageQueueOptions = { pollIntervalMs: 20_000 };
    const listener = new KyselyMessageQueue(two, log, options);
    const sender = one.dialect === 'postgres' ? new KyselyMessageQueue(one, log, options) : listener;
    const handled: unknown[] = [];
    const stop = listening(listener, (m) => void handled.push(m));
    await sleep(one.dialect === 'postgres' ? 500 : 50); // LISTEN connected; the first poll found nothing
    const sentAt = Date.now();
    await sender.enqueue('wake up');
    await until(() => (handled.length === 1 ? true : undefined), 5_000);
    expect(Date.now() - sentAt).toBeLessThan(2000);
    await stop();
  });
});
