import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { type Database, openDatabase, preparedName } from './database.ts';

/**
 * DATABASE_PREPARED_STATEMENTS (openDatabase's preparedStatements): on, each hand-written read is a
 * named statement left prepared on its connection; off, nothing is left there (for a pooler that does
 * not carry prepared statements between server connections). One connection per pool, so
 * pg_prepared_statements (per connection) shows what the reads left. PostgreSQL only.
 */
const READ = 'SELECT COUNT(*) AS n FROM users WHERE id > ?';
let url: string;
let drop: () => Promise<void>;
let first: Database;

beforeAll(async () => {
  if (process.env.INKWELL_TEST_DB !== 'postgres') return;
  const created = await createTestDatabase(await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-unnamed-')));
  ({ drop } = created);
  first = created.database;
  url = created.url!;
});
afterAll(async () => {
  await first?.destroy();
  await drop?.();
});

const leftPrepared = async (database: Database) => (await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(database.db)).rows.map((row) => row.name);

describe.skipIf(process.env.INKWELL_TEST_DB !== 'postgres')('prepared statements of database.all (PostgreSQL)', () => {
  it.each([
    { preparedStatements: true, left: [preparedName(READ)] },
    { preparedStatements: false, left: [] },
  ])('preparedStatements: $preparedStatements leaves $left on the connection', async ({ preparedStatements, left }) => {
    const database = openDatabase({ databaseUrl: url, pool: { max: 1 }, preparedStatements });
    try {
      for (let i = 0; i < 3; i += 1) expect(await database.all<{ n: number }>(READ, [i])).toEqual([{ n: 0 }]);
      expect(await leftPrepared(database)).toEqual(left);
    } finally {
      await database.destroy();
    }
  });
});
