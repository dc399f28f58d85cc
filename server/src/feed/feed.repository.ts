import { type CommentItem, type CommentsFrom, PAGE_SIZE } from '@inkwell/contract';
import { type CommentRow, type HeldWritings, type Hidden, type ReplyRow, heldWritings, thread } from './thread-items.ts';
import type { Database } from '../db/database.ts';
import { sitePosts, walkKey } from '../db/key-walk.ts';
import { cardElsewhere } from '../db/shared.repository.ts';
import type { CardRow } from '../lib/post-card.ts';
import { MAX_ID } from '../lib/id-cursor.ts';

export type { CardRow } from '../lib/post-card.ts';

/**
 * The reading side's SQL. Hand-written and prepared once (database.all): a page costs one statement.
 * Each page picks its ids from an index first (newest first by id, keyset `id < cursor`, a literal
 * LIMIT), then joins the authors and the viewer's likes and saves for just those rows, so a page's
 * cost does not depend on its depth and counts never need a query per card.
 */

export const FETCH = PAGE_SIZE + 1; // one more than a page tells whether there is a next one
/** The largest id a cursor may carry (posts.id is a 32-bit SERIAL on PostgreSQL). */
export const FIRST_CURSOR = MAX_ID;

// Placeholders: viewer (likes), viewer (saves). Read FROM … p CARD_JOINS.
const CARD_COLUMNS = `p.id, p.user_id, p.category_id, p.title, p.sub_title, p.image, si.width AS image_width,
  si.height AS image_height, p.read_time, p.created_at,
  p.likes_count, p.comments_count, u.name AS author_name, u.profile_picture AS author_picture,
  u.followers_count AS author_followers, CASE WHEN u.deactivated_at IS NULL THEN 1 ELSE 0 END AS author_active,
  ${cardElsewhere('p', 'u')},
  EXISTS (SELECT 1 FROM likes l WHERE l.post_id = p.id AND l.user_id = ? AND l.kind = 'like') AS is_like,
  EXISTS (SELECT 1 FROM saves s WHERE s.user_id = ? AND s.post_id = p.id) AS is_saved`;

/** A card's author, and its cover's size from the image ledger (by its primary key). */
const CARD_JOINS = 'JOIN users u ON u.id = p.user_id LEFT JOIN stored_images si ON si.path = p.image';

/** How many authors one Following statement walks; more are read in chunks and merged. */
export const WALKS_PER_STATEMENT = 50;
/**
 * Following reads the followed authors' posts in one join and sort while they wrote at most this many
 * posts per author on average (a joined row costs ~0.05 µs), and walks each author's index for a page
 * otherwise (~2.5 µs per author, whatever they wrote): either way a page costs O(followed authors).
 */
export const JOIN_ROWS_PER_AUTHOR = 50;

/**
 * The newest FETCH ids below the cursor for each of k values of an indexed column (k categories, k
 * authors): one bounded index walk each, merged. Costs at most k × FETCH index rows at any depth.
 * The column's test and order as walkKey says (db/key-walk.ts).
 */
const mergedWalks = (postgres: boolean, column: 'category_id' | 'user_id', k: number) => {
  const parts = Array.from(
    { length: k },
    (_, i) => `SELECT id FROM (SELECT id FROM posts WHERE ${walkKey(postgres, column)} AND id < ? ORDER BY ${column} DESC, id DESC LIMIT ${FETCH}) w${i}`,
  );
  return `${parts.join(' UNION ALL ')} ORDER BY id DESC LIMIT ${FETCH}`;
};

const pageOf = (ids: string) => `SELECT ${CARD_COLUMNS} FROM (${ids}) page JOIN posts p ON p.id = page.id ${CARD_JOINS} ORDER BY p.id DESC`;

/**
 * The walks down the (topic, id) and (author, id) indexes, as each database plans them best (walkKey):
 * `walkStatements(false)` for SQLite (in SQL), `walkStatements(true)` for PostgreSQL.
 */
export const walkStatements = (postgres: boolean) => {
  const one = (column: 'category_id' | 'user_id') => pageOf(`SELECT id FROM posts WHERE ${walkKey(postgres, column)} AND id < ? ORDER BY ${column} DESC, id DESC LIMIT ${FETCH}`);
  return {
    byCategory: one('category_id'),
    byAuthor: one('user_id'),
    /** k categories (a reader's chosen topics): the newest page of each from its index, merged. */
    byCategories: (k: number) => pageOf(mergedWalks(postgres, 'category_id', k)),
    /** k followed authors (k ≤ WALKS_PER_STATEMENT): the newest page of each from its index, merged. */
    byAuthors: (k: number) => pageOf(mergedWalks(postgres, 'user_id', k)),
    /** The same ids without the cards, for a reader following more authors than one statement walks. */
    idsByAuthors: (k: number) => mergedWalks(postgres, 'user_id', k),
    /** The site's newest posts (a story of an account elsewhere is in Following only, ADR 0080). */
    latest: pageOf(`SELECT id FROM ${sitePosts(postgres)} WHERE id < ? AND ap_id IS NULL ORDER BY id DESC LIMIT ${FETCH}`),
    /** Title-word matches among the site's newest 2000 posts (none from elsewhere); 5 LIKE patterns (unused ones are '', which no title matches). */
    titleWords: `SELECT id, title, category_id FROM (SELECT id, title, category_id FROM ${sitePosts(postgres)} WHERE ap_id IS NULL ORDER BY id DESC LIMIT 2000) recent
      WHERE id <> ? AND (LOWER(title) LIKE ? OR LOWER(title) LIKE ? OR LOWER(title) LIKE ? OR LOWER(title) LIKE ? OR LOWER(title) LIKE ?)
      ORDER BY id DESC LIMIT 50`,
    /** A post's related posts: the newest of its topic but itself. */
    sameCategory: `SELECT id FROM posts WHERE ${walkKey(postgres, 'category_id')} AND id <> ? ORDER BY category_id DESC, id DESC LIMIT 12`,
  };
};

/** What a comment's author says of an account elsewhere (null columns for a member), from its row of users `u`, which /block names. */
const ELSEWHERE = (u: string) => `${u}.domain, ${u}.handle, ${u}.icon_url, ${u}.url AS profile_url, CASE WHEN ${u}.domain IS NOT NULL THEN ${u}.id END AS account_id`;
/** How many accounts elsewhere boosted the post (likes of kind boost: one range of likes_post_time_idx). */
const BOOSTS = `(SELECT COUNT(*) FROM likes b WHERE b.post_id = p.id AND b.kind = 'boost') AS boosts_count`;

export const SQL = {
  ...walkStatements(false),
  /** The authors a reader follows, with how much each wrote. */
  followedAuthors: `SELECT f.following_id, u.post_count FROM follows f JOIN users u ON u.id = f.following_id
    WHERE f.follower_id = ? ORDER BY f.following_id`,
  /** Following for authors who wrote little: their posts below the cursor, joined and sorted. */
  following: pageOf(
    `SELECT p2.id FROM follows f JOIN posts p2 ON p2.user_id = f.following_id
     WHERE f.follower_id = ? AND p2.id < ? ORDER BY p2.id DESC LIMIT ${FETCH}`,
  ),
  saved: `SELECT ${CARD_COLUMNS}, page.saved_at FROM (
      SELECT post_id AS id, created_at AS saved_at FROM saves
      WHERE user_id = ? AND (created_at < ? OR (created_at = ? AND post_id < ?))
      ORDER BY created_at DESC, post_id DESC LIMIT ${FETCH}
    ) page JOIN posts p ON p.id = page.id ${CARD_JOINS} ORDER BY page.saved_at DESC, p.id DESC`,
  detail: `SELECT ${CARD_COLUMNS}, p.description, p.updated_at, p.comments_from, ${BOOSTS} FROM posts p ${CARD_JOINS} WHERE p.id = ?`,
  /** The recorded sizes of the stored images a post uses (its body's, for their width, height and srcset). */
  imageSizes: `SELECT si.path, si.width, si.height FROM post_images pi JOIN stored_images si ON si.path = pi.path
    WHERE pi.post_id = ? AND si.width IS NOT NULL`,
  comments: `SELECT c.id, c.user_id, c.post_id, c.body, c.created_at, c.url, u.name, u.profile_picture, ${ELSEWHERE('u')}
    FROM comments c JOIN users u ON u.id = c.user_id WHERE c.post_id = ? AND c.hidden IS NULL AND u.deactivated_at IS NULL ORDER BY c.id DESC LIMIT 500`,
  replies: `SELECT r.id, r.user_id, r.comment_id, r.reply_to_id, r.body, r.created_at, r.url, u.name, u.profile_picture, ${ELSEWHERE('u')}
    FROM replies r JOIN users u ON u.id = r.user_id WHERE r.post_id = ? AND r.hidden IS NULL AND u.deactivated_at IS NULL ORDER BY r.id ASC LIMIT 5000`,
  /** A reader's own comments and replies out of others' sight on a post (ADR 0099): a probe of the partial indexes of hidden writings. */
  heldComments: `SELECT c.id, c.user_id, c.post_id, c.body, c.created_at, c.url, c.hidden, u.name, u.profile_picture, ${ELSEWHERE('u')}
    FROM comments c JOIN users u ON u.id = c.user_id WHERE c.post_id = ? AND c.user_id = ? AND c.hidden IS NOT NULL ORDER BY c.id DESC LIMIT 100`,
  heldReplies: `SELECT r.id, r.user_id, r.comment_id, r.reply_to_id, r.body, r.created_at, r.url, r.hidden, u.name, u.profile_picture, ${ELSEWHERE('u')}
    FROM replies r JOIN users u ON u.id = r.user_id WHERE r.post_id = ? AND r.user_id = ? AND r.hidden IS NOT NULL ORDER BY r.id ASC LIMIT 100`,
  /** What the story's writer hid on it (ADR 0113), for them to see labelled: a probe of the same partial indexes. */
  authorHiddenComments: `SELECT c.id, c.user_id, c.post_id, c.body, c.created_at, c.url, c.hidden, u.name, u.profile_picture, ${ELSEWHERE('u')}
    FROM comments c JOIN users u ON u.id = c.user_id WHERE c.post_id = ? AND c.hidden = 'author' ORDER BY c.id DESC LIMIT 100`,
  authorHiddenReplies: `SELECT r.id, r.user_id, r.comment_id, r.reply_to_id, r.body, r.created_at, r.url, r.hidden, u.name, u.profile_picture, ${ELSEWHERE('u')}
    FROM replies r JOIN users u ON u.id = r.user_id WHERE r.post_id = ? AND r.hidden = 'author' ORDER BY r.id ASC LIMIT 100`,
  /**
   * Which of up to 11 posts the viewer liked (kind 1) and saved (kind 2), through the likes (user_id,
   * kind, post_id) index and the saves key; unused slots carry 0, which no post has. Two index probes per
   * post: about half the cost of two correlated EXISTS per row.
   */
  viewerFlags: `SELECT post_id, 1 AS kind FROM likes WHERE user_id = ? AND kind = 'like' AND post_id IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    UNION ALL SELECT post_id, 2 AS kind FROM saves WHERE user_id = ? AND post_id IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  /**
   * A reader's own of one post page, in one statement: their like (kind 1) and save (2), and whether
   * they have a comment (3) or reply (4) out of others' sight on it (ADR 0099; through the partial
   * indexes of hidden writings: almost always nothing). Placeholders: viewer, post, four times.
   */
  pageFlags: `SELECT 1 AS kind FROM likes WHERE user_id = ? AND kind = 'like' AND post_id = ?
    UNION ALL SELECT 2 FROM saves WHERE user_id = ? AND post_id = ?
    UNION ALL SELECT 3 WHERE EXISTS (SELECT 1 FROM comments WHERE user_id = ? AND post_id = ? AND hidden IS NOT NULL)
    UNION ALL SELECT 4 WHERE EXISTS (SELECT 1 FROM replies WHERE user_id = ? AND post_id = ? AND hidden IS NOT NULL)
    UNION ALL SELECT 5 WHERE EXISTS (SELECT 1 FROM comment_bans b WHERE b.reader_id = ? AND b.writer_id = (SELECT user_id FROM posts WHERE id = ?))`,
  /** Cards for up to FETCH given ids, newest first (unused slots carry 0, which no post has). */
  cardsByIdsNewestFirst: `SELECT ${CARD_COLUMNS} FROM posts p ${CARD_JOINS}
    WHERE p.id IN (${Array(FETCH).fill('?').join(', ')}) ORDER BY p.id DESC`,
  /** Cards for up to 6 given ids (unused slots carry 0, which no post has). */
  cardsByIds: `SELECT ${CARD_COLUMNS} FROM posts p ${CARD_JOINS} WHERE p.id IN (?, ?, ?, ?, ?, ?)`,
  /**
   * PostgreSQL: the post page in one statement, one round trip: the post's card row and body (with the
   * viewer's like and save), its comments and its replies each aggregated as one JSON array of rows
   * (json_agg over the rows: nested objects built with json_build_object cost the backend 1.5× the CPU),
   * and, only for a body holding stored images, their recorded sizes (a key probe per image: OFFSET 0
   * keeps the planner from hashing the whole ledger instead). The same
   * rows as `detail`, `comments`, `replies` and `imageSizes` give on SQLite: the newest 500 comments and
   * the first 5 000 replies of active members in sight (none held: ADR 0099), then those of authors the viewer blocked left out.
   * Placeholders: viewer (likes), viewer (saves), viewer (blocks, comments), viewer (blocks, replies), post.
   */
  postPage: `SELECT ${CARD_COLUMNS}, p.description, p.updated_at, p.comments_from, ${BOOSTS},
    (SELECT json_agg(c ORDER BY c.id DESC) FROM (
        SELECT c.id, c.user_id, c.post_id, c.body, c.created_at, c.url, cu.name, cu.profile_picture, ${ELSEWHERE('cu')}
        FROM comments c JOIN users cu ON cu.id = c.user_id
        WHERE c.post_id = p.id AND c.hidden IS NULL AND cu.deactivated_at IS NULL ORDER BY c.id DESC LIMIT 500) c) AS comments,
    (SELECT json_agg(r ORDER BY r.id) FROM (
        SELECT r.id, r.user_id, r.comment_id, r.reply_to_id, r.body, r.created_at, r.url, ru.name, ru.profile_picture, ${ELSEWHERE('ru')}
        FROM replies r JOIN users ru ON ru.id = r.user_id
        WHERE r.post_id = p.id AND r.hidden IS NULL AND ru.deactivated_at IS NULL ORDER BY r.id ASC LIMIT 5000) r) AS replies,
    CASE WHEN strpos(p.description, 'src="/storage/') > 0 THEN (SELECT json_agg(sized) FROM post_images pi
      CROSS JOIN LATERAL (SELECT s2.path, s2.width, s2.height FROM stored_images s2
        WHERE s2.path = pi.path AND s2.width IS NOT NULL OFFSET 0) sized
      WHERE pi.post_id = p.id) END AS image_sizes
    FROM posts p ${CARD_JOINS} WHERE p.id = ?`,
  /** A post of an active author (a deactivated author's posts show nowhere, link previews included). */
  meta: `SELECT p.id, p.category_id, p.title, p.sub_title, p.image, p.created_at, u.name AS author_name
    FROM posts p JOIN users u ON u.id = p.user_id WHERE p.id = ? AND u.deactivated_at IS NULL`,
} as const;

export type DetailRow = CardRow & { description: string; updated_at: string; comments_from: CommentsFrom; boosts_count: number | string };
export interface ImageSizeRow {
  path: string;
  width: number;
  height: number;
}
/** What the post page shows: the post, its comments with their replies (blocked and deactivated authors' left out), its body images' sizes. */
export interface PostPageRows {
  post: DetailRow;
  comments: CommentItem[];
  imageSizes: ImageSizeRow[];
}

export interface PostMeta {
  id: number;
  /** Null for a story of an account elsewhere. */
  category_id: number | null;
  title: string;
  sub_title: string;
  image: string | null;
  created_at: string;
  author_name: string | null;
}

/** An author a reader follows, with how much they wrote (which way of reading their posts is cheaper). */
export interface FollowedAuthor {
  following_id: number;
  post_count: number;
}

export function createFeedRepository(database: Database, tuning: { joinRowsPerAuthor?: number } = {}) {
  const joinRowsPerAuthor = tuning.joinRowsPerAuthor ?? JOIN_ROWS_PER_AUTHOR;
  const cards = (sql: string, viewer: number, params: readonly unknown[]) => database.all<CardRow>(sql, [viewer, viewer, ...params]);
  const W = database.dialect === 'postgres' ? walkStatements(true) : SQL;
  /**
   * The posts of `followed` (whom `follower` follows) below the cursor, with `viewer`'s likes and saves:
   * one join over their posts while they wrote little, else each author's newest page from their
   * index, merged (in chunks past WALKS_PER_STATEMENT authors).
   */
  const followingPage = async (follower: number, followed: readonly FollowedAuthor[], cursor: number, viewer = follower) => {
    if (followed.length === 0) return [];
    const written = followed.reduce((sum, a) => sum + a.post_count, 0);
    if (written <= joinRowsPerAuthor * followed.length) return cards(SQL.following, viewer, [follower, cursor]);
    const authors = followed.map((a) => a.following_id);
    const walks = (chunk: number[]) => chunk.flatMap((id) => [id, cursor]);
    if (authors.length <= WALKS_PER_STATEMENT) return cards(W.byAuthors(authors.length), viewer, walks(authors));
    const ids: number[] = [];
    for (let i = 0; i < authors.length; i += WALKS_PER_STATEMENT) {
      const chunk = authors.slice(i, i + WALKS_PER_STATEMENT);
      for (const row of await database.all<{ id: number }>(W.idsByAuthors(chunk.length), walks(chunk))) ids.push(row.id);
    }
    const newest = ids.sort((a, b) => b - a).slice(0, FETCH);
    return cards(SQL.cardsByIdsNewestFirst, viewer, [...newest, ...Array<number>(FETCH).fill(0)].slice(0, FETCH));
  };
  return {
    latest: (viewer: number, cursor: number) => cards(W.latest, viewer, [cursor]),
    byCategory: (viewer: number, categoryId: number, cursor: number) => cards(W.byCategory, viewer, [categoryId, cursor]),
    byAuthor: (viewer: number, authorId: number, cursor: number) => cards(W.byAuthor, viewer, [authorId, cursor]),
    /** Following: the posts of the authors the viewer follows. */
    following: async (viewer: number, cursor: number) => followingPage(viewer, await database.all<FollowedAuthor>(SQL.followedAuthors, [viewer]), cursor),
    followingPage,
    byCategories: async (viewer: number, categoryIds: readonly number[], cursor: number) =>
      categoryIds.length === 0
        ? []
        : cards(
            W.byCategories(categoryIds.length),
            viewer,
            categoryIds.flatMap((id) => [id, cursor]),
          ),
    saved: (viewer: number, savedBefore: string, postBefore: number) =>
      database.all<CardRow & { saved_at: string }>(SQL.saved, [viewer, viewer, viewer, savedBefore, savedBefore, postBefore]),
    /**
     * The post page as a visitor sees it (no likes or saves of a reader, nobody's blocks applied: the
     * service adds those), or undefined when there is no such post. PostgreSQL: one statement
     * (SQL.postPage). SQLite (in-process, each prepared read a few µs): the post, then its comments,
     * replies and (only for a body holding stored images) their sizes. Either way the replies are then
     * put under their comments here (`thread`).
     */
    postPage: async (postId: number): Promise<PostPageRows | undefined> => {
      if (database.dialect === 'postgres') {
        type Row = DetailRow & { comments: CommentRow[] | null; replies: ReplyRow[] | null; image_sizes: ImageSizeRow[] | null };
        const row = (await database.all<Row>(SQL.postPage, [0, 0, postId]))[0];
        if (!row) return undefined;
        const { comments, replies, image_sizes: imageSizes, ...post } = row;
        return { post, comments: thread(comments ?? [], replies ?? []), imageSizes: imageSizes ?? [] };
      }
      const post = (await database.all<DetailRow>(SQL.detail, [0, 0, postId]))[0];
      if (!post) return undefined;
      const [comments, replies, imageSizes] = await Promise.all([
        database.all<CommentRow>(SQL.comments, [postId]),
        database.all<ReplyRow>(SQL.replies, [postId]),
        // Sizes only for a body holding stored images (most hold none: no statement then).
        post.description.includes('src="/storage/') ? database.all<ImageSizeRow>(SQL.imageSizes, [postId]) : [],
      ]);
      return { post, comments: thread(comments, replies), imageSizes };
    },
    /** The reader's own comments and replies out of others' sight on the post (ADR 0099), each marked why. */
    heldOf: async (postId: number, reader: number): Promise<HeldWritings> => {
      const [comments, replies] = await Promise.all([
        database.all<CommentRow & Hidden>(SQL.heldComments, [postId, reader]),
        database.all<ReplyRow & Hidden>(SQL.heldReplies, [postId, reader]),
      ]);
      return heldWritings(comments, replies);
    },
    /** What the story's writer hid on it (ADR 0113), each marked so, for them. */
    hiddenByAuthorOn: async (postId: number): Promise<HeldWritings> => {
      const [comments, replies] = await Promise.all([
        database.all<CommentRow & Hidden>(SQL.authorHiddenComments, [postId]),
        database.all<ReplyRow & Hidden>(SQL.authorHiddenReplies, [postId]),
      ]);
      return heldWritings(comments, replies);
    },
    sameCategory: async (categoryId: number, exceptId: number) => (await database.all<{ id: number }>(W.sameCategory, [categoryId, exceptId])).map((r) => r.id),
    titleWordMatches: (exceptId: number, patterns: string[]) => database.all<{ id: number; title: string; category_id: number }>(W.titleWords, [exceptId, ...patterns]),
    /** The reader's like and save of one post, and whether they have writings out of others' sight on it (then read with heldOf). */
    pageFlags: async (viewer: number, postId: number) => {
      const kinds = new Set(
        (
          await database.all<{ kind: number }>(
            SQL.pageFlags,
            Array<number>(5)
              .fill(0)
              .flatMap(() => [viewer, postId]),
          )
        ).map((r) => Number(r.kind)),
      );
      // 5: the story's writer banned the reader from their stories' comments (ADR 0116).
      return { liked: kinds.has(1), saved: kinds.has(2), hidden: kinds.has(3) || kinds.has(4), banned: kinds.has(5) };
    },
    viewerFlags: async (viewer: number, ids: number[]) => {
      const slots = [...ids, ...Array<number>(11).fill(0)].slice(0, 11);
      const rows = await database.all<{ post_id: number; kind: number }>(SQL.viewerFlags, [viewer, ...slots, viewer, ...slots]);
      const liked = new Set<number>();
      const saved = new Set<number>();
      for (const r of rows) (r.kind === 1 ? liked : saved).add(r.post_id);
      return { liked, saved };
    },
    cardsByIds: (viewer: number, ids: number[]) => cards(SQL.cardsByIds, viewer, [...ids, 0, 0, 0, 0, 0, 0].slice(0, 6)),
    meta: async (postId: number) => (await database.all<PostMeta>(SQL.meta, [postId]))[0],
  };
}

export type FeedRepository = ReturnType<typeof createFeedRepository>;
