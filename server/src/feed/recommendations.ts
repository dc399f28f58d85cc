import { PICKS_MAX, WHOM_TO_FOLLOW_MAX, type RecommendedPost, type RecommendedUser } from '@inkwell/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.ts';
import { route } from '../plugins/endpoint.ts';
import { viewer } from '../access/viewer.ts';

/** Picks come from the newest posts only, so the question costs the same however many there are. */
const PICKS_WINDOW = 500;

const SQL = {
  /** The most liked of the newest PICKS_WINDOW posts, none of the reader's own, of a deactivated or blocked author. */
  picks: `SELECT p.id, p.title, u.id AS user_id, u.name, u.profile_picture, u.followers_count
    FROM (SELECT id FROM posts ORDER BY id DESC LIMIT ${PICKS_WINDOW}) recent
    JOIN posts p ON p.id = recent.id JOIN users u ON u.id = p.user_id
    WHERE p.user_id <> ? AND u.deactivated_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ? AND b.blocked_id = p.user_id)
    ORDER BY p.likes_count DESC, p.id DESC LIMIT ${PICKS_MAX}`,
  /**
   * The most followed verified people the reader does not follow yet (and not the reader), leaving out
   * whom the reader blocked and who blocked the reader (they could not be followed).
   */
  whomToFollow: `SELECT u.id, u.name, u.username, u.bio, u.profile_picture FROM users u
    WHERE u.id <> ? AND u.deactivated_at IS NULL AND u.email_verified_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ? AND f.following_id = u.id)
      AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ? AND b.blocked_id = u.id) OR (b.blocker_id = u.id AND b.blocked_id = ?))
    ORDER BY u.followers_count DESC, u.id DESC LIMIT ${WHOM_TO_FOLLOW_MAX}`,
} as const;

export { SQL as RECOMMENDATION_SQL };

/** The home page's side panels (SPEC §1): Picks and Whom to follow, open to visitors. */
export const recommendationRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  route(app, 'recommendedPosts', async (request) => {
    const reader = viewer(request, request.body.user_id);
    const rows = await database.all<{ id: number; title: string; user_id: number; name: string | null; profile_picture: string | null; followers_count: number }>(
      SQL.picks,
      [reader, reader],
    );
    const picks: RecommendedPost[] = rows.map((r) => ({
      id: r.id,
      title: r.title,
      user: { id: r.user_id, name: r.name, profile_picture: r.profile_picture, followers_count: r.followers_count },
    }));
    return { recommended_posts: picks };
  });

  route(app, 'recommendedUsers', async (request) => {
    const reader = viewer(request, request.body.id);
    const rows = await database.all<Omit<RecommendedUser, 'is_follow'>>(SQL.whomToFollow, [reader, reader, reader, reader]);
    return { recommended_users: rows.map((r) => ({ ...r, is_follow: false })) };
  });
};
