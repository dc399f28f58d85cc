import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Full-text search over post titles. SQLite: an external-content FTS5 table kept in step with posts
 * by triggers; PostgreSQL: a GIN index over to_tsvector('simple', title). Both tokenise words
 * without stemming, so a query matches by word prefix in any language. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isSqlite = (db: AnyDb) => !(db.getExecutor().adapter instanceof PostgresAdapter);

export async function up(db: AnyDb): Promise<void> {
  if (isSqlite(db)) {
    await sql`CREATE VIRTUAL TABLE posts_search USING fts5(title, content='posts', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`.execute(db);
    await sql`CREATE TRIGGER posts_search_insert AFTER INSERT ON posts BEGIN
      INSERT INTO posts_search (rowid, title) VALUES (new.id, new.title);
    END`.execute(db);
    await sql`CREATE TRIGGER posts_search_delete AFTER DELETE ON posts BEGIN
      INSERT INTO posts_search (posts_search, rowid, title) VALUES ('delete', old.id, old.title);
    END`.execute(db);
    await sql`CREATE TRIGGER posts_search_update AFTER UPDATE OF title ON posts BEGIN
      INSERT INTO posts_search (posts_search, rowid, title) VALUES ('delete', old.id, old.title);
      INSERT INTO posts_search (rowid, title) VALUES (new.id, new.title);
    END`.execute(db);
    await sql`INSERT INTO posts_search (posts_search) VALUES ('rebuild')`.execute(db);
  } else {
    await sql`CREATE INDEX posts_title_search_idx ON posts USING GIN (to_tsvector('simple', title))`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isSqlite(db)) {
    for (const trigger of ['posts_search_insert', 'posts_search_delete', 'posts_search_update']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
    }
    await sql`DROP TABLE IF EXISTS posts_search`.execute(db);
  } else {
    await sql`DROP INDEX IF EXISTS posts_title_search_idx`.execute(db);
  }
}
