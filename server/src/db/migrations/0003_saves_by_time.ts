import type { Kysely } from 'kysely';

/**
 * A reader's saved posts are listed newest save first with a (created_at, post_id) keyset cursor; this
 * index lets that page come from an index walk instead of sorting all of the reader's saves. Frozen.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('saves_user_time_idx').on('saves').columns(['user_id', 'created_at', 'post_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('saves_user_time_idx').execute();
}
