import type { Kysely } from 'kysely';

/**
 * A feed that explains itself (issue 13): what a member tuned of their 'For you'. Frozen, portable.
 * - feed_topic_tuning: one row per member and topic, `choice` 'more' (the topic's posts join For you)
 *   or 'less' (they leave it, whoever wrote them); one row, so a topic is never both, and the newer
 *   choice replaces the older.
 * - feed_author_mutes: the authors a member muted (left out of their For you only: not a block).
 * Both go with the member (foreign keys cascade: an account's deletion), a muted author's rows with
 * that author (`feed_author_mutes_author_idx` finds them), a topic's with the topic.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('feed_topic_tuning')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('choice', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('feed_topic_tuning_pk', ['user_id', 'category_id'])
    .execute();
  await db.schema.createIndex('feed_topic_tuning_category_idx').on('feed_topic_tuning').columns(['category_id', 'user_id']).execute();

  await db.schema
    .createTable('feed_author_mutes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('feed_author_mutes_pk', ['user_id', 'author_id'])
    .execute();
  await db.schema.createIndex('feed_author_mutes_author_idx').on('feed_author_mutes').columns(['author_id', 'user_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('feed_author_mutes').execute();
  await db.schema.dropTable('feed_topic_tuning').execute();
}
