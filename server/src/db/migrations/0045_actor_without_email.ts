import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { rebuildSqliteTable } from '../sqlite-rebuild.ts';

/**
 * The fold, step 1 (ADR 0080, 0083, docs/fold-audit.md §2): an account of another server has no mail
 * address, so users.email and email_normalized may be null, and a CHECK says only such an account
 * (domain set) may go without one. Frozen, portable.
 * - PostgreSQL: ALTER COLUMN … DROP NOT NULL and the CHECK.
 * - SQLite cannot drop a NOT NULL in place: the table is rebuilt (SQLite's documented twelve steps),
 *   with foreign keys off, or DROP TABLE users would cascade through every table that references it.
 *   The indexes and the six full-text triggers (0009, 0019) go with the old table and are made again;
 *   the full-text rows are keyed by id, which the copy keeps, so they stay valid. AUTOINCREMENT's
 *   high-water mark is carried over, so the id of a deleted account is never handed out again.
 * Down deletes the accounts without an address (their rows go with them), then puts NOT NULL back.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const CHECK = 'domain IS NOT NULL OR (email IS NOT NULL AND email_normalized IS NOT NULL)';

/** Every column of users in 0001 … 0044's order; `nullableEmail` is this migration's change. */
function usersTable(name: string, nullableEmail: boolean): string {
  const required = nullableEmail ? '' : ' not null';
  return `CREATE TABLE "${name}" ("id" integer primary key autoincrement, "email" text${required}, "email_normalized" text${required} unique,
    "name" text, "username" text unique, "bio" text, "profile_picture" text, "password_hash" text, "google_id" text unique,
    "email_verified_at" text, "post_count" integer default 0 not null, "followers_count" integer default 0 not null,
    "following_count" integer default 0 not null, "notify_like" integer default 1 not null, "notify_comment" integer default 1 not null,
    "notify_follow" integer default 1 not null, "notify_help" integer default 1 not null, "deactivated_at" text,
    "created_at" text not null, "updated_at" text not null, "notify_post" integer default 0 not null, "keep_history" integer default 0 not null,
    "newsletter_welcome" text, "domain" text, "handle" text, "ap_id" text, "inbox" text, "shared_inbox" text, "url" text, "icon_url" text,
    "fetched_at" text${nullableEmail ? `, constraint "users_member_email" check (${CHECK})` : ''})`;
}

const COLUMNS = `id, email, email_normalized, name, username, bio, profile_picture, password_hash, google_id, email_verified_at,
  post_count, followers_count, following_count, notify_like, notify_comment, notify_follow, notify_help, deactivated_at,
  created_at, updated_at, notify_post, keep_history, newsletter_welcome, domain, handle, ap_id, inbox, shared_inbox, url, icon_url, fetched_at`;

/** What dropping the old table takes with it: its indexes (0004, 0007, 0009, 0044) and full-text triggers (0009, 0019). */
const AROUND_USERS = [
  'CREATE INDEX "users_profile_picture_idx" on "users" ("profile_picture")',
  'CREATE INDEX "users_followers_idx" on "users" ("followers_count")',
  'CREATE INDEX users_followers_rank_idx ON users (followers_count DESC, id ASC)',
  'CREATE UNIQUE INDEX "users_ap_id_key" on "users" ("ap_id")',
  `CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
    INSERT INTO users_search (rowid, name, username) VALUES (new.id, new.name, new.username);
  END`,
  `CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
    INSERT INTO users_search (users_search, rowid, name, username) VALUES ('delete', old.id, old.name, old.username);
  END`,
  `CREATE TRIGGER users_search_update AFTER UPDATE OF name, username ON users BEGIN
    INSERT INTO users_search (users_search, rowid, name, username) VALUES ('delete', old.id, old.name, old.username);
    INSERT INTO users_search (rowid, name, username) VALUES (new.id, new.name, new.username);
  END`,
  `CREATE TRIGGER users_bio_search_insert AFTER INSERT ON users BEGIN
    INSERT INTO users_bio_search (rowid, bio) VALUES (new.id, new.bio);
  END`,
  `CREATE TRIGGER users_bio_search_delete AFTER DELETE ON users BEGIN
    INSERT INTO users_bio_search (users_bio_search, rowid, bio) VALUES ('delete', old.id, old.bio);
  END`,
  `CREATE TRIGGER users_bio_search_update AFTER UPDATE OF bio ON users BEGIN
    INSERT INTO users_bio_search (users_bio_search, rowid, bio) VALUES ('delete', old.id, old.bio);
    INSERT INTO users_bio_search (rowid, bio) VALUES (new.id, new.bio);
  END`,
];

/** SQLite: users rebuilt in the new shape (db/sqlite-rebuild.ts), its indexes and triggers made again. */
async function rebuildUsers(db: AnyDb, nullableEmail: boolean): Promise<void> {
  await rebuildSqliteTable(db, 'users', {
    create: (name) => usersTable(name, nullableEmail),
    columns: COLUMNS,
    after: async (run) => {
      for (const statement of AROUND_USERS) await run(statement);
    },
  });
}

export async function up(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(
        `ALTER TABLE users ALTER COLUMN email DROP NOT NULL, ALTER COLUMN email_normalized DROP NOT NULL,
      ADD CONSTRAINT users_member_email CHECK (${CHECK})`,
      )
      .execute(db);
    return;
  }
  await rebuildUsers(db, true);
}

export async function down(db: AnyDb): Promise<void> {
  // An account without an address cannot stay; what it did goes with it (the foreign keys cascade).
  await db
    .deleteFrom('users')
    .where((eb) => eb.or([eb('email', 'is', null), eb('email_normalized', 'is', null)]))
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`ALTER TABLE users DROP CONSTRAINT users_member_email, ALTER COLUMN email SET NOT NULL, ALTER COLUMN email_normalized SET NOT NULL`.execute(db);
    return;
  }
  await rebuildUsers(db, false);
}
