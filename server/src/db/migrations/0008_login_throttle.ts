import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Failed-login counters that a burst cannot race past, and the places an account signed in from.
 * Replaces login_failures (one row per failure, counted before the password check and written after it,
 * so 40 parallel guesses all saw "fewer than 10"): a counter row per key is bumped atomically before
 * the check. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  // key: 'account:<email>' (failures from places the account never signed in from) or
  // 'address:<email>|<ip>' (failures from one address); window_start: when the current window began.
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_throttle_window_idx').on('login_throttle').column('window_start').execute();

  // A SHA-256 of 'address:<ip>' or 'device:<cookie>' the account signed in from successfully.
  await db.schema
    .createTable('login_trust')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('place_hash', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_trust_pk', ['user_id', 'place_hash'])
    .execute();

  await db.schema.dropTable('login_failures').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('login_trust').execute();
  await db.schema.dropTable('login_throttle').execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('login_failures')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('email_normalized', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_email_idx').on('login_failures').columns(['email_normalized', 'created_at']).execute();
}
