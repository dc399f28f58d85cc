import type { Kysely } from 'kysely';

/**
 * What several app processes share through the database:
 * - write_epoch: one row whose number every state-changing call raises after it commits. On SQLite,
 *   where the processes of one machine share the file, each process compares it before answering from
 *   its caches, so a write in any process drops every process's cached pages. (PostgreSQL has the row
 *   too and uses NOTIFY instead.)
 * - leases: periodic work that must run on one server at a time (the storage sweep) takes a named
 *   lease until a time; another server takes it only once it has expired. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('write_epoch')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('write_epoch').values({ id: 1, n: 0 }).execute();
  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('leases').execute();
  await db.schema.dropTable('write_epoch').execute();
}
