import type { Kysely } from 'kysely';

/**
 * A writer's numbers (issue 13), counted without cookies. Frozen, portable.
 * - stats_salts: one random salt per UTC day, shared by every app process and server (the first to need
 *   it inserts it, ON CONFLICT DO NOTHING, and all read the one that stayed); the days before go, so a
 *   visitor's key of one day cannot be linked to another day's.
 * - post_readers: who was counted on a day, as a key (a hash under that day's salt), one row per post,
 *   day, kind ('view' | 'read') and reader; kept for today and yesterday only (a periodic job deletes
 *   older days through `post_readers_day_idx`).
 * - post_stats_daily: the day's views and reads of a post, raised in the transaction that inserted a
 *   new post_readers row, kept as long as the post.
 * Both go with their post (foreign keys cascade: a post's or an account's deletion). The indexes on
 * (post_id, created_at) let a writer's likes, saves, comments and replies of a period be counted from
 * an index range instead of every row of the post.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('stats_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('post_readers')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reader', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_readers_pk', ['post_id', 'day', 'kind', 'reader'])
    .execute();
  await db.schema.createIndex('post_readers_day_idx').on('post_readers').column('day').execute();

  await db.schema
    .createTable('post_stats_daily')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reads', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('post_stats_daily_pk', ['post_id', 'day'])
    .execute();

  await db.schema.createIndex('likes_post_time_idx').on('likes').columns(['post_id', 'created_at']).execute();
  await db.schema.createIndex('saves_post_time_idx').on('saves').columns(['post_id', 'created_at']).execute();
  await db.schema.createIndex('comments_post_time_idx').on('comments').columns(['post_id', 'created_at']).execute();
  await db.schema.createIndex('replies_post_time_idx').on('replies').columns(['post_id', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('replies_post_time_idx').execute();
  await db.schema.dropIndex('comments_post_time_idx').execute();
  await db.schema.dropIndex('saves_post_time_idx').execute();
  await db.schema.dropIndex('likes_post_time_idx').execute();
  await db.schema.dropTable('post_stats_daily').execute();
  await db.schema.dropTable('post_readers').execute();
  await db.schema.dropTable('stats_salts').execute();
}
