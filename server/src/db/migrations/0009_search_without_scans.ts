import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Search whose cost does not grow with the number of posts or people (issue: a word nobody wrote made
 * PostgreSQL walk every post computing to_tsvector row by row). Frozen, portable.
 * - PostgreSQL: posts keep their title's tsvector in a stored generated column with a GIN index over it
 *   (the filter of a bounded window of recent posts no longer parses titles, and the index answers
 *   the rest); people get pg_trgm GIN indexes over lower(name) and lower(username).
 * - SQLite: people get an external-content FTS5 table with the trigram tokenizer (case-folded,
 *   substrings of three or more characters), kept by triggers. Posts already have FTS5 (0006).
 * - Both: users (followers_count DESC, id ASC), so the most followed come in their exact order from an
 *   index walk that stops at the window (followers_count alone left a sort of every tie, and most
 *   people share a count of 0).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  await sql`CREATE INDEX users_followers_rank_idx ON users (followers_count DESC, id ASC)`.execute(db);
  if (isPostgres(db)) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`ALTER TABLE posts ADD COLUMN title_tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', title)) STORED`.execute(db);
    await sql`CREATE INDEX posts_title_tsv_idx ON posts USING GIN (title_tsv)`.execute(db);
    await sql`DROP INDEX IF EXISTS posts_title_search_idx`.execute(db);
    await sql`CREATE INDEX users_name_trgm_idx ON users USING GIN (lower(name) gin_trgm_ops)`.execute(db);
    await sql`CREATE INDEX users_username_trgm_idx ON users USING GIN (lower(username) gin_trgm_ops)`.execute(db);
    // What the indexes match, rows and all, as functions that plan without sequential scans: PostgreSQL's
    // estimate of a prefix or substring match is rough, and below some hundred thousand rows it would
    // rather read the whole table (or walk it in order), exactly the cost that grows with it. The caller
    // sorts and cuts the matches; nothing joins back to the table.
    await sql`CREATE FUNCTION inkwell_title_hits(q tsquery) RETURNS TABLE (id integer, title text, image text, user_id integer)
      LANGUAGE sql STABLE SET enable_seqscan = off
      AS $$ SELECT id, title, image, user_id FROM posts WHERE title_tsv @@ q $$`.execute(db);
    await sql`CREATE FUNCTION inkwell_people_hits(pattern text)
      RETURNS TABLE (id integer, name text, profile_picture text, followers_count integer)
      LANGUAGE sql STABLE SET enable_seqscan = off
      AS $$ SELECT id, name, profile_picture, followers_count FROM users
        WHERE (lower(name) LIKE pattern OR lower(username) LIKE pattern) AND deactivated_at IS NULL $$`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE users_search USING fts5(name, username, content='users', content_rowid='id', tokenize='trigram case_sensitive 0')`.execute(db);
  await sql`CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
    INSERT INTO users_search (rowid, name, username) VALUES (new.id, new.name, new.username);
  END`.execute(db);
  await sql`CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
    INSERT INTO users_search (users_search, rowid, name, username) VALUES ('delete', old.id, old.name, old.username);
  END`.execute(db);
  await sql`CREATE TRIGGER users_search_update AFTER UPDATE OF name, username ON users BEGIN
    INSERT INTO users_search (users_search, rowid, name, username) VALUES ('delete', old.id, old.name, old.username);
    INSERT INTO users_search (rowid, name, username) VALUES (new.id, new.name, new.username);
  END`.execute(db);
  await sql`INSERT INTO users_search (users_search) VALUES ('rebuild')`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`DROP INDEX IF EXISTS users_followers_rank_idx`.execute(db);
  if (isPostgres(db)) {
    await sql`DROP FUNCTION IF EXISTS inkwell_people_hits(text)`.execute(db);
    await sql`DROP FUNCTION IF EXISTS inkwell_title_hits(tsquery)`.execute(db);
    await sql`DROP INDEX IF EXISTS users_username_trgm_idx`.execute(db);
    await sql`DROP INDEX IF EXISTS users_name_trgm_idx`.execute(db);
    await sql`CREATE INDEX posts_title_search_idx ON posts USING GIN (to_tsvector('simple', title))`.execute(db);
    await sql`DROP INDEX IF EXISTS posts_title_tsv_idx`.execute(db);
    await sql`ALTER TABLE posts DROP COLUMN title_tsv`.execute(db);
    return;
  }
  for (const trigger of ['users_search_insert', 'users_search_delete', 'users_search_update']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS users_search`.execute(db);
}
