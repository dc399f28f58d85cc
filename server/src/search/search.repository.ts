import { SEARCH_RESULTS_MAX, type SearchResponse } from '@inkwell/contract';
import type { Database } from '../db/database';

/** Words of a query as the full-text indexes see them: letters and digits, lower case, at most 8. */
export function queryWords(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 8);
}

/** LIKE pattern for text inside a name: % and _ are taken literally (escaped with \\). */
const contains = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const USERS = `SELECT id, name, profile_picture FROM users
  WHERE deactivated_at IS NULL AND (LOWER(name) LIKE ? ESCAPE '\\' OR LOWER(username) LIKE ? ESCAPE '\\')
  ORDER BY followers_count DESC, id ASC LIMIT ${SEARCH_RESULTS_MAX}`;

/**
 * Posts whose title holds every word of the query as a word prefix, newest first. SQLite walks the
 * FTS5 index in rowid order (newest first) and stops at the limit; PostgreSQL uses the GIN index.
 */
const POSTS = {
  sqlite: `SELECT p.id, p.title, p.image FROM (
      SELECT rowid AS id FROM posts_search WHERE posts_search MATCH ? ORDER BY rowid DESC LIMIT ${SEARCH_RESULTS_MAX}
    ) hit JOIN posts p ON p.id = hit.id ORDER BY p.id DESC`,
  postgres: `SELECT id, title, image FROM posts WHERE to_tsvector('simple', title) @@ to_tsquery('simple', ?)
    ORDER BY id DESC LIMIT ${SEARCH_RESULTS_MAX}`,
};

export function createSearchRepository(database: Database) {
  return {
    /** People whose name or user name holds the query's words as typed (in order), most followed first. */
    users: (text: string) => database.all<SearchResponse['users'][number]>(USERS, [contains(text), contains(text)]),
    posts: (words: string[]) =>
      database.dialect === 'sqlite'
        ? // Each word quoted (no FTS5 syntax gets through) and matched as a prefix; all must match.
          database.all<SearchResponse['posts'][number]>(POSTS.sqlite, [words.map((w) => `"${w}"*`).join(' ')])
        : database.all<SearchResponse['posts'][number]>(POSTS.postgres, [words.map((w) => `${w}:*`).join(' & ')]),
  };
}
