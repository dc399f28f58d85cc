import type { Kysely } from 'kysely';

/**
 * Indexes for a writer's Stats to count what came from the fediverse as it counts the members' own
 * likes and comments (each number one range of an index, ADR 0039): likes and boosts of a story by
 * kind and time (remote_reactions: post_id, kind, created_at) and its replies by time (remote_comments:
 * post_id, created_at; it replaces remote_comments_post_id, of which it is a prefix). Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('remote_reactions_post_kind_time_idx').on('remote_reactions').columns(['post_id', 'kind', 'created_at']).execute();
  await db.schema.createIndex('remote_comments_post_time_idx').on('remote_comments').columns(['post_id', 'created_at']).execute();
  await db.schema.dropIndex('remote_comments_post_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.createIndex('remote_comments_post_id').on('remote_comments').column('post_id').execute();
  await db.schema.dropIndex('remote_comments_post_time_idx').execute();
  await db.schema.dropIndex('remote_reactions_post_kind_time_idx').execute();
}
