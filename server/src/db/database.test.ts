import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import type { Database } from './database';
import { aUser } from '../test/factories';

let database: Database;
let drop: () => Promise<void>;
beforeEach(async () => {
  ({ database, drop } = await createTestDatabase(await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-db-'))));
});
afterEach(async () => {
  await database.destroy();
  await drop();
});

const countUsers = async () => (await database.all<{ n: number }>('SELECT COUNT(*) AS n FROM users', []))[0]!.n;

describe('prepared reads (database.all)', () => {
  it('see committed rows only, never those of a transaction still open', async () => {
    expect(await countUsers()).toBe(0);
    let seenInside = -1;
    await database.db.transaction().execute(async (trx) => {
      await aUser(trx);
      seenInside = await countUsers();
    });
    expect(seenInside).toBe(0);
    expect(await countUsers()).toBe(1);
  });

  it('see nothing of a transaction that rolls back', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await aUser(trx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await countUsers()).toBe(0);
  });

  it('cannot write', async () => {
    if (database.dialect !== 'sqlite') return;
    await expect(database.all("INSERT INTO categories (name) VALUES ('x') RETURNING id", [])).rejects.toThrow(/readonly|query_only|attempt to write/i);
  });
});
