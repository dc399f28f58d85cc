import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The first step of the fold (ADR 0080, 0083, docs/fold-audit.md): the columns a row of `users` needs
 * to be an account of another server, nothing moved yet. Frozen, portable.
 * - users.domain: its server's host (null: a member of this server, as every row is until the actors
 *   are folded in); handle (`@name@host`, not unique: a handle can pass to a new account); ap_id (its
 *   URI, unique: what identifies it); inbox and shared_inbox (where to deliver to it); url (its profile
 *   page); icon_url (its picture's address); fetched_at (when it was last read).
 * - PostgreSQL's people-search functions (0009, 0019) read members only (domain IS NULL), as the
 *   queries around them do.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const COLUMNS = ['domain', 'handle', 'ap_id', 'inbox', 'shared_inbox', 'url', 'icon_url', 'fetched_at'] as const;

/** The two people-search functions of 0009 and 0019, reading members only (`members`) or every row. */
async function peopleFunctions(db: AnyDb, members: boolean): Promise<void> {
  const only = sql.raw(members ? ' AND domain IS NULL' : '');
  await sql`CREATE OR REPLACE FUNCTION inkwell_people_hits(pattern text)
    RETURNS TABLE (id integer, name text, profile_picture text, followers_count integer)
    LANGUAGE sql STABLE SET enable_seqscan = off
    AS $$ SELECT id, name, profile_picture, followers_count FROM users
      WHERE (lower(name) LIKE pattern OR lower(username) LIKE pattern) AND deactivated_at IS NULL${only} $$`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION inkwell_people_text_hits(pattern text)
    RETURNS TABLE (id integer, name text, username text, bio text, profile_picture text, followers_count integer)
    LANGUAGE sql STABLE SET enable_seqscan = off
    AS $$ SELECT id, name, username, bio, profile_picture, followers_count FROM users
      WHERE (lower(name) LIKE pattern OR lower(username) LIKE pattern OR lower(bio) LIKE pattern) AND deactivated_at IS NULL${only} $$`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('users').addColumn(column, 'text').execute();
  await db.schema.createIndex('users_ap_id_key').on('users').column('ap_id').unique().execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await peopleFunctions(db, true);
}

export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await peopleFunctions(db, false);
  await db.schema.dropIndex('users_ap_id_key').execute();
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable('users').dropColumn(column).execute();
}
