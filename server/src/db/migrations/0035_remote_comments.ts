import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Replies from the fediverse shown as comments on a story (ADR 0073). Frozen, portable.
 * - remote_comments: one per Note that answers a story (thread_id null) or answers one of these
 *   (thread_id: the Note that answered the story; reply_to_id: the one it answers), by the Note's id
 *   (note_uri) and its author (actor_id); user_id is for a member's answer sent back to the
 *   fediverse (one of actor_id and user_id is set). `body` is plain text, made from the Note's HTML.
 *   A thread goes with its first comment, rows with their story, account or actor (keys cascade);
 *   the story's comments_count counts them beside the members' comments and replies.
 * - notifications.remote_comment_id: the comment a notification tells of (it goes with it).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('remote_comments')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.references('remote_actors.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('thread_id', 'integer', (c) => c.references('remote_comments.id').onDelete('cascade'))
    .addColumn('reply_to_id', 'integer', (c) => c.references('remote_comments.id').onDelete('set null'))
    .addColumn('note_uri', 'text', (c) => c.unique())
    .addColumn('url', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('remote_comments_one_author', sql`(actor_id IS NULL) <> (user_id IS NULL)`)
    .execute();
  await db.schema.createIndex('remote_comments_post_id').on('remote_comments').column('post_id').execute();
  await db.schema.createIndex('remote_comments_thread_id').on('remote_comments').column('thread_id').execute();
  await db.schema.createIndex('remote_comments_reply_to_id').on('remote_comments').column('reply_to_id').execute();
  await db.schema.createIndex('remote_comments_actor_id').on('remote_comments').column('actor_id').execute();
  await db.schema.createIndex('remote_comments_user_id').on('remote_comments').column('user_id').execute();
  await db.schema
    .alterTable('notifications')
    .addColumn('remote_comment_id', 'integer', (c) => c.references('remote_comments.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('notifications_remote_comment_idx').on('notifications').column('remote_comment_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('notifications_remote_comment_idx').execute();
  await db.schema.alterTable('notifications').dropColumn('remote_comment_id').execute();
  await db.schema.dropTable('remote_comments').execute();
}
