import { PICKS_MAX, WHOM_TO_FOLLOW_MAX, type RecommendedUser } from '@inkwell/contract';
import type { Database } from '../db/database.ts';
import { sitePosts } from '../db/key-walk.ts';
import { member } from '../db/shared.repository.ts';

/** Picks come from the newest posts only, so the question costs the same however many there are. */
const PICKS_WINDOW = 500;

/** The home page's side panels (feed/recommendations.ts): hand-written reads, prepared once (database.all). */
export const RECOMMENDATION_SQL = {
  /** The most liked of the site's newest PICKS_WINDOW posts (none from elsewhere), none of the reader's own, of a deactivated, limited (ADR 0111) or blocked author. */
  picks: (postgres: boolean) => `SELECT p.id, p.title, u.id AS user_id, u.name, u.profile_picture, u.followers_count
    FROM (SELECT id FROM ${sitePosts(postgres)} WHERE ap_id IS NULL ORDER BY id DESC LIMIT ${PICKS_WINDOW}) recent
    JOIN posts p ON p.id = recent.id JOIN users u ON u.id = p.user_id
    WHERE p.user_id <> ? AND u.deactivated_at IS NULL AND u.limited_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ? AND b.blocked_id = p.user_id)
    ORDER BY p.likes_count DESC, p.id DESC LIMIT ${PICKS_MAX}`,
  /**
   * The most followed verified people the reader does not follow yet (and not the reader, nor one the moderators limited), leaving out
   * whom the reader blocked and who blocked the reader (they could not be followed).
   */
  whomToFollow: `SELECT u.id, u.name, u.username, u.bio, u.profile_picture FROM users u
    WHERE u.id <> ? AND u.deactivated_at IS NULL AND u.limited_at IS NULL AND ${member('u')} AND u.email_verified_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ? AND f.following_id = u.id)
      AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ? AND b.blocked_id = u.id) OR (b.blocker_id = u.id AND b.blocked_id = ?))
    ORDER BY u.followers_count DESC, u.id DESC LIMIT ${WHOM_TO_FOLLOW_MAX}`,
} as const;

export interface PickRow {
  id: number;
  title: string;
  user_id: number;
  name: string | null;
  profile_picture: string | null;
  followers_count: number;
}

/** Picks' text for each database, made once. */
const PICKS = { sqlite: RECOMMENDATION_SQL.picks(false), postgres: RECOMMENDATION_SQL.picks(true) } as const;

/** Picks for `reader` (0 for a visitor). */
export function picks(database: Database, reader: number): Promise<PickRow[]> {
  return database.all<PickRow>(PICKS[database.dialect], [reader, reader]);
}

/** Whom to follow for `reader` (0 for a visitor). */
export function whomToFollow(database: Database, reader: number): Promise<Omit<RecommendedUser, 'is_follow'>[]> {
  return database.all<Omit<RecommendedUser, 'is_follow'>>(RECOMMENDATION_SQL.whomToFollow, [reader, reader, reader, reader]);
}
