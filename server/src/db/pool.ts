import pg from 'pg';
import { Histogram, WAIT_BUCKETS } from '../lib/histogram.ts';

export interface PoolOptions {
  /** Connections at most (DATABASE_POOL_MAX). */
  max: number;
  /** Calls that may wait for a connection at once; one more is refused at once (DATABASE_POOL_QUEUE_MAX). */
  queueMax: number;
  /** How long a call may wait for a connection before it is refused (DATABASE_POOL_WAIT_MS). */
  waitMs: number;
  /** Longest any one statement may run; PostgreSQL cancels it after that (DATABASE_STATEMENT_TIMEOUT_MS, 0: never). */
  statementTimeoutMs: number;
}

export const defaultPoolOptions: PoolOptions = { max: 10, queueMax: 100, waitMs: 3000, statementTimeoutMs: 5000 };

/** The database cannot take more work now: answered 503 with Retry-After, never 500. */
export class DatabaseBusyError extends Error {
  override name = 'DatabaseBusyError';
}

/**
 * pg's pool queues every caller without bound and fails them after connectionTimeoutMillis; under a
 * burst that turns into seconds of waiting and then errors for all. This one refuses a caller at once
 * when `queueMax` are already waiting, and turns a wait that timed out into DatabaseBusyError. How
 * long each call waited for its connection goes into `waits` (/metrics).
 */
export class BoundedPool extends pg.Pool {
  readonly #queueMax: number;
  readonly waits = new Histogram(WAIT_BUCKETS);

  constructor(connectionString: string, options: PoolOptions) {
    super({
      connectionString,
      max: options.max,
      connectionTimeoutMillis: options.waitMs,
      ...(options.statementTimeoutMs > 0 ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    this.#queueMax = options.queueMax;
    // An idle client that errors (server restart) must not crash the process.
    this.on('error', () => {});
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    if (this.waitingCount >= this.#queueMax) return Promise.reject(new DatabaseBusyError('too many calls waiting for a database connection'));
    const asked = performance.now();
    const waited = () => this.waits.observe((performance.now() - asked) / 1000);
    return super.connect().then(
      (client) => {
        waited();
        return client;
      },
      (err: unknown) => {
        waited();
        if (err instanceof Error && /timeout exceeded when trying to connect/i.test(err.message)) throw new DatabaseBusyError(err.message);
        throw err;
      },
    );
  }
}
