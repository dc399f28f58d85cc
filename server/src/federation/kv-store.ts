import { isDeepStrictEqual } from 'node:util';
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { kvDelete, kvGet, kvListPage, kvSet, kvSwap, kvSweep } from './federation-store.repository.ts';

/** How often (at most) a store deletes the entries that expired, when it writes. */
const SWEEP_EVERY_MS = 60_000;
/** Entries read per query while listing. */
const LIST_PAGE = 500;

/** A Temporal.Duration as milliseconds (Fedify passes the polyfill's; days count 24 hours). */
export function durationMs(duration: Temporal.Duration): number {
  return Math.max(0, duration.total('millisecond'));
}

/** A value as it is stored, and as it reads back: JSON (undefined when it has no JSON form). */
const encode = (value: unknown): string | undefined => JSON.stringify(value);

/**
 * Fedify's key–value store (remote documents and keys it caches, marks it keeps) on our database, the
 * same on SQLite and PostgreSQL (table federation_kv, ADR 0066). A key is an array of strings stored
 * as its JSON, so keys never collide and a prefix matches whole elements; a value is stored as JSON,
 * so it reads back as JSON.parse(JSON.stringify(value)). A missing or expired key reads as undefined;
 * setting undefined deletes. Expired rows are deleted by later writes, at most once a minute.
 */
export class KyselyKvStore implements KvStore {
  readonly #db: Kysely<DB>;
  readonly #now: () => number;
  #sweptAt = 0;

  /** `now` is the clock (tests move it). */
  constructor(db: Kysely<DB>, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const value = await kvGet(this.#db, JSON.stringify(key), this.#iso());
    return value === undefined ? undefined : (JSON.parse(value) as T);
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const encoded = encode(value);
    if (encoded === undefined) return this.delete(key);
    await kvSet(this.#db, JSON.stringify(key), encoded, this.#expiry(options));
    await this.#sweep();
  }

  async delete(key: KvKey): Promise<void> {
    await kvDelete(this.#db, JSON.stringify(key));
  }

  /**
   * Writes `newValue` (undefined: deletes) only while the key's value equals `expectedValue`
   * (undefined: the key is absent or expired), compared as JSON values (key order aside), atomically
   * on both databases. true when it wrote.
   */
  async cas(key: KvKey, expectedValue: unknown, newValue: unknown, options?: KvStoreSetOptions): Promise<boolean> {
    const expectedJson = encode(expectedValue);
    const expected = expectedJson === undefined ? undefined : (JSON.parse(expectedJson) as unknown);
    const matches = (current: string | undefined) => isDeepStrictEqual(current === undefined ? undefined : (JSON.parse(current) as unknown), expected);
    const encoded = encode(newValue);
    const next = encoded === undefined ? undefined : { value: encoded, expiresAt: this.#expiry(options) };
    const swapped = await kvSwap(this.#db, JSON.stringify(key), this.#iso(), matches, next);
    if (swapped) await this.#sweep();
    return swapped;
  }

  /** The live entries whose key begins with all of `prefix`'s elements (every entry without one), paged in the order of the stored key text. */
  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const exact = prefix && prefix.length > 0 ? JSON.stringify(prefix) : undefined;
    const match = exact === undefined ? undefined : { exact, startsWith: `${exact.slice(0, -1)},` };
    let after: string | undefined;
    for (;;) {
      const rows = await kvListPage(this.#db, this.#iso(), LIST_PAGE, match, after);
      for (const row of rows) yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) as unknown };
      if (rows.length < LIST_PAGE) return;
      after = rows[rows.length - 1]!.key;
    }
  }

  #iso(): string {
    return new Date(this.#now()).toISOString();
  }

  #expiry(options?: KvStoreSetOptions): string | null {
    return options?.ttl === undefined ? null : new Date(this.#now() + durationMs(options.ttl)).toISOString();
  }

  async #sweep(): Promise<void> {
    const now = this.#now();
    if (now - this.#sweptAt < SWEEP_EVERY_MS) return;
    this.#sweptAt = now;
    await kvSweep(this.#db, new Date(now).toISOString());
  }
}
