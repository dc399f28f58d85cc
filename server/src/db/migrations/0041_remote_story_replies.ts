import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Members' replies to stories from other servers (issue 30). Frozen, portable.
 * - remote_story_replies: one row per reply a member sent to a story of an account they follow, as
 *   plain text; its Note is served at /ap/notes/s<id>. It goes with the member or the story (foreign
 *   keys cascade).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('remote_story_replies')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('story_id', 'integer', (c) => c.notNull().references('remote_stories.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('remote_story_replies_story_user').on('remote_story_replies').columns(['story_id', 'user_id']).execute();
  await db.schema.createIndex('remote_story_replies_user_id').on('remote_story_replies').column('user_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('remote_story_replies').execute();
}
