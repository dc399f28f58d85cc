import { CompiledQuery, type DatabaseConnection, type Driver, SqliteDialect, type SqliteDialectConfig, SqliteDriver } from 'kysely';

/**
 * Kysely's SQLite driver opens a transaction with a plain BEGIN, which takes the write lock only at
 * the first write. With several app processes on one SQLite file (WORKERS > 1), a transaction that
 * reads first and writes afterwards then fails at once with SQLITE_BUSY_SNAPSHOT whenever another
 * process committed in between (busy_timeout does not apply to a stale snapshot): a 503 for an
 * ordinary comment or like under two writers. BEGIN IMMEDIATE takes the write lock at the start,
 * waiting up to busy_timeout for it, so every transaction sees the latest state and can write.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
