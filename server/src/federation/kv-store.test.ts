import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { KvKey } from '@fedify/fedify';
import { Temporal as Polyfill } from '@js-temporal/polyfill';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { migrationProvider } from '../db/migrate.ts';
import { createTestDatabase } from '../test/database.ts';
import { KyselyKvStore } from './kv-store.ts';

/**
 * Fedify's key–value store on our database (ADR 0066), on SQLite or PostgreSQL as INKWELL_TEST_DB
 * says: what Fedify's own stores promise (missing and expired keys read undefined, ttl, cas, list by
 * prefix), and cas atomic across two app processes.
 */
let one: Database;
let two: Database;
let drop: () => Promise<void>;
/** How a worker thread opens the same database. */
let openAgain: { databaseUrl: string } | { sqliteFile: string };
/** A Duration as Fedify makes them on Node (the polyfill's; the types name the coming built-in one). */
const duration = (like: Temporal.DurationLike) => Polyfill.Duration.from(like) as unknown as Temporal.Duration;
const minutes = (n: number) => duration({ minutes: n });

beforeAll(async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-kv-'));
  const created = await createTestDatabase(dir);
  openAgain = created.url ? { databaseUrl: created.url } : { sqliteFile: path.join(dir, 'test.sqlite') };
  one = created.database;
  two = created.reopen();
  drop = created.drop;
});
afterAll(async () => {
  await two?.destroy();
  await one?.destroy();
  await drop?.();
});
beforeEach(async () => {
  await one.db.deleteFrom('federation_kv').execute();
});

async function all(iterable: AsyncIterable<{ key: KvKey; value: unknown }>) {
  const out: { key: KvKey; value: unknown }[] = [];
  for await (const entry of iterable) out.push(entry);
  return out;
}

/**
 * Runs `task` in a worker thread with a database handle of its own, as another app process would
 * (on SQLite a second handle in this thread would block it while waiting for the write lock).
 * Resolves to the number it reports: conflicts met (increment) or swaps won (create).
 */
function inThread(task: 'increment' | 'create', name: string): Promise<number> {
  const code = `
    const { parentPort, workerData: w } = require('node:worker_threads');
    (async () => {
      const { openDatabase } = await import(w.modules.database);
      const { KyselyKvStore } = await import(w.modules.kv);
      const database = openDatabase(w.open);
      const kv = new KyselyKvStore(database.db);
      try {
        if (w.task === 'increment') {
          let conflicts = 0;
          await Promise.all(Array.from({ length: 20 }, async () => {
            for (;;) {
              const current = (await kv.get(['counter'])) ?? 0;
              await new Promise((r) => setTimeout(r, Math.random() * 3));
              if (await kv.cas(['counter'], current, current + 1)) return;
              conflicts++;
            }
          }));
          parentPort.postMessage(conflicts);
        } else {
          const wins = await Promise.all(Array.from({ length: 8 }, (_, i) => kv.cas(['created'], undefined, w.name + '-' + i)));
          parentPort.postMessage(wins.filter(Boolean).length);
        }
      } finally {
        await database.destroy();
      }
    })();
  `;
  const modules = { database: new URL('../db/database.ts', import.meta.url).href, kv: new URL('./kv-store.ts', import.meta.url).href };
  const worker = new Worker(code, { eval: true, workerData: { task, name, modules, open: openAgain } });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`worker ended (${code}) without an answer`)));
  });
}

describe('get, set, delete', () => {
  it('reads a missing key as undefined, and each value as it was set (as JSON)', async () => {
    const kv = new KyselyKvStore(one.db);
    expect(await kv.get(['nothing', 'here'])).toBe(undefined);
    const values: [KvKey, unknown][] = [
      [['string'], 'text'],
      [['empty'], ''],
      [['zero'], 0],
      [['false'], false],
      [['null'], null],
      [['array'], [1, 'two', { three: 3 }]],
      [['object', 'nested'], { a: { b: [true, null] }, 'ü ✓': '😀' }],
    ];
    for (const [key, value] of values) await kv.set(key, value);
    for (const [key, value] of values) expect(await kv.get(key)).toStrictEqual(value);
    expect(await new KyselyKvStore(two.db).get(['object', 'nested'])).toStrictEqual({ a: { b: [true, null] }, 'ü ✓': '😀' });
    await kv.set(['string'], 'changed');
    expect(await kv.get(['string'])).toBe('changed');
    await kv.delete(['string']);
    expect(await kv.get(['string'])).toBe(undefined);
    await kv.delete(['never', 'there']); // no error
    await kv.set(['null'], undefined); // setting undefined deletes
    expect(await kv.get(['null'])).toBe(undefined);
  });

  it('keeps keys apart that a joined string would confuse', async () => {
    const kv = new KyselyKvStore(one.db);
    const keys: KvKey[] = [['a', 'b'], ['a,b'], ['a', 'b', ''], ['a"', 'b'], ['a', '"b'], ['A', 'b'], ['a\\', 'b']];
    for (const [i, key] of keys.entries()) await kv.set(key, i);
    for (const [i, key] of keys.entries()) expect(await kv.get(key)).toBe(i);
  });
});

describe('ttl', () => {
  it('reads a key as undefined once its ttl has passed, and sweeps it from the table later', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const kv = new KyselyKvStore(one.db, { now: () => now });
    await kv.set(['short'], 'soon gone', { ttl: minutes(10) });
    await kv.set(['long'], 'stays', { ttl: duration({ hours: 2 }) });
    await kv.set(['forever'], 'kept');
    now += 9 * 60_000;
    expect(await kv.get(['short'])).toBe('soon gone');
    now += 2 * 60_000;
    expect(await kv.get(['short'])).toBe(undefined);
    expect(await kv.get(['long'])).toBe('stays');
    expect((await all(kv.list())).map((e) => e.key)).toEqual([['forever'], ['long']]);
    // Set again without ttl: kept for good.
    await kv.set(['long'], 'renewed');
    now += 3 * 3_600_000;
    expect(await kv.get(['long'])).toBe('renewed');
    // A later write swept the expired row out of the table.
    const rows = await one.db.selectFrom('federation_kv').select('key').orderBy('key').execute();
    expect(rows.map((r) => r.key)).toEqual(['["forever"]', '["long"]']);
  });

  it('honours a ttl on the real clock', async () => {
    const kv = new KyselyKvStore(one.db);
    await kv.set(['brief'], 1, { ttl: duration({ milliseconds: 300 }) });
    expect(await kv.get(['brief'])).toBe(1);
    await new Promise((r) => setTimeout(r, 400));
    expect(await kv.get(['brief'])).toBe(undefined);
  });
});

describe('cas', () => {
  it('swaps only from the expected value; undefined stands for absent, and writing undefined deletes', async () => {
    const kv = new KyselyKvStore(one.db);
    await kv.set(['foo', 'bar'], 'foobar');
    expect(await kv.cas(['foo', 'bar'], 'bar', 'baz')).toBe(false);
    expect(await kv.get(['foo', 'bar'])).toBe('foobar');
    expect(await kv.cas(['foo', 'bar'], 'foobar', 'baz')).toBe(true);
    expect(await kv.get(['foo', 'bar'])).toBe('baz');
    expect(await kv.cas(['foo', 'bar'], undefined, 'other')).toBe(false);
    expect(await kv.cas(['foo', 'bar'], 'baz', undefined)).toBe(true);
    expect(await kv.get(['foo', 'bar'])).toBe(undefined);
    expect(await kv.cas(['foo', 'bar'], 'baz', 'again')).toBe(false);
    expect(await kv.cas(['foo', 'bar'], undefined, 'new')).toBe(true);
    expect(await kv.get(['foo', 'bar'])).toBe('new');
    // Values compared as JSON, whatever their keys' order.
    await kv.set(['object'], { a: 1, b: [2, { c: 3 }] });
    expect(await kv.cas(['object'], { b: [2, { c: 3 }], a: 1 }, { a: 2 })).toBe(true);
    expect(await kv.cas(['object'], { a: 1 }, { a: 3 })).toBe(false);
    expect(await kv.get(['object'])).toStrictEqual({ a: 2 });
    await kv.set(['null'], null);
    expect(await kv.cas(['null'], undefined, 1)).toBe(false);
    expect(await kv.cas(['null'], null, 1)).toBe(true);
  });

  it('takes an expired key as absent, and sets the new ttl', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const kv = new KyselyKvStore(one.db, { now: () => now });
    await kv.set(['lock'], 'old holder', { ttl: minutes(1) });
    now += 2 * 60_000;
    expect(await kv.cas(['lock'], 'old holder', 'thief')).toBe(false);
    expect(await kv.cas(['lock'], undefined, 'new holder', { ttl: minutes(5) })).toBe(true);
    now += 4 * 60_000;
    expect(await kv.get(['lock'])).toBe('new holder');
    now += 2 * 60_000;
    expect(await kv.get(['lock'])).toBe(undefined);
  });

  it('is atomic across app processes: 40 increments racing from two threads all count', async () => {
    await new KyselyKvStore(one.db).set(['counter'], 0);
    const conflicts = await Promise.all([inThread('increment', 'a'), inThread('increment', 'b')]);
    expect(await new KyselyKvStore(one.db).get(['counter'])).toBe(40);
    expect(conflicts[0]! + conflicts[1]!).toBeGreaterThan(0); // they did race
  });

  it('lets exactly one of many creators in two threads win an absent key', async () => {
    const wins = await Promise.all([inThread('create', 'a'), inThread('create', 'b')]);
    expect(wins[0]! + wins[1]!).toBe(1);
    expect(await new KyselyKvStore(one.db).get(['created'])).toMatch(/^[ab]-\d$/);
  });
});

describe('list', () => {
  it('lists by whole elements of the prefix, exactly and case-sensitively', async () => {
    const kv = new KyselyKvStore(one.db);
    const keys: KvKey[] = [['a'], ['a', 'b'], ['a', 'b', 'c'], ['a', 'bc'], ['a', 'b"'], ['A', 'b'], ['a,b'], ['ab'], ['%'], ['_', 'x'], ['ax']];
    for (const key of keys) await kv.set(key, key.join('/'));
    // In the order of the stored text, which is the database's collation: compared as sets.
    const listed = async (prefix?: KvKey) => (await all(kv.list(prefix))).map((e) => JSON.stringify(e.key)).sort();
    const sorted = (expected: KvKey[]) => expected.map((k) => JSON.stringify(k)).sort();
    expect(await listed(['a', 'b'])).toEqual(
      sorted([
        ['a', 'b'],
        ['a', 'b', 'c'],
      ]),
    );
    expect(await listed(['a'])).toEqual(sorted([['a'], ['a', 'b'], ['a', 'b', 'c'], ['a', 'bc'], ['a', 'b"']]));
    expect(await listed(['_'])).toEqual(sorted([['_', 'x']]));
    expect(await listed(['%'])).toEqual(sorted([['%']]));
    expect(await listed(['a', 'b', 'c', 'd'])).toEqual([]);
    expect(await listed()).toEqual(sorted(keys));
    expect(await all(kv.list(['a', 'b', 'c']))).toEqual([{ key: ['a', 'b', 'c'], value: 'a/b/c' }]);
  });

  it('pages through many entries, each once', async () => {
    const kv = new KyselyKvStore(one.db);
    const n = 1203;
    await one.db
      .insertInto('federation_kv')
      .values(Array.from({ length: n }, (_, i) => ({ key: JSON.stringify(['doc', `https://example.com/${i}`]), value: String(i), expires_at: null })))
      .execute();
    await kv.set(['other'], 1);
    const entries = await all(kv.list(['doc']));
    expect(entries).toHaveLength(n);
    expect(new Set(entries.map((e) => e.value)).size).toBe(n);
  });
});

describe('migration 0028', () => {
  it('makes both tables and takes them away again', async () => {
    const created = await createTestDatabase(await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-kv-migrate-')), { migrate: false });
    const { db } = created.database;
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0027_newsletter_sends')).error).toBeUndefined();
      const tables = async () =>
        (await db.introspection.getTables())
          .map((t) => t.name)
          .filter((n) => n.startsWith('federation_'))
          .sort();
      expect(await tables()).toEqual([]);
      expect((await migrator.migrateTo('0028_federation_store')).error).toBeUndefined();
      expect(await tables()).toEqual(['federation_kv', 'federation_messages']);
      await new KyselyKvStore(db).set(['x'], 1);
      expect((await sql<{ n: number }>`select count(*) as n from federation_kv`.execute(db)).rows[0]?.n).toBe(1);
      expect((await migrator.migrateDown()).error).toBeUndefined();
      expect(await tables()).toEqual([]);
    } finally {
      await created.database.destroy();
      await created.drop();
    }
  });
});
