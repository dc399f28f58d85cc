import type { Kysely } from 'kysely';

/**
 * Accounts of other fediverse servers a member blocked (issue 30). Frozen, portable.
 * - remote_blocks: one row per member and remote account; it goes with either (foreign keys cascade).
 *   While it stands the account cannot follow the member, like, boost or reply to their stories, and
 *   the member is not told of it.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('remote_blocks')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('remote_actors.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('remote_blocks_pk', ['user_id', 'actor_id'])
    .execute();
  await db.schema.createIndex('remote_blocks_actor_id').on('remote_blocks').column('actor_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('remote_blocks').execute();
}
