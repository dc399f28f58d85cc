import type { Kysely } from 'kysely';

/**
 * A member's recent comments and replies, by time (issue 47's spam defences: how many a new account
 * wrote in the last hour, and the same text again within minutes), read on every comment: an index each
 * on (user_id, created_at), so that a prolific writer's history is not read through. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('comments_user_time_idx').on('comments').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('replies_user_time_idx').on('replies').columns(['user_id', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('replies_user_time_idx').execute();
  await db.schema.dropIndex('comments_user_time_idx').execute();
}
