import type { Database } from '../db/database.ts';
import { ID_LIST, foundPostStatements } from '../db/found-posts.repository.ts';
import { type FoundPost, type FoundPostDetail, fts5Term, tsTerm } from '../lib/search-text.ts';
import { walkKey } from '../db/key-walk.ts';

/**
 * The reads of the library's search (POST /library/search), hand-written and prepared once. No
 * statement walks a table:
 * - the member's three sets, each one bounded walk of an index, newest first: the newest SET_MAX saved
 *   stories (saves_user_time_idx), the history (at most HISTORY_MAX, reading_history_recent_idx), the
 *   newest SET_MAX stories they wrote (posts_user_id_idx); none past the first page's newest post;
 * - for each query word, which of those ids the full-text indexes of migration 0019 say hold it: the
 *   title or subtitle as a word prefix (SQLite posts_heading, PostgreSQL heading_tsv), the body as a
 *   whole word (posts_body, body_tsv), as the results page matches them. SQLite reads the word's list in
 *   the FTS5 index and keeps the member's ids (probing FTS5 once per id costs ~20 µs each, the list
 *   ~0.07 µs a match); PostgreSQL looks each of the member's ids up by primary key and tests its
 *   stored tsvectors, every word in one statement (at most 3 × SET_MAX rows, whatever the site holds:
 *   ~10 ms for 2 500 ids here);
 * - the matches' titles, dates and authors, then one page's details, by primary key.
 * Bodies are never read to match: only the shown page's body text is, for its snippets.
 */

/** The most stories one set brings: the newest saved, the newest written (the history keeps at most HISTORY_MAX). */
export const SET_MAX = 1000;

export type MatchRow = FoundPost;

export type DetailRow = FoundPostDetail;

/** 1 saved, 2 read, 3 written. */
export interface SetRow {
  kind: number;
  id: number;
}

// `+rowid` keeps the id list out of FTS5's plan: the word's list is read once and filtered by the ids
// (a bloom filter over them), rather than one full-text query per id.
const SQLITE_MATCH = (table: string) => `SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ? AND +rowid IN ${ID_LIST.sqlite}`;
// PostgreSQL: one statement for every word and both fields. The ids drive the plan: each one's post by
// primary key (a lateral subquery, kept apart by OFFSET 0 so the planner cannot turn it into a hash join
// over the whole table); a post holding any word (the words OR-ed, per field) says which ones its title
// or subtitle and its body hold (their places in the word list, from 1). Never a walk of a common word's
// GIN list and its heap rows, nor of posts. Placeholders: heading words, body words, ids, heading OR-query,
// body OR-query.
const PG_MATCH = `SELECT p.id,
    ARRAY(SELECT w.i::int FROM unnest(?::text[]) WITH ORDINALITY w(q, i) WHERE p.heading_tsv @@ to_tsquery('inkwell_search', w.q)) AS heading,
    ARRAY(SELECT w.i::int FROM unnest(?::text[]) WITH ORDINALITY w(q, i) WHERE p.body_tsv @@ to_tsquery('inkwell_search', w.q)) AS body
  FROM unnest(?::int[]) AS m(id)
  CROSS JOIN LATERAL (SELECT p.id, p.heading_tsv, p.body_tsv FROM posts p WHERE p.id = m.id OFFSET 0) p
  WHERE p.heading_tsv @@ to_tsquery('inkwell_search', ?) OR p.body_tsv @@ to_tsquery('inkwell_search', ?)`;

/** The statements of one database (exported for the plan tests). */
export function librarySearchStatements(dialect: Database['dialect']) {
  const found = foundPostStatements(dialect);
  const set = (kind: number, select: string) => `SELECT ${kind} AS kind, id FROM (${select}) s${kind}`;
  return {
    newestPost: 'SELECT max(id) AS id FROM posts',
    /**
     * Placeholders: member, max id (saved); member, max id (read); member, max id (written). `+post_id`
     * keeps the key (user_id, post_id) out of the plan: the walk is that of the time index, stopped by
     * LIMIT, not every row of the member's sorted.
     */
    sets: [
      set(1, `SELECT post_id AS id FROM saves WHERE user_id = ? AND +post_id <= ? ORDER BY created_at DESC, post_id DESC LIMIT ${SET_MAX}`),
      set(2, `SELECT post_id AS id FROM reading_history WHERE user_id = ? AND +post_id <= ? ORDER BY read_at DESC, post_id DESC LIMIT ${SET_MAX}`),
      // The author's posts as walkKey says (db/key-walk.ts): never the primary key's walk in a generic plan.
      set(3, `SELECT id FROM posts WHERE ${walkKey(dialect === 'postgres', 'user_id')} AND id <= ? ORDER BY user_id DESC, id DESC LIMIT ${SET_MAX}`),
    ].join(' UNION ALL '),
    /** SQLite: one word of one field. */
    sqliteMatch: { heading: SQLITE_MATCH('posts_heading'), body: SQLITE_MATCH('posts_body') },
    /** PostgreSQL: every word of both fields. */
    pgMatch: PG_MATCH,
    matches: found.found,
    details: found.details,
  };
}

export function createLibrarySearchRepository(database: Database) {
  const { dialect } = database;
  const s = librarySearchStatements(dialect);
  const idList = (ids: readonly number[]) => (dialect === 'sqlite' ? JSON.stringify(ids) : ids);

  return {
    /** The newest post's id (0 when there is none): later pages look at no post past it. */
    async newestPostId(): Promise<number> {
      const [row] = await database.all<{ id: number | null }>(s.newestPost, []);
      return Number(row?.id ?? 0);
    },

    /** The member's saved (1), read (2) and written (3) stories, none past maxId, each set bounded. */
    sets: (userId: number, maxId: number) => database.all<SetRow>(s.sets, [userId, maxId, userId, maxId, userId, maxId]),

    /**
     * For each word, which of `ids` hold it in their title or subtitle (`heading`, as a word prefix) and
     * in their body (as a whole word).
     */
    async matches(words: readonly string[], ids: readonly number[]): Promise<{ heading: number[][]; body: number[][] }> {
      const heading: number[][] = words.map(() => []);
      const body: number[][] = words.map(() => []);
      if (ids.length === 0 || words.length === 0) return { heading, body };
      const list = idList(ids);
      if (dialect === 'sqlite') {
        // One statement at a time (each a few ms at most: SQLite answers in-process).
        for (const [i, w] of words.entries()) {
          for (const [field, lists] of [
            ['heading', heading],
            ['body', body],
          ] as const) {
            lists[i] = (await database.all<{ id: number }>(s.sqliteMatch[field], [fts5Term(w, field), list])).map((r) => r.id);
          }
        }
        return { heading, body };
      }
      const headingTerms = words.map((w) => tsTerm(w, 'heading'));
      const bodyTerms = words.map((w) => tsTerm(w, 'body'));
      const rows = await database.all<{ id: number; heading: number[]; body: number[] }>(s.pgMatch, [
        headingTerms,
        bodyTerms,
        list,
        headingTerms.join(' | '),
        bodyTerms.join(' | '),
      ]);
      for (const row of rows) {
        for (const i of row.heading) heading[i - 1]!.push(row.id);
        for (const i of row.body) body[i - 1]!.push(row.id);
      }
      return { heading, body };
    },

    /** Title, subtitle, date and author of these posts, leaving out those of deactivated members. */
    rows: (ids: readonly number[]) => (ids.length === 0 ? Promise.resolve([]) : database.all<MatchRow>(s.matches, [idList(ids)])),
    /** What one page shows of its posts. */
    details: (ids: readonly number[]) => (ids.length === 0 ? Promise.resolve([]) : database.all<DetailRow>(s.details, [idList(ids)])),
  };
}

export type LibrarySearchRepository = ReturnType<typeof createLibrarySearchRepository>;
