import type { Kysely } from 'kysely';

/**
 * A member's followers and the people they follow are listed newest follow first with a
 * (created_at, other member's id) keyset cursor; these indexes let each page come from one index walk
 * that stops after a page, instead of sorting all of a member's follows. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('follows_following_time_idx').on('follows').columns(['following_id', 'created_at', 'follower_id']).execute();
  await db.schema.createIndex('follows_follower_time_idx').on('follows').columns(['follower_id', 'created_at', 'following_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('follows_follower_time_idx').execute();
  await db.schema.dropIndex('follows_following_time_idx').execute();
}
