import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * What Fedify (ActivityPub federation) keeps, in our database rather than in tables of its own
 * drivers (ADR 0066). Frozen, portable.
 * - federation_kv: Fedify's key–value store (cached remote documents and keys, idempotence marks):
 *   key is the KvKey as JSON text, value is JSON text, expires_at (ISO time, null: never) makes a row
 *   read as absent once past; expired rows are swept by expires_at.
 * - federation_messages: Fedify's message queue (activities to deliver, received ones to handle): a
 *   row per message, due at deliver_at; a listener claims it (claimed_by, until claimed_until: its
 *   lease, after which another takes it) and deletes it once handled; id is the order of enqueueing.
 *   Index (deliver_at, id): the due ones; (ordering_key, id): a key's oldest. At most one row of an
 *   ordering_key is claimed at a time (a partial unique index), so two listeners never handle two
 *   messages of one key at once, whatever each of them read.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('federation_kv')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema.createIndex('federation_kv_expires_idx').on('federation_kv').column('expires_at').where(sql.ref('expires_at'), 'is not', null).execute();
  await db.schema
    .createTable('federation_messages')
    // bigserial: every message ever sent takes an id (SQLite's integer is 64-bit already).
    .$call((t) => (postgres ? t.addColumn('id', 'bigserial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('deliver_at', 'text', (c) => c.notNull())
    .addColumn('ordering_key', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('federation_messages_due_idx').on('federation_messages').columns(['deliver_at', 'id']).execute();
  await db.schema
    .createIndex('federation_messages_ordering_idx')
    .on('federation_messages')
    .columns(['ordering_key', 'id'])
    .where(sql.ref('ordering_key'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('federation_messages_one_claimed_per_key')
    .on('federation_messages')
    .column('ordering_key')
    .unique()
    .where(sql.ref('claimed_by'), 'is not', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('federation_messages').execute();
  await db.schema.dropTable('federation_kv').execute();
}
