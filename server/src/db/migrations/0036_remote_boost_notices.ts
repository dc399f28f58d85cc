import type { Kysely } from 'kysely';

/**
 * notifications.remote_reaction_id: the boost from the fediverse a notification tells of (an Announce
 * of a story, kept in remote_reactions); the notification goes with it, so the boost's Undo takes it
 * back, and a like of the same story by the same account keeps its own row. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('remote_reaction_id', 'integer', (c) => c.references('remote_reactions.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('notifications_remote_reaction_idx').on('notifications').column('remote_reaction_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('notifications_remote_reaction_idx').execute();
  await db.schema.alterTable('notifications').dropColumn('remote_reaction_id').execute();
}
