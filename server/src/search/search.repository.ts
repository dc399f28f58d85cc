import { SEARCH_RESULTS_MAX, type SearchResponse } from '@inkwell/contract';
import type { Database } from '../db/database.ts';
import { sitePosts } from '../db/key-walk.ts';
import { member } from '../db/shared.repository.ts';

export type FoundUser = SearchResponse['users'][number];
export type FoundPost = SearchResponse['posts'][number];
/** A found post with its author, so a reader's blocked authors can be left out. */
export interface AuthoredPost extends FoundPost {
  user_id: number;
}
export interface WindowPerson extends FoundUser {
  username: string | null;
}

/**
 * How many of the newest posts, and of the most followed people, a search looks at first (the service
 * keeps them in memory for a moment). A common word finds its results there; a rare one, or one nobody
 * wrote, goes on to the index, whose cost is that of its matches. No search walks a whole table.
 */
export const SEARCH_WINDOW = 500;
/** The trigram indexes cannot help a shorter text: it is looked for in the window only. */
export const TRIGRAM_MIN = 3;

/** LIKE pattern for text inside a name: % and _ are taken literally (escaped with \\). */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** An FTS5 phrase: the text quoted, quotes doubled; no FTS5 syntax gets through. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

const LIMIT = SEARCH_RESULTS_MAX;

/** The windows: index walks that stop at SEARCH_WINDOW rows (primary key; users_followers_rank_idx). */
const RECENT_POSTS = (postgres: boolean) => `SELECT p.id, p.title, p.image, p.user_id FROM ${sitePosts(postgres, 'p')} JOIN users u ON u.id = p.user_id
  WHERE p.ap_id IS NULL AND u.deactivated_at IS NULL AND u.limited_at IS NULL ORDER BY p.id DESC LIMIT ${SEARCH_WINDOW}`;
const MOST_FOLLOWED = `SELECT id, name, username, profile_picture FROM users WHERE deactivated_at IS NULL AND limited_at IS NULL AND ${member()}
  ORDER BY followers_count DESC, id ASC LIMIT ${SEARCH_WINDOW}`;

/**
 * Posts older than the window whose title holds every word as a word prefix, newest first (four times
 * as many as a search shows, so that leaving out a reader's blocked authors still fills it): FTS5 on
 * SQLite; on PostgreSQL the GIN index over the stored title tsvector, through inkwell_title_hits (a
 * function planned without sequential scans, migration 0009).
 */
const OLDER_POSTS = {
  sqlite: `SELECT p.id, p.title, p.image, p.user_id FROM (
      SELECT rowid AS id FROM posts_search WHERE posts_search MATCH ? AND rowid < ? ORDER BY rowid DESC LIMIT ${LIMIT * 4}
    ) hit JOIN posts p ON p.id = hit.id JOIN users u ON u.id = p.user_id WHERE u.deactivated_at IS NULL AND u.limited_at IS NULL AND ${member('u')} ORDER BY p.id DESC`,
  // The author's state as a scalar subquery (a primary-key probe per match): a join would let the planner
  // walk all users to hash them against the matches. Beyond the window a story from elsewhere is left
  // out by its author (an account elsewhere writes only those), which that probe reads anyway.
  postgres: `SELECT h.id, h.title, h.image, h.user_id FROM inkwell_title_hits(to_tsquery('simple', ?)) h
    WHERE h.id < ? AND (SELECT u.id FROM users u WHERE u.id = h.user_id AND u.deactivated_at IS NULL AND u.limited_at IS NULL AND ${member('u')}) IS NOT NULL
    ORDER BY h.id DESC LIMIT ${LIMIT * 4}`,
};

/**
 * People beyond the window whose name or user name holds the text, most followed first: the FTS5
 * trigram table on SQLite, pg_trgm through inkwell_people_hits on PostgreSQL (members only, as the
 * window: migration 0044).
 */
const windowIds = `SELECT id FROM users WHERE deactivated_at IS NULL AND limited_at IS NULL AND ${member()} ORDER BY followers_count DESC, id ASC LIMIT ${SEARCH_WINDOW}`;
const PEOPLE_BEYOND = {
  sqlite: `SELECT u.id, u.name, u.profile_picture FROM users_search s JOIN users u ON u.id = s.rowid
    WHERE users_search MATCH ? AND u.deactivated_at IS NULL AND u.limited_at IS NULL AND ${member('u')} AND u.id NOT IN (${windowIds})
    ORDER BY u.followers_count DESC, u.id ASC LIMIT ${LIMIT}`,
  postgres: `SELECT id, name, profile_picture FROM inkwell_people_hits(?) WHERE id NOT IN (${windowIds})
    ORDER BY followers_count DESC, id ASC LIMIT ${LIMIT}`,
};

/** The statements of one database (exported for the plan tests). */
export function searchStatements(dialect: Database['dialect']) {
  return { recentPosts: RECENT_POSTS(dialect === 'postgres'), olderPosts: OLDER_POSTS[dialect], mostFollowed: MOST_FOLLOWED, peopleBeyond: PEOPLE_BEYOND[dialect] };
}

export function createSearchRepository(database: Database) {
  const { dialect } = database;
  const statements = searchStatements(dialect);

  return {
    recentPosts: () => database.all<AuthoredPost>(statements.recentPosts, []),
    mostFollowed: () => database.all<WindowPerson>(statements.mostFollowed, []),

    /** Posts with an id below `below` holding every word as a word prefix of their title. */
    olderPosts(words: string[], below: number): Promise<AuthoredPost[]> {
      const query = dialect === 'sqlite' ? words.map((w) => `${phrase(w)}*`).join(' ') : words.map((w) => `${w}:*`).join(' & ');
      return database.all<AuthoredPost>(statements.olderPosts, [query, below]);
    },

    /** People beyond the window whose name or user name holds the text (TRIGRAM_MIN characters or more). */
    peopleBeyond(text: string): Promise<FoundUser[]> {
      if ([...text].length < TRIGRAM_MIN) return Promise.resolve([]);
      return database.all<FoundUser>(statements.peopleBeyond, [dialect === 'postgres' ? contains(text) : phrase(text)]);
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
