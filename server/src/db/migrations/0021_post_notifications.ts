import { type Kysely, sql } from 'kysely';

/**
 * A new story told to its author's followers (frozen, portable):
 * - users.notify_post: the fifth mail choice ('someone you follow publishes a story'), off unless ticked.
 * - notifications_post_once_idx: one 'post' notification per post and member, so a fan-out that runs
 *   twice (a retry, two processes) adds nothing the second time (INSERT … ON CONFLICT DO NOTHING).
 * - post_fanouts: the fan-outs owed, one row per published post, written in the publishing
 *   transaction and removed once every follower has been told; a row a process left behind (it died,
 *   or its claim ran out) is taken up again by the next one that looks.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('notify_post', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('notifications_post_once_idx').on('notifications').columns(['post_id', 'user_id']).unique().where(sql.ref('type'), '=', sql.lit('post')).execute();
  await db.schema
    .createTable('post_fanouts')
    .addColumn('post_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('post_fanouts').execute();
  await db.schema.dropIndex('notifications_post_once_idx').execute();
  await db.schema.alterTable('users').dropColumn('notify_post').execute();
}
