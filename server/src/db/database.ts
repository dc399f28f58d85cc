import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /** true when the database answers a trivial query. */
  ping(): Promise<boolean>;
  destroy(): Promise<void>;
}

// COUNT(*) and BIGINT come back from pg as strings; every count here fits a JS number.
pg.types.setTypeParser(20, (value: string) => Number(value));

export function openDatabase(options: { databaseUrl?: string; sqliteFile?: string }): Database {
  let db: Kysely<DB>;
  let dialect: DialectName;
  if (options.databaseUrl) {
    dialect = 'postgres';
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => {});
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  } else {
    dialect = 'sqlite';
    const file = options.sqliteFile ?? ':memory:';
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  }
  let destroyed: Promise<void> | undefined;
  return {
    db,
    dialect,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    destroy: () => (destroyed ??= db.destroy()),
  };
}

/** true when err is a violation of a unique constraint, on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function nowIso(): string {
  return new Date().toISOString();
}
