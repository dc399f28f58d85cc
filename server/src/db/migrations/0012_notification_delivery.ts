import type { Kysely } from 'kysely';

/**
 * Notifications that reach people (frozen, portable):
 * - notification_mails: the notifications waiting to be mailed, one row each, gathered per member and
 *   kind into one digest mail; a row goes with its notification (an unlike takes back its mail too).
 * - help_requests.answer / answered_at: an operator's answer (npm run admin -- help:answer), and
 *   notifications.help_request_id: the request a 'responses' notification answers.
 * - mail_outbox.headers: extra headers of a mail as JSON (List-Unsubscribe, List-Unsubscribe-Post).
 * - app_keys: secrets the app makes for itself once, shared by every app server (the unsubscribe key).
 * - an index for the unseen count of the top bar's dot.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('notification_mails')
    .addColumn('notification_id', 'integer', (c) => c.primaryKey().references('notifications.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notification_mails_member_idx').on('notification_mails').columns(['user_id', 'kind', 'created_at']).execute();
  await db.schema.createIndex('notification_mails_due_idx').on('notification_mails').column('created_at').execute();

  await db.schema.alterTable('help_requests').addColumn('answer', 'text').execute();
  await db.schema.alterTable('help_requests').addColumn('answered_at', 'text').execute();
  await db.schema.createIndex('help_requests_status_idx').on('help_requests').columns(['status', 'id']).execute();
  await db.schema
    .alterTable('notifications')
    .addColumn('help_request_id', 'integer', (c) => c.references('help_requests.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('notifications_help_request_idx').on('notifications').column('help_request_id').execute();

  await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();

  await db.schema
    .createTable('app_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('notifications_unseen_idx').on('notifications').columns(['user_id', 'read_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('notifications_unseen_idx').execute();
  await db.schema.dropTable('app_keys').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('headers').execute();
  await db.schema.dropIndex('notifications_help_request_idx').execute();
  await db.schema.alterTable('notifications').dropColumn('help_request_id').execute();
  await db.schema.dropIndex('help_requests_status_idx').execute();
  await db.schema.alterTable('help_requests').dropColumn('answered_at').execute();
  await db.schema.alterTable('help_requests').dropColumn('answer').execute();
  await db.schema.dropTable('notification_mails').execute();
}
