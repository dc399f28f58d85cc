import { type Kysely, sql } from 'kysely';

/**
 * The fold, step 5a (ADR 0080, 0083, docs/fold-audit.md §4): a member's block of an account of another
 * server is a row of `blocks` like any other, its blocked_id the account's row of users (through
 * remote_actors.user_id, 0046); remote_blocks goes. Frozen, portable.
 * Down makes remote_blocks again (as 0037 did) from the blocks of accounts elsewhere, and takes those
 * out of `blocks`.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`INSERT INTO blocks (blocker_id, blocked_id, created_at)
    SELECT rb.user_id, ra.user_id, rb.created_at FROM remote_blocks rb JOIN remote_actors ra ON ra.id = rb.actor_id
    WHERE ra.user_id IS NOT NULL
    ON CONFLICT DO NOTHING`.execute(db);
  await db.schema.dropTable('remote_blocks').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('remote_blocks')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('remote_actors.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('remote_blocks_pk', ['user_id', 'actor_id'])
    .execute();
  await db.schema.createIndex('remote_blocks_actor_id').on('remote_blocks').column('actor_id').execute();
  await sql`INSERT INTO remote_blocks (user_id, actor_id, created_at)
    SELECT b.blocker_id, ra.id, b.created_at FROM blocks b JOIN remote_actors ra ON ra.user_id = b.blocked_id`.execute(db);
  await sql`DELETE FROM blocks WHERE blocked_id IN (SELECT user_id FROM remote_actors WHERE user_id IS NOT NULL)`.execute(db);
}
