import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type Database, openDatabase } from '../db/database.ts';
import type { PoolOptions } from '../db/pool.ts';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * A fresh database (migrated unless asked not to) for one test file: SQLite in the given folder, or, when
 * INKWELL_TEST_DB=postgres, a throwaway database on TEST_DATABASE_URL's server, dropped afterwards.
 * `reopen()` opens it once more with connections of its own, as another app process would.
 */
export async function createTestDatabase(
  dir: string,
  options: { migrate?: boolean; pool?: Partial<PoolOptions> } = {},
): Promise<{ database: Database; url?: string; reopen(): Database; drop(): Promise<void> }> {
  const migrate = options.migrate ?? true;
  if (process.env.INKWELL_TEST_DB !== 'postgres') {
    const open = () => openDatabase({ sqliteFile: path.join(dir, 'test.sqlite'), pool: options.pool });
    const database = open();
    if (migrate) await migrateToLatest(database.db);
    return { database, reopen: open, drop: async () => fs.rm(dir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('INKWELL_TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const name = `inkwell_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const open = () => openDatabase({ databaseUrl: url.toString(), pool: options.pool });
  if (migrate) {
    // On connections of their own, without the limits the test set for its pool: a statement_timeout
    // of 100 ms (overload.test.ts) would cancel the first migration on a busy machine.
    const migrating = openDatabase({ databaseUrl: url.toString() });
    try {
      await migrateToLatest(migrating.db);
    } finally {
      await migrating.destroy();
    }
  }
  const database = open();
  // Its pool opened as the app's is at its first query (a Kysely never used ignores destroy(), which
  // a test of readiness relies on to take the database away).
  await sql`SELECT 1`.execute(database.db);
  return {
    database,
    url: url.toString(),
    reopen: open,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
