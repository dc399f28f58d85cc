import type { Database } from '../db/database.ts';
import { member } from '../db/shared.repository.ts';
import { foundPostStatements } from '../db/found-posts.repository.ts';
import { type FoundPost, type FoundPostDetail, type SearchField, fts5Term, tsTerm } from '../lib/search-text.ts';
import { SEARCH_WINDOW } from './search.repository.ts';

/**
 * The reads of the results page (POST /search/results). Posts come from the indexes of migration 0019
 * as id lists, newest first, bounded: for each query word, the newest CANDIDATES posts whose title or
 * subtitle holds it as a word prefix (whole word for one letter), and the newest CANDIDATES whose body
 * holds it as a whole word; the service ranks their union. No statement walks a table.
 */

/** How many posts one word brings from each index (title and subtitle; body): the ranking's bound. */
export const CANDIDATES = 100;
/**
 * PostgreSQL: GIN hands back a word's matches in no order, so the newest CANDIDATES of a common word
 * would cost all its matches. A word that PostgreSQL's statistics (pg_stats' most common elements,
 * read every STATS_MS) say is common enough to fill CANDIDATES within the newest PG_WINDOW posts is
 * looked for there first, one row at a time, stopping at CANDIDATES; only if that window holds too few
 * is the index asked for the older ones. Any other word goes to the index at once: its matches are
 * few. Either way the answer is the same (the newest CANDIDATES matches); the statistics choose the
 * cheaper way only.
 */
export const PG_WINDOW = 2000;
const STATS_MS = 10 * 60_000;

export type CandidateRow = FoundPost;

export type PostDetailRow = FoundPostDetail;

export interface PersonRow {
  id: number;
  name: string | null;
  username: string | null;
  bio: string | null;
  profile_picture: string | null;
  followers_count: number;
}

export interface TopicRow {
  id: number;
  name: string;
  description: string | null;
  followers_count: number;
}

type Field = SearchField;

const SQLITE_HITS = (table: string) => `SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ? AND rowid <= ? ORDER BY rowid DESC LIMIT ${CANDIDATES}`;
const PG_RECENT = (column: string) => `SELECT id FROM (SELECT id, ${column} FROM posts WHERE id <= ? ORDER BY id DESC LIMIT ${PG_WINDOW}) w
  WHERE ${column} @@ to_tsquery('inkwell_search', ?) ORDER BY id DESC LIMIT ${CANDIDATES}`;
const PG_OLDER = (fn: string) => `SELECT id FROM ${fn}(to_tsquery('inkwell_search', ?)) h WHERE id < ? ORDER BY id DESC LIMIT ${CANDIDATES}`;

const peopleWindow = `SELECT id FROM users WHERE deactivated_at IS NULL AND limited_at IS NULL AND ${member()} ORDER BY followers_count DESC, id ASC LIMIT ${SEARCH_WINDOW}`;
const PERSON_COLUMNS = 'id, name, username, bio, profile_picture, followers_count';

/** The statements of one database (exported for the plan tests). */
export function resultsStatements(dialect: Database['dialect']) {
  const found = foundPostStatements(dialect);
  return {
    newestPost: 'SELECT max(id) AS id FROM posts',
    sqliteHits: { heading: SQLITE_HITS('posts_heading'), body: SQLITE_HITS('posts_body') },
    pgStats: `SELECT attname, most_common_elems::text AS elems, most_common_elem_freqs AS freqs FROM pg_stats
      WHERE schemaname = current_schema() AND tablename = 'posts' AND attname IN ('heading_tsv', 'body_tsv')`,
    pgWindowFloor: `SELECT min(id) AS low, count(*) AS n FROM (SELECT id FROM posts WHERE id <= ? ORDER BY id DESC LIMIT ${PG_WINDOW}) w`,
    pgRecent: { heading: PG_RECENT('heading_tsv'), body: PG_RECENT('body_tsv') },
    pgOlder: { heading: PG_OLDER('inkwell_heading_hits'), body: PG_OLDER('inkwell_body_hits') },
    candidates: found.found,
    details: found.details,
    peopleWindow: `SELECT ${PERSON_COLUMNS} FROM users WHERE deactivated_at IS NULL AND limited_at IS NULL AND ${member()} ORDER BY followers_count DESC, id ASC LIMIT ${SEARCH_WINDOW}`,
    peopleBeyond:
      dialect === 'sqlite'
        ? `SELECT ${PERSON_COLUMNS} FROM users WHERE id IN (
            SELECT rowid FROM users_search WHERE users_search MATCH ? UNION SELECT rowid FROM users_bio_search WHERE users_bio_search MATCH ?
          ) AND deactivated_at IS NULL AND limited_at IS NULL AND ${member()} AND id NOT IN (${peopleWindow}) ORDER BY followers_count DESC, id ASC LIMIT ${CANDIDATES}`
        : `SELECT ${PERSON_COLUMNS} FROM inkwell_people_text_hits(?) WHERE id NOT IN (${peopleWindow})
          ORDER BY followers_count DESC, id ASC LIMIT ${CANDIDATES}`,
    topics: 'SELECT id, name, description, followers_count FROM categories ORDER BY id',
  };
}

export function createResultsRepository(database: Database) {
  const { dialect } = database;
  const s = resultsStatements(dialect);
  const idList = (ids: readonly number[]) => (dialect === 'sqlite' ? JSON.stringify(ids) : ids);

  /** PostgreSQL: the oldest id of the window below `maxId`, or 0 when the window holds every post. */
  async function windowFloor(maxId: number): Promise<number> {
    const [row] = await database.all<{ low: number | null; n: number | string }>(s.pgWindowFloor, [maxId]);
    return row && Number(row.n) >= PG_WINDOW ? Number(row.low) : 0;
  }

  let stats: { at: number; read: Promise<Map<string, Map<string, number>>> } | null = null;
  /** PostgreSQL: per tsvector column, its most common words and the share of posts holding each. */
  function commonWords(): Promise<Map<string, Map<string, number>>> {
    if (stats && Date.now() - stats.at < STATS_MS) return stats.read;
    const read = database.all<{ attname: string; elems: string | null; freqs: number[] | null }>(s.pgStats, []).then((rows) => {
      const out = new Map<string, Map<string, number>>();
      for (const { attname, elems, freqs } of rows) {
        if (!elems || !freqs) continue;
        const words = elems
          .replace(/^\{|\}$/g, '')
          .split(',')
          .map((e) => e.replace(/^"|"$/g, ''));
        out.set(attname === 'heading_tsv' ? 'heading' : 'body', new Map(words.map((e, i) => [e, freqs[i] ?? 0])));
      }
      return out;
    });
    stats = { at: Date.now(), read };
    read.catch(() => (stats = null));
    return read;
  }

  /** Whether a word may fill CANDIDATES within the window: it is among the common words (all are, without statistics yet). */
  function common(shares: Map<string, number> | undefined, word: string, field: Field): boolean {
    if (!shares || shares.size === 0) return true;
    let share = 0;
    if (field === 'heading' && word.length > 1) for (const [e, f] of shares) share += e.startsWith(word) ? f : 0;
    else share = shares.get(word) ?? 0;
    return share * PG_WINDOW >= CANDIDATES;
  }

  return {
    /** The newest post's id (0 when there is none): later pages look at no post past it. */
    async newestPostId(): Promise<number> {
      const [row] = await database.all<{ id: number | null }>(s.newestPost, []);
      return Number(row?.id ?? 0);
    },

    /**
     * For each word, the ids (newest first, at most CANDIDATES, none past maxId) of the posts whose
     * title or subtitle ('heading') or body holds it.
     */
    async hits(words: readonly string[], field: Field, maxId: number): Promise<number[][]> {
      if (dialect === 'sqlite') return Promise.all(words.map(async (w) => (await database.all<{ id: number }>(s.sqliteHits[field], [fts5Term(w, field), maxId])).map((r) => r.id)));
      // One statement at a time: a request holds at most one place in the pool's queue.
      let floor: number | undefined;
      const shares = await commonWords();
      const lists: number[][] = [];
      for (const w of words) {
        if (!common(shares.get(field), w, field)) {
          lists.push((await database.all<{ id: number }>(s.pgOlder[field], [tsTerm(w, field), maxId + 1])).map((r) => r.id));
          continue;
        }
        const recent = (await database.all<{ id: number }>(s.pgRecent[field], [maxId, tsTerm(w, field)])).map((r) => r.id);
        floor ??= recent.length >= CANDIDATES ? undefined : await windowFloor(maxId);
        if (recent.length >= CANDIDATES || !floor) {
          lists.push(recent);
          continue;
        }
        const older = await database.all<{ id: number }>(s.pgOlder[field], [tsTerm(w, field), floor]);
        lists.push([...recent, ...older.map((r) => r.id)].slice(0, CANDIDATES));
      }
      return lists;
    },

    /** Title, subtitle, date and author of these posts, leaving out those of deactivated members. */
    candidates: (ids: readonly number[]) => (ids.length === 0 ? Promise.resolve([]) : database.all<CandidateRow>(s.candidates, [idList(ids)])),
    /** What one page shows of its posts. */
    details: (ids: readonly number[]) => (ids.length === 0 ? Promise.resolve([]) : database.all<PostDetailRow>(s.details, [idList(ids)])),

    peopleWindow: () => database.all<PersonRow>(s.peopleWindow, []),
    /** People past the window whose name, user name or bio holds `text` (three characters or more), most followed first. */
    peopleBeyond(text: string): Promise<PersonRow[]> {
      if (dialect === 'sqlite') {
        const phrase = `"${text.replace(/"/g, '""')}"`;
        return database.all<PersonRow>(s.peopleBeyond, [phrase, phrase]);
      }
      return database.all<PersonRow>(s.peopleBeyond, [`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
    },
    topics: () => database.all<TopicRow>(s.topics, []),
  };
}

export type ResultsRepository = ReturnType<typeof createResultsRepository>;
