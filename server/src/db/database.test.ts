import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { type Database, isOverload, preparedName } from './database.ts';
import { aUser } from '../test/factories.ts';
import { DatabaseBusyError, type PoolOptions } from './pool.ts';

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

describe.runIf(process.env.INKWELL_TEST_DB === 'postgres')('prepared reads on PostgreSQL', () => {
  /** A database of its own with these pool options, for one test. */
  async function withPool(pool: Partial<PoolOptions>, use: (database: Database) => Promise<void>) {
    const opened = await createTestDatabase(await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-db-')), { pool });
    try {
      await use(opened.database);
    } finally {
      await opened.database.destroy();
      await opened.drop();
    }
  }

  it('are named prepared statements, prepared once per connection (protocol level) and run again by name', () =>
    withPool({ max: 1 }, async (one) => {
      const text = 'SELECT id FROM categories WHERE id > ? ORDER BY id LIMIT 1';
      for (let i = 0; i < 3; i += 1) expect(await one.all(text, [0])).toHaveLength(1);
      const prepared = await one.all<{ name: string; from_sql: boolean; statement: string; runs: number }>(
        'SELECT name, from_sql, statement, generic_plans + custom_plans AS runs FROM pg_prepared_statements WHERE name = ?',
        [preparedName(text)],
      );
      expect(prepared).toEqual([{ name: preparedName(text), from_sql: false, statement: 'SELECT id FROM categories WHERE id > $1 ORDER BY id LIMIT 1', runs: 3 }]);
    }));

  it('take their connection from the bounded pool: one waits, the next is refused at once, a wait ends in DatabaseBusyError', () =>
    withPool({ max: 1, queueMax: 1, waitMs: 300 }, async (small) => {
      let release = () => {};
      const held = small.db.transaction().execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        await new Promise<void>((resolve) => (release = resolve));
      });
      await new Promise((r) => setTimeout(r, 50));
      const waiting = small.all('SELECT 1 AS one', []);
      await expect(small.all('SELECT 2 AS two', [])).rejects.toBeInstanceOf(DatabaseBusyError);
      await expect(waiting).rejects.toBeInstanceOf(DatabaseBusyError);
      release();
      await held;
      expect(await small.all('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
    }));

  it('are cancelled past the statement timeout, which counts as overload (503)', () =>
    withPool({ statementTimeoutMs: 100 }, async (quick) => {
      const err = await quick.all('SELECT pg_sleep(2)', []).catch((e: unknown) => e);
      expect((err as { code?: string }).code).toBe('57014');
      expect(isOverload(err)).toBe(true);
    }));
});
