import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { postBodyText } from '@inkwell/contract';

/**
 * Search over title, subtitle and body (issue 13), for the results page. Frozen, portable.
 * - posts.body_text: the body's text (HTML's tags and attributes gone, entities decoded), written by
 *   the posts repository with the row; filled here for the posts before it, in batches, in JS (the
 *   same function the repository uses: stripping HTML in SQL would differ between the databases).
 * - SQLite: two external-content FTS5 tables kept by triggers, in the statement's transaction:
 *   posts_heading (title, sub_title; prefix indexes of 2 and 3 characters, so a short word prefix
 *   reads one list, in rowid order) and posts_body (body_text; no positions kept: whole words only);
 *   users_bio_search, a trigram table over bio (people by name and user name have users_search, 0009).
 * - PostgreSQL: the text search configuration inkwell_search ('simple' with unaccent, so diacritics
 *   fold as SQLite's remove_diacritics does); stored generated tsvectors heading_tsv (title and
 *   subtitle) and body_tsv (body_text, stripped of positions), ASCII punctuation turned into spaces
 *   first so that words split where SQLite's unicode61 splits them (node.js: node, js), each with a GIN
 *   index; inkwell_heading_hits / inkwell_body_hits hand back a query's matches planned without
 *   sequential scans (as inkwell_title_hits, 0009); users get a trigram GIN index over lower(bio) and
 *   inkwell_people_text_hits (name, user name or bio).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;
const BATCH = 500;

/** body_text of every post, BATCH posts per statement (one CASE over their ids). */
async function fillBodyTexts(db: AnyDb): Promise<void> {
  let last = 0;
  for (;;) {
    const rows = await sql<{ id: number; description: string }>`SELECT id, description FROM posts WHERE id > ${last} ORDER BY id LIMIT ${BATCH}`.execute(db);
    if (rows.rows.length === 0) return;
    const cases = sql.join(
      rows.rows.map((r) => sql`WHEN ${r.id} THEN ${postBodyText(r.description)}`),
      sql` `,
    );
    const ids = sql.join(rows.rows.map((r) => sql`${r.id}`));
    await sql`UPDATE posts SET body_text = CASE id ${cases} ELSE body_text END WHERE id IN (${ids})`.execute(db);
    last = rows.rows[rows.rows.length - 1]!.id;
  }
}

const punctuationToSpace = (column: string) => sql.raw(`regexp_replace(${column}, '[[:punct:]]+', ' ', 'g')`);

export async function up(db: AnyDb): Promise<void> {
  // Computing the tsvectors of every post (about a minute at 100 000 posts) outlasts the pool's
  // statement timeout: lifted for the migrations' transaction only.
  if (isPostgres(db)) await sql`SET LOCAL statement_timeout = 0`.execute(db);
  await sql`ALTER TABLE posts ADD COLUMN body_text TEXT NOT NULL DEFAULT ''`.execute(db);
  await fillBodyTexts(db);
  if (isPostgres(db)) {
    await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
    await sql`CREATE TEXT SEARCH CONFIGURATION inkwell_search (COPY = simple)`.execute(db);
    await sql`ALTER TEXT SEARCH CONFIGURATION inkwell_search ALTER MAPPING FOR asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part, hword_numpart WITH unaccent, simple`.execute(
      db,
    );
    await sql`ALTER TABLE posts
      ADD COLUMN heading_tsv tsvector GENERATED ALWAYS AS (to_tsvector('inkwell_search'::regconfig, ${punctuationToSpace("title || ' ' || sub_title")})) STORED,
      ADD COLUMN body_tsv tsvector GENERATED ALWAYS AS (strip(to_tsvector('inkwell_search'::regconfig, ${punctuationToSpace('body_text')}))) STORED`.execute(db);
    await sql`CREATE INDEX posts_heading_tsv_idx ON posts USING GIN (heading_tsv)`.execute(db);
    await sql`CREATE INDEX posts_body_tsv_idx ON posts USING GIN (body_tsv)`.execute(db);
    await sql`CREATE INDEX users_bio_trgm_idx ON users USING GIN (lower(bio) gin_trgm_ops)`.execute(db);
    // Every match of a query, for the caller to sort and cut: only used below a window of recent posts
    // whose walk found too few, so the word is rare there and its matches are what it costs.
    for (const [name, column] of [
      ['inkwell_heading_hits', 'heading_tsv'],
      ['inkwell_body_hits', 'body_tsv'],
    ] as const) {
      await sql`CREATE FUNCTION ${sql.raw(name)}(q tsquery) RETURNS TABLE (id integer)
        LANGUAGE sql STABLE SET enable_seqscan = off SET enable_indexscan = off
        AS ${sql.lit(`SELECT id FROM posts WHERE ${column} @@ q`)}`.execute(db);
    }
    await sql`CREATE FUNCTION inkwell_people_text_hits(pattern text)
      RETURNS TABLE (id integer, name text, username text, bio text, profile_picture text, followers_count integer)
      LANGUAGE sql STABLE SET enable_seqscan = off
      AS $$ SELECT id, name, username, bio, profile_picture, followers_count FROM users
        WHERE (lower(name) LIKE pattern OR lower(username) LIKE pattern OR lower(bio) LIKE pattern) AND deactivated_at IS NULL $$`.execute(db);
    return;
  }
  const tables = [
    ['posts_heading', 'posts', ['title', 'sub_title'], "tokenize='unicode61 remove_diacritics 2', prefix='2 3'"],
    ['posts_body', 'posts', ['body_text'], "tokenize='unicode61 remove_diacritics 2', detail='column'"],
    ['users_bio_search', 'users', ['bio'], "tokenize='trigram case_sensitive 0'"],
  ] as const;
  for (const [table, content, columns, options] of tables) {
    const list = columns.join(', ');
    const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
    await sql.raw(`CREATE VIRTUAL TABLE ${table} USING fts5(${list}, content='${content}', content_rowid='id', ${options})`).execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_insert AFTER INSERT ON ${content} BEGIN
      INSERT INTO ${table} (rowid, ${list}) VALUES (new.id, ${values('new')});
    END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_delete AFTER DELETE ON ${content} BEGIN
      INSERT INTO ${table} (${table}, rowid, ${list}) VALUES ('delete', old.id, ${values('old')});
    END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_update AFTER UPDATE OF ${list} ON ${content} BEGIN
      INSERT INTO ${table} (${table}, rowid, ${list}) VALUES ('delete', old.id, ${values('old')});
      INSERT INTO ${table} (rowid, ${list}) VALUES (new.id, ${values('new')});
    END`,
      )
      .execute(db);
    await sql.raw(`INSERT INTO ${table} (${table}) VALUES ('rebuild')`).execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP FUNCTION IF EXISTS inkwell_people_text_hits(text)`.execute(db);
    await sql`DROP FUNCTION IF EXISTS inkwell_body_hits(tsquery)`.execute(db);
    await sql`DROP FUNCTION IF EXISTS inkwell_heading_hits(tsquery)`.execute(db);
    await sql`DROP INDEX IF EXISTS users_bio_trgm_idx`.execute(db);
    await sql`ALTER TABLE posts DROP COLUMN IF EXISTS body_tsv, DROP COLUMN IF EXISTS heading_tsv`.execute(db);
    await sql`DROP TEXT SEARCH CONFIGURATION IF EXISTS inkwell_search`.execute(db);
  } else {
    for (const table of ['posts_heading', 'posts_body', 'users_bio_search']) {
      for (const suffix of ['insert', 'delete', 'update']) await sql.raw(`DROP TRIGGER IF EXISTS ${table}_${suffix}`).execute(db);
      await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
    }
  }
  await sql`ALTER TABLE posts DROP COLUMN body_text`.execute(db);
}
