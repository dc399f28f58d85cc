import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Accounts of other fediverse servers members follow (issue 30). Frozen, portable.
 * - remote_following: one row per member and remote account, with the id of the Follow sent (its
 *   Accept, Reject or our Undo names it) and whether it was accepted ('pending' until the Accept).
 *   It goes with the member or the account (foreign keys cascade).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('remote_following')
    .$call((t) => (postgres ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('remote_actors.id').onDelete('cascade'))
    .addColumn('follow_uri', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addUniqueConstraint('remote_following_user_actor', ['user_id', 'actor_id'])
    .execute();
  await db.schema.createIndex('remote_following_actor_id').on('remote_following').column('actor_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('remote_following').execute();
}
