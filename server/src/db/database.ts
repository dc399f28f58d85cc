import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { ImmediateSqliteDialect, preparedOnce } from './sqlite-dialect.ts';
import { BoundedPool, DatabaseBusyError, type PoolOptions, defaultPoolOptions } from './pool.ts';
import { Histogram, WAIT_BUCKETS } from '../lib/histogram.ts';
import type { DB } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /**
   * Runs hand-written reads (with `?` placeholders) on the hot path. On SQLite each distinct statement
   * is prepared once and reused (Kysely's driver prepares on every call) on a read-only connection of
   * its own, so, as on PostgreSQL's pool, it sees committed rows only, never those of a transaction
   * another request holds open; on PostgreSQL the placeholders become $1…$n and the read is a named
   * prepared statement (prepared once per pool connection, name from a hash of the text; unnamed,
   * parsed each time, with `preparedStatements: false`), so a text must not carry values: one text
   * per shape. Only repositories call it, and never for a read that must see its own transaction's writes.
   */
  all<T>(sqlText: string, params: readonly unknown[]): Promise<T[]>;
  /**
   * SQLite only (undefined on PostgreSQL): one row of a hand-written read, answered at once, without
   * a promise, on the read-only connection (prepared once). For checks made before every cache lookup.
   */
  readNow?<T>(sqlText: string, params: readonly unknown[]): T | undefined;
  /** PostgreSQL: where to open a connection of one's own (to LISTEN: straight to the server, not through PgBouncer); undefined on SQLite. */
  connectionString?: string;
  /** true when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** Runs a trivial query through the pool: resolves, or rejects with the database's (or a pooler's) own error. */
  check(): Promise<void>;
  /** PostgreSQL: the pool's connections (open, idle) and the calls waiting for one; null on SQLite. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /** How long calls waited for a connection: PostgreSQL's pool, or SQLite's one connection (its queries and transactions take turns). */
  connectionWaits: Histogram;
  destroy(): Promise<void>;
}

// COUNT(*) and BIGINT come back from pg as strings; every count here fits a JS number.
pg.types.setTypeParser(20, (value: string) => Number(value));

export function openDatabase(options: {
  databaseUrl?: string;
  /** PostgreSQL: where LISTEN connects, when the pool goes through PgBouncer in transaction mode (default: databaseUrl). */
  listenUrl?: string;
  sqliteFile?: string;
  pool?: Partial<PoolOptions>;
  /**
   * PostgreSQL: `all`'s reads as named prepared statements (the default), or false for unnamed ones,
   * parsed each time: for a pooler in transaction mode that does not carry prepared statements from
   * one server connection to the next (PgBouncer before 1.21, or with max_prepared_statements = 0).
   */
  preparedStatements?: boolean;
}): Database {
  let db: Kysely<DB>;
  let dialect: DialectName;
  let all: Database['all'];
  let closeReader = () => {};
  let readNow: Database['readNow'];
  let poolStats: Database['poolStats'] = () => null;
  let connectionWaits: Histogram;
  if (options.databaseUrl) {
    dialect = 'postgres';
    const pool = new BoundedPool(options.databaseUrl, { ...defaultPoolOptions, ...options.pool });
    connectionWaits = pool.waits;
    poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    // Each hand-written read is a named prepared statement ({ name, text, values }): parsed and planned
    // once per connection, then only bound and run. The name is a hash of the text, so it is stable
    // across processes and connections and one name never meets two texts. Protocol-level (Parse /
    // Bind), so it works behind PgBouncer 1.21+ in transaction mode with max_prepared_statements set.
    // Without them (preparedStatements: false) the same text goes unnamed: Parse, Bind, Execute each time.
    const keepPrepared = options.preparedStatements ?? true;
    const named = new Map<string, { name: string; text: string }>();
    all = async <T>(sqlText: string, params: readonly unknown[]) => {
      let statement = named.get(sqlText);
      if (statement === undefined) {
        let n = 0;
        statement = { name: preparedName(sqlText), text: sqlText.replace(/\?/g, () => `$${++n}`) };
        named.set(sqlText, statement);
      }
      // A client from the bounded pool: its limit, wait and 503 (DatabaseBusyError) apply as to Kysely's reads.
      const client = await pool.connect();
      try {
        const query = { ...(keepPrepared ? { name: statement.name } : {}), text: statement.text, values: [...params] };
        const result = await client.query<T & pg.QueryResultRow>(query);
        return result.rows;
      } finally {
        client.release();
      }
    };
  } else {
    dialect = 'sqlite';
    const file = options.sqliteFile ?? ':memory:';
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    // How long a call waits for another connection's write lock before SQLITE_BUSY (answered 503).
    const busyTimeout = options.pool?.waitMs ?? defaultPoolOptions.waitMs;
    sqlite.pragma(`busy_timeout = ${busyTimeout}`);
    sqlite.pragma('synchronous = NORMAL');
    // A second connection for the prepared reads: in WAL mode it reads the last committed state while
    // the first one is inside a transaction (an in-memory database has no second connection).
    const reader = file === ':memory:' ? sqlite : new SQLite(file);
    if (reader !== sqlite) {
      reader.pragma(`busy_timeout = ${busyTimeout}`);
      reader.pragma('query_only = ON');
      closeReader = () => reader.close();
    }
    connectionWaits = new Histogram(WAIT_BUCKETS);
    db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: preparedOnce(sqlite) }, connectionWaits) });
    const statements = new Map<string, SQLite.Statement>();
    const prepared = (sqlText: string) => {
      let statement = statements.get(sqlText);
      if (statement === undefined) {
        statement = reader.prepare(sqlText);
        statements.set(sqlText, statement);
      }
      return statement;
    };
    all = async <T>(sqlText: string, params: readonly unknown[]) => prepared(sqlText).all(...params) as T[];
    readNow = <T>(sqlText: string, params: readonly unknown[]) => prepared(sqlText).get(...params) as T | undefined;
  }
  let destroyed: Promise<void> | undefined;
  return {
    db,
    dialect,
    all,
    readNow,
    connectionString: options.databaseUrl ? (options.listenUrl ?? options.databaseUrl) : undefined,
    async check() {
      await sql`select 1`.execute(db);
    },
    async ping() {
      try {
        await this.check();
        return true;
      } catch {
        return false;
      }
    },
    poolStats,
    connectionWaits,
    destroy: () => (destroyed ??= db.destroy().finally(closeReader)),
  };
}

/** The name of a hand-written read's prepared statement on PostgreSQL (Database.all): `r_` and 16 hex digits of its text's SHA-1. */
export function preparedName(text: string): string {
  return `r_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
}

/** true when err is a violation of a unique constraint, on either database. */
/** Whether a handle (or a transaction of one) talks to PostgreSQL: where a query needs a lock clause SQLite has not. */
export function isPostgres(db: { getExecutor(): { adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * true when err says the database could not take the work now rather than that the work was wrong:
 * no connection free in time or too many waiting (DatabaseBusyError), a statement cancelled by
 * statement_timeout (57014), too many connections (53300), a server starting or stopping (57P03,
 * 57P01), a transaction chosen as a deadlock's or a serialization conflict's victim (40P01, 40001:
 * rolled back whole, worth trying again), or SQLite busy or locked past its busy_timeout. Answered 503
 * with Retry-After.
 */
export function isOverload(err: unknown): boolean {
  if (err instanceof DatabaseBusyError) return true;
  const code = (err as { code?: string } | null)?.code;
  return (
    code === '57014' ||
    code === '53300' ||
    code === '57P03' ||
    code === '57P01' ||
    code === '40P01' ||
    code === '40001' ||
    code === 'SQLITE_BUSY' ||
    code === 'SQLITE_BUSY_SNAPSHOT' ||
    code === 'SQLITE_BUSY_TIMEOUT' ||
    code === 'SQLITE_LOCKED'
  );
}

/** true when err is a violation of a foreign key, on either database. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

export function nowIso(): string {
  return new Date().toISOString();
}
