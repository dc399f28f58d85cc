import type { Kysely } from 'kysely';

/** users(followers_count): Whom to follow walks the most followed first and stops at a handful. Frozen, portable. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('users_followers_idx').on('users').column('followers_count').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('users_followers_idx').execute();
}
