import type { Kysely } from 'kysely';

/**
 * notifications.comment_id / reply_id: the comment or reply a notification tells of, so it goes when
 * they go (deleted explicitly, and by the cascade). Older rows keep null. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('comment_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('notifications')
    .addColumn('reply_id', 'integer', (c) => c.references('replies.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('notifications_comment_idx').on('notifications').column('comment_id').execute();
  await db.schema.createIndex('notifications_reply_idx').on('notifications').column('reply_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('notifications_reply_idx').execute();
  await db.schema.dropIndex('notifications_comment_idx').execute();
  await db.schema.alterTable('notifications').dropColumn('reply_id').execute();
  await db.schema.alterTable('notifications').dropColumn('comment_id').execute();
}
