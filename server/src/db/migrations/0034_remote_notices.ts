import type { Kysely } from 'kysely';

/**
 * notifications.remote_actor_id: the fediverse account a notification tells of (a follow or a like
 * from another server), its actor_id null; the notification goes with the account (the foreign key
 * cascades). Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('remote_actor_id', 'integer', (c) => c.references('remote_actors.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('notifications_remote_actor_idx').on('notifications').column('remote_actor_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('notifications_remote_actor_idx').execute();
  await db.schema.alterTable('notifications').dropColumn('remote_actor_id').execute();
}
