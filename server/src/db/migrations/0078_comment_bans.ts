import type { Kysely } from 'kysely';

/**
 * A writer's bans (issue 47, ADR 0116): readers — members or accounts elsewhere, rows of users both —
 * the writer stopped from commenting on their stories. Gone with either account. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('comment_bans')
    .addColumn('writer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reader_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_bans_pk', ['writer_id', 'reader_id'])
    .execute();
  // An account's deletion finds its rows on either side.
  await db.schema.createIndex('comment_bans_reader_idx').on('comment_bans').column('reader_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('comment_bans').execute();
}
