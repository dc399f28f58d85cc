import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Actors of other fediverse servers, and those who follow our members from there (ADR 0068). Frozen, portable.
 * - remote_actors: one row per remote actor, by its id (`uri`): where to deliver to it (`inbox`, and its
 *   server's `shared_inbox` when it has one), and what a reader is shown of it (`handle` as
 *   `@name@host`, `name`, `icon_url`, `url` of its profile page), as last read (`updated_at`). Later
 *   steps point at these rows too (replies, likes).
 * - remote_followers: one row per member and remote actor following them, with the id of the
 *   `Follow` that did it (an `Undo` names it). Rows go with the member or the actor (foreign keys
 *   cascade). Index: a member's followers in order (user_id, id).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('remote_actors')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('uri', 'text', (c) => c.notNull().unique())
    .addColumn('inbox', 'text', (c) => c.notNull())
    .addColumn('shared_inbox', 'text')
    .addColumn('handle', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('icon_url', 'text')
    .addColumn('url', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('remote_followers')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('remote_actors.id').onDelete('cascade'))
    .addColumn('follow_uri', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('remote_followers_user_actor', ['user_id', 'actor_id'])
    .execute();
  await db.schema.createIndex('remote_followers_user_id').on('remote_followers').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('remote_followers_actor_id').on('remote_followers').column('actor_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('remote_followers').execute();
  await db.schema.dropTable('remote_actors').execute();
}
