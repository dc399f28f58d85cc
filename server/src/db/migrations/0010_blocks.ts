import type { Kysely } from 'kysely';

/**
 * Blocked members: blocker_id hides blocked_id everywhere they read, and blocked_id can no longer
 * follow them or comment and reply on their posts. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  // "Has this author blocked me?" (a comment, a reply, a follow).
  await db.schema.createIndex('blocks_blocked_idx').on('blocks').columns(['blocked_id', 'blocker_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('blocks').execute();
}
