import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The fold, step 6 (ADR 0080, 0083, docs/fold-audit.md §4): what is left of the second social model
 * goes. An account elsewhere is a row of users (0046), and every row that was kept of it is one of the
 * members' tables now (blocks 0047, notifications 0048, follows 0049–0050, likes 0051–0052, comments and
 * replies 0053–0054, posts 0055–0057); since then nothing reads or writes these. Frozen, portable.
 * - notifications loses remote_actor_id, remote_comment_id and remote_reaction_id (null everywhere
 *   since 0048, 0054 and 0052) with their indexes. SQLite drops a column with a column-level REFERENCES
 *   in place, so no rebuild is needed.
 * - remote_story_likes, remote_story_replies, remote_stories, remote_comments, remote_reactions and
 *   remote_actors are dropped, those that point at others first. All but remote_actors were left empty
 *   by their folds, but for a remote_comments thread 0054 could not fold (by an actor 0046 could not
 *   bridge; the app writes none), which goes with its table.
 * Down makes the six tables again in their last shapes (their indexes and keys as 0030–0046 and 0043
 * left them) and the three columns, and fills remote_actors from the rows of users with a domain, each
 * pointing at its row (user_id), as 0046 left the bridge; the other five stay empty (their rows are in
 * the members' tables, and each fold's down takes them back from there).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const NOTICE_COLUMNS = [
  ['remote_actor_id', 'remote_actors', 'notifications_remote_actor_idx'],
  ['remote_comment_id', 'remote_comments', 'notifications_remote_comment_idx'],
  ['remote_reaction_id', 'remote_reactions', 'notifications_remote_reaction_idx'],
] as const;
const TABLES = ['remote_story_likes', 'remote_story_replies', 'remote_stories', 'remote_comments', 'remote_reactions', 'remote_actors'] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const [column, , index] of NOTICE_COLUMNS) {
    await db.schema.dropIndex(index).execute();
    await db.schema.alterTable('notifications').dropColumn(column).execute();
  }
  for (const table of TABLES) await db.schema.dropTable(table).execute();
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await db.schema
    .createTable('remote_actors')
    .$call(withId)
    .addColumn('uri', 'text', (c) => c.notNull().unique())
    .addColumn('inbox', 'text', (c) => c.notNull())
    .addColumn('shared_inbox', 'text')
    .addColumn('handle', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('icon_url', 'text')
    .addColumn('url', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .execute();
  await db.schema.createIndex('remote_actors_user_id_key').on('remote_actors').column('user_id').unique().execute();

  await db.schema
    .createTable('remote_reactions')
    .$call(withId)
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('remote_actors.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('activity_uri', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('remote_reactions_post_actor_kind', ['post_id', 'actor_id', 'kind'])
    .execute();
  await db.schema.createIndex('remote_reactions_actor_id').on('remote_reactions').column('actor_id').execute();
  await db.schema.createIndex('remote_reactions_post_kind_time_idx').on('remote_reactions').columns(['post_id', 'kind', 'created_at']).execute();

  await db.schema
    .createTable('remote_comments')
    .$call(withId)
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
  for (const column of ['thread_id', 'reply_to_id', 'actor_id', 'user_id']) {
    await db.schema.createIndex(`remote_comments_${column}`).on('remote_comments').column(column).execute();
  }
  await db.schema.createIndex('remote_comments_post_time_idx').on('remote_comments').columns(['post_id', 'created_at']).execute();

  await db.schema
    .createTable('remote_stories')
    .$call(withId)
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('remote_actors.id').onDelete('cascade'))
    .addColumn('object_uri', 'text', (c) => c.notNull().unique())
    .addColumn('url', 'text')
    .addColumn('title', 'text')
    .addColumn('summary', 'text')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('remote_stories_actor_id').on('remote_stories').columns(['actor_id', 'id']).execute();

  await db.schema
    .createTable('remote_story_likes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('story_id', 'integer', (c) => c.notNull().references('remote_stories.id').onDelete('cascade'))
    .addColumn('like_uri', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('remote_story_likes_pk', ['user_id', 'story_id'])
    .execute();
  await db.schema.createIndex('remote_story_likes_story_id').on('remote_story_likes').column('story_id').execute();

  await db.schema
    .createTable('remote_story_replies')
    .$call(withId)
    .addColumn('story_id', 'integer', (c) => c.notNull().references('remote_stories.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('remote_story_replies_story_user').on('remote_story_replies').columns(['story_id', 'user_id']).execute();
  await db.schema.createIndex('remote_story_replies_user_id').on('remote_story_replies').column('user_id').execute();

  for (const [column, table, index] of NOTICE_COLUMNS) {
    await db.schema
      .alterTable('notifications')
      .addColumn(column, 'integer', (c) => c.references(`${table}.id`).onDelete('cascade'))
      .execute();
    await db.schema.createIndex(index).on('notifications').column(column).execute();
  }

  // The bridge, as 0046 left it: one row per account elsewhere, pointing at its row of users.
  await sql`INSERT INTO remote_actors (uri, inbox, shared_inbox, handle, name, icon_url, url, updated_at, user_id)
    SELECT ap_id, coalesce(inbox, ap_id), shared_inbox, coalesce(handle, '@' || domain), name, icon_url, url, updated_at, id
    FROM users WHERE domain IS NOT NULL AND ap_id IS NOT NULL ORDER BY id`.execute(db);
}
