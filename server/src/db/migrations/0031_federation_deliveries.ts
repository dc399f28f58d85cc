import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Stories owed to the fediverse (ADR 0069). Frozen, portable.
 * - federation_deliveries: one row per change that a writer's fediverse followers are owed, written in
 *   the transaction that made the change, so that a story is never published without it nor sent
 *   without being published: of a story (`post_id`; `kind` 'create', 'update' or 'delete'), or of the
 *   writer's account itself ('delete-actor', post_id null: the account was deleted, and with it the
 *   list of its followers, so `recipients` keeps their addresses as JSON). A process claims a row
 *   (`claimed_until`, a lease), hands the activity to Fedify's queue and deletes the row. No foreign
 *   keys: a deleted story's or account's Delete outlives its rows.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('federation_deliveries')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('post_id', 'integer')
    .addColumn('writer_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipients', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('federation_deliveries').execute();
}
