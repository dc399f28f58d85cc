import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * A writer's newsletter (issue 29). Frozen, portable.
 * - newsletter_subscribers: one row per writer and address (stored trimmed and lower-cased, so one
 *   address is one row however it is typed). status 'pending' until the confirmation page's button is
 *   pressed, then 'confirmed'; 'unsubscribed' or 'suppressed' (a hard bounce) end it. member_id is the
 *   member who subscribed with their own account's address (their row goes with their account).
 *   confirm_token_hash is the SHA-256 of the mailed confirmation link's token; confirm_sent_at the last
 *   time a confirmation mail went (one per writer and address an hour, a few per address a day).
 *   Indexes: the writer's list newest first and its counts (writer_id, status, id), an address's mails
 *   of the last day (email, confirm_sent_at), and the clean-up of unconfirmed rows (status, confirm_sent_at).
 *   Rows go with the writer (foreign keys cascade).
 * - users.newsletter_welcome: the writer's own welcome mail text (null: the default one).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('users').addColumn('newsletter_welcome', 'text').execute();
  await db.schema
    .createTable('newsletter_subscribers')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('writer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('confirm_token_hash', 'text', (c) => c.unique())
    .addColumn('confirm_sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('ended_at', 'text')
    .addUniqueConstraint('newsletter_subscribers_writer_email_key', ['writer_id', 'email'])
    .execute();
  await db.schema.createIndex('newsletter_subscribers_list_idx').on('newsletter_subscribers').columns(['writer_id', 'status', 'id']).execute();
  await db.schema.createIndex('newsletter_subscribers_email_idx').on('newsletter_subscribers').columns(['email', 'confirm_sent_at']).execute();
  await db.schema.createIndex('newsletter_subscribers_pending_idx').on('newsletter_subscribers').columns(['status', 'confirm_sent_at']).execute();
  await db.schema.createIndex('newsletter_subscribers_member_idx').on('newsletter_subscribers').column('member_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('newsletter_subscribers').execute();
  await db.schema.alterTable('users').dropColumn('newsletter_welcome').execute();
}
