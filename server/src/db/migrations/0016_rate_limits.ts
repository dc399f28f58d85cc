import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * rate_limits: the per-address call counters of the rate-limited routes, kept in the database (when no
 * Redis is configured) so that every app server sharing it counts the same calls. One row per route
 * and client address: the calls counted in the current window and when that window ends (a window's
 * end rather than its start, so that one indexed range finds the ended counters of every route, whatever
 * their window's length). On PostgreSQL the table is UNLOGGED: a counter is written on every limited
 * call and needs no durability (no WAL, no flush per call; after a crash the counts start again from
 * nothing, which windows of minutes can afford). Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  // route: 'POST /api/user/search'; address: the client address as the limiter keys it.
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('rate_limits')
    .$call((table) => (postgres ? table.modifyFront(sql`unlogged`) : table))
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limits_pk', ['route', 'address'])
    .execute();
  await db.schema.createIndex('rate_limits_expires_idx').on('rate_limits').column('expires_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
