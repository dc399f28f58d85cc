import type { Kysely } from 'kysely';

/**
 * A personal library (issue 13): an opt-in reading history kept only for its member. Frozen, portable.
 * - users.keep_history: 1 while the member keeps a history (0 until they turn it on, as notify_post).
 * - reading_history: one row per member and story they opened (read_at: the last time), at most
 *   HISTORY_MAX per member (the oldest go in the transaction that adds one). Its key (user_id, post_id)
 *   makes a repeated open one row; reading_history_recent_idx gives a member's entries last opened first
 *   (the history's keyset pages, the trim, the library's search set), reading_history_post_idx the rows
 *   a deleted post takes with it (foreign keys cascade: without it each post deletion would walk the
 *   table). Rows go with the member (account deletion) and with the post.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('keep_history', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('reading_history')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_history_pk', ['user_id', 'post_id'])
    .execute();
  await db.schema.createIndex('reading_history_recent_idx').on('reading_history').columns(['user_id', 'read_at desc', 'post_id desc']).execute();
  await db.schema.createIndex('reading_history_post_idx').on('reading_history').columns(['post_id', 'user_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('reading_history').execute();
  await db.schema.alterTable('users').dropColumn('keep_history').execute();
}
