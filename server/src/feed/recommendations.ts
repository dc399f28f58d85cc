import type { RecommendedPost } from '@inkwell/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.ts';
import { route } from '../plugins/endpoint.ts';
import { viewer } from '../access/viewer.ts';
import { picks, whomToFollow } from './recommendations.repository.ts';

/** The home page's side panels (SPEC §1): Picks and Whom to follow, open to visitors (SQL in recommendations.repository.ts). */
export const recommendationRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  route(app, 'recommendedPosts', async (request) => {
    const rows = await picks(database, viewer(request, request.body.user_id));
    const recommended: RecommendedPost[] = rows.map((r) => ({
      id: r.id,
      title: r.title,
      user: { id: r.user_id, name: r.name, profile_picture: r.profile_picture, followers_count: r.followers_count },
    }));
    return { recommended_posts: recommended };
  });

  route(app, 'recommendedUsers', async (request) => {
    const rows = await whomToFollow(database, viewer(request, request.body.id));
    return { recommended_users: rows.map((r) => ({ ...r, is_follow: false })) };
  });
};
