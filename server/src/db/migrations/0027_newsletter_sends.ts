import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * A writer's stories mailed to their subscribers (issue 29). Frozen, portable.
 * - newsletter_sends: one row per story that is to be (or was) mailed, written in the transaction
 *   that publishes it: status 'queued' until the sender has listed its recipients, 'sending' while
 *   deliveries are due, 'sent' when none is; recipients is how many were listed. Goes with the post.
 * - newsletter_deliveries: one row per story and subscriber (unique): 'pending' until the SMTP server
 *   accepted it ('sent') or it ended ('failed' after the last retry of a 4xx or a network error,
 *   'bounced' on a 5xx or a bounce that came back later). message_id is made once, so a retry carries
 *   the same Message-ID; locked_until is the claim of the process sending it; unsubscribed_at is set
 *   when the reader unsubscribed from this very mail. Index (status, next_attempt_at): the due ones.
 * - drafts.email_subscribers: "Publish and email" (1, the default) or "Publish only" (0), kept for a
 *   scheduled draft until the scheduler publishes it.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('drafts')
    .addColumn('email_subscribers', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('newsletter_sends')
    .addColumn('post_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('writer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('newsletter_sends_status_idx').on('newsletter_sends').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('newsletter_sends_writer_idx').on('newsletter_sends').columns(['writer_id', 'post_id']).execute();
  await db.schema
    .createTable('newsletter_deliveries')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('newsletter_sends.post_id').onDelete('cascade'))
    .addColumn('subscriber_id', 'integer', (c) => c.notNull().references('newsletter_subscribers.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    .addUniqueConstraint('newsletter_deliveries_post_subscriber_key', ['post_id', 'subscriber_id'])
    .execute();
  await db.schema.createIndex('newsletter_deliveries_due_idx').on('newsletter_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('newsletter_deliveries_subscriber_idx').on('newsletter_deliveries').column('subscriber_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('newsletter_deliveries').execute();
  await db.schema.dropTable('newsletter_sends').execute();
  await db.schema.alterTable('drafts').dropColumn('email_subscribers').execute();
}
