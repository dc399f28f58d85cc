import type { Kysely } from 'kysely';

/**
 * Replies can be answered (issue 13, social reading): one level of threading is kept, so an answer to a
 * reply is another reply of the same comment that names the reply it answers (`reply_to_id`). When
 * that reply goes, the answer stays and forgets whom it answered (SET NULL). Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('replies')
    .addColumn('reply_to_id', 'integer', (c) => c.references('replies.id').onDelete('set null'))
    .execute();
  // Deleting a reply looks up the answers that name it.
  await db.schema.createIndex('replies_reply_to_idx').on('replies').column('reply_to_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('replies_reply_to_idx').execute();
  await db.schema.alterTable('replies').dropColumn('reply_to_id').execute();
}
