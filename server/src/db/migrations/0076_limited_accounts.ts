import { type Kysely, sql } from 'kysely';

/**
 * The limit action (issue 47, ADR 0111): `users.limited_at`, when the moderators limited the account
 * (null: not limited), kept beside its row of moderation_actions (kind 'limit') so that the reading
 * side tests one column of the author it joins anyway. The accounts limited are few: a partial index
 * lists them for the set a reader does not follow. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('limited_at', 'text').execute();
  await sql`CREATE INDEX users_limited_idx ON users (id) WHERE limited_at IS NOT NULL`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`DROP INDEX users_limited_idx`.execute(db);
  await db.schema.alterTable('users').dropColumn('limited_at').execute();
}
