import type SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver, SqliteDialect, type SqliteDatabase, type SqliteDialectConfig, SqliteDriver } from 'kysely';
import type { Histogram } from '../lib/histogram.ts';

/**
 * Kysely's SQLite driver opens a transaction with a plain BEGIN, which takes the write lock only at
 * the first write. With several app processes on one SQLite file (WORKERS > 1), a transaction that
 * reads first and writes afterwards then fails at once with SQLITE_BUSY_SNAPSHOT whenever another
 * process committed in between (busy_timeout does not apply to a stale snapshot): a 503 for an
 * ordinary comment or like under two writers. BEGIN IMMEDIATE takes the write lock at the start,
 * waiting up to busy_timeout for it, so every transaction sees the latest state and can write.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #waits: Histogram;

  constructor(config: SqliteDialectConfig, waits: Histogram) {
    super(config);
    this.#waits = waits;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /** Kysely's one SQLite connection is taken by one query or transaction at a time: how long each waited for it goes into `waits`. */
  override async acquireConnection(): Promise<DatabaseConnection> {
    const asked = performance.now();
    const connection = await super.acquireConnection();
    this.#waits.observe((performance.now() - asked) / 1000);
    return connection;
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #waits: Histogram;

  constructor(config: SqliteDialectConfig, waits: Histogram) {
    super(config);
    this.#config = config;
    this.#waits = waits;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.#waits);
  }
}

/** How many distinct statements of Kysely's one connection stay prepared (the app writes a few hundred shapes). */
export const PREPARED_STATEMENTS = 1000;

/**
 * The connection as Kysely's driver sees it, each distinct statement prepared once and reused: the
 * driver prepares on every query (50–60 µs for a join on this data, more than many a read itself takes),
 * and a rendered page runs a dozen such reads. A statement still being iterated (a stream) is not
 * shared: that query gets one of its own. Past `max`, the statement used least recently goes.
 */
export function preparedOnce(database: SQLite.Database, max = PREPARED_STATEMENTS): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sqlText: string) {
      const kept = statements.get(sqlText);
      if (kept && !kept.busy) {
        // Most recently used last: the Map's first key is the one to let go.
        statements.delete(sqlText);
        statements.set(sqlText, kept);
        return kept;
      }
      const statement = database.prepare(sqlText);
      if (!kept) {
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
        statements.set(sqlText, statement);
      }
      return statement;
    },
    close: () => database.close(),
  };
}
