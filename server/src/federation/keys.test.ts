import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { exportJwk } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestDatabase } from '../test/database.ts';
import { ActorKeys } from './keys.ts';

/** Our actors' keys in memory (ADR 0067), on SQLite or PostgreSQL as INKWELL_TEST_DB says: a bounded number, the same keys when read again. */
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const created = await createTestDatabase(await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-keys-')));
  database = created.database;
  drop = created.drop;
});
afterAll(async () => {
  await database?.destroy();
  await drop?.();
});

const publicJwk = async (pairs: CryptoKeyPair[]) => Promise.all(pairs.map((pair) => exportJwk(pair.publicKey)));

describe('ActorKeys', () => {
  it('keeps the keys of the most recently used actors only, and reads the same keys back for the others', async () => {
    const keys = new ActorKeys(database.db, 2);
    const first = await publicJwk(await keys.pairs('1'));
    await keys.pairs('2');
    await keys.pairs('1'); // used again: '2' is now the oldest
    await keys.pairs('3');
    expect(keys.size).toBe(2);
    // Another process (or this one after forgetting) reads the very keys that were made.
    expect(await publicJwk(await new ActorKeys(database.db).pairs('1'))).toEqual(first);
    await keys.pairs('2');
    expect(keys.size).toBe(2);
    expect(first).toHaveLength(2);
  });
});
