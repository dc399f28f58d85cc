import type { Kysely } from 'kysely';

/**
 * Members' likes of stories from other servers (issue 30). Frozen, portable.
 * - remote_story_likes: one row per member and remote story, with the id of the Like sent (its Undo
 *   names it). It goes with the member or the story (foreign keys cascade).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('remote_story_likes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('story_id', 'integer', (c) => c.notNull().references('remote_stories.id').onDelete('cascade'))
    .addColumn('like_uri', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('remote_story_likes_pk', ['user_id', 'story_id'])
    .execute();
  await db.schema.createIndex('remote_story_likes_story_id').on('remote_story_likes').column('story_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('remote_story_likes').execute();
}
