import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Likes and boosts of stories from the fediverse (ADR 0071). Frozen, portable.
 * - remote_reactions: one row per story, remote actor and kind ('like' or 'announce'), with the id of
 *   the activity that made it (an Undo names it). A like also counts in posts.likes_count, beside the
 *   members' likes, in the same transaction. Rows go with the story or the actor (foreign keys cascade).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('remote_reactions')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('remote_actors.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('activity_uri', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('remote_reactions_post_actor_kind', ['post_id', 'actor_id', 'kind'])
    .execute();
  await db.schema.createIndex('remote_reactions_actor_id').on('remote_reactions').column('actor_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('remote_reactions').execute();
}
