import type { Database } from '../db/database.ts';
import { sitePosts } from '../db/key-walk.ts';
import type { FollowedAuthor } from './feed.repository.ts';

/**
 * What 'For you' reads besides the posts (issue 13), prepared once like the feed's other statements:
 * the reader's profile in one statement, the topics' names, and which posts are popular in a topic.
 */

/**
 * 'Popular': among the POPULAR_TOP most liked posts of its topic in the newest POPULAR_WINDOW posts
 * (the window Picks looks at), with POPULAR_MIN_LIKES likes at least. The same for every reader, so it
 * is read once and kept beside the pages: a walk of the newest posts by key, whatever the table holds.
 */
export const POPULAR_WINDOW = 500;
export const POPULAR_TOP = 5;
export const POPULAR_MIN_LIKES = 2;

export const FOR_YOU_SQL = {
  /**
   * Everything For you needs to know of a reader, through each table's key on the reader: their chosen
   * topics ('chosen'), their tuned topics ('more' or 'less'), muted authors ('muted'), and the
   * authors they follow with how much each wrote ('followed', n = post_count).
   */
  readerProfile: `SELECT 'chosen' AS kind, category_id AS id, 0 AS n FROM user_categories WHERE user_id = ?
    UNION ALL SELECT choice AS kind, category_id AS id, 0 AS n FROM feed_topic_tuning WHERE user_id = ?
    UNION ALL SELECT 'muted' AS kind, author_id AS id, 0 AS n FROM feed_author_mutes WHERE user_id = ?
    UNION ALL SELECT 'followed' AS kind, f.following_id AS id, (SELECT u.post_count FROM users u WHERE u.id = f.following_id) AS n
      FROM follows f WHERE f.follower_id = ?`,
  /** Every topic's name (a dozen or so rows). */
  topicNames: 'SELECT id, name FROM categories',
  /** The liked posts of the site's newest POPULAR_WINDOW (none from elsewhere), with their topic and likes. */
  popular: (postgres: boolean) => `SELECT id, category_id, likes_count FROM (
      SELECT id, category_id, likes_count FROM ${sitePosts(postgres)} WHERE ap_id IS NULL ORDER BY id DESC LIMIT ${POPULAR_WINDOW}
    ) recent WHERE likes_count >= ${POPULAR_MIN_LIKES}`,
} as const;

export interface ReaderProfile {
  chosen: number[];
  more: number[];
  less: number[];
  muted: number[];
  followed: FollowedAuthor[];
}

export const NO_PROFILE: ReaderProfile = { chosen: [], more: [], less: [], muted: [], followed: [] };

export function createForYouRepository(database: Database) {
  const popularSql = FOR_YOU_SQL.popular(database.dialect === 'postgres');
  return {
    async readerProfile(userId: number): Promise<ReaderProfile> {
      const rows = await database.all<{ kind: string; id: number; n: number }>(FOR_YOU_SQL.readerProfile, [userId, userId, userId, userId]);
      const profile: ReaderProfile = { chosen: [], more: [], less: [], muted: [], followed: [] };
      for (const row of rows) {
        const id = Number(row.id);
        if (row.kind === 'followed') profile.followed.push({ following_id: id, post_count: Number(row.n) });
        else if (row.kind === 'chosen' || row.kind === 'more' || row.kind === 'less' || row.kind === 'muted') profile[row.kind].push(id);
      }
      for (const list of [profile.chosen, profile.more, profile.less, profile.muted]) list.sort((a, b) => a - b);
      profile.followed.sort((a, b) => a.following_id - b.following_id);
      return profile;
    },

    async topicNames(): Promise<Map<number, string>> {
      const rows = await database.all<{ id: number; name: string }>(FOR_YOU_SQL.topicNames, []);
      return new Map(rows.map((r) => [Number(r.id), r.name]));
    },

    /** The popular posts of the newest POPULAR_WINDOW: each topic's POPULAR_TOP most liked (the newer first on a tie). */
    async popular(): Promise<ReadonlySet<number>> {
      const rows = await database.all<{ id: number; category_id: number; likes_count: number }>(popularSql, []);
      const byTopic = new Map<number, Array<{ id: number; likes: number }>>();
      for (const row of rows) {
        const list = byTopic.get(Number(row.category_id)) ?? [];
        list.push({ id: Number(row.id), likes: Number(row.likes_count) });
        byTopic.set(Number(row.category_id), list);
      }
      const out = new Set<number>();
      for (const list of byTopic.values()) {
        for (const post of list.sort((a, b) => b.likes - a.likes || b.id - a.id).slice(0, POPULAR_TOP)) out.add(post.id);
      }
      return out;
    },
  };
}

export type ForYouRepository = ReturnType<typeof createForYouRepository>;
