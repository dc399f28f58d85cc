import type { FastifyPluginAsync } from 'fastify';
import type { FeatureDeps } from '../deps.ts';
import { draftsRoutes } from './drafts.routes.ts';
import type { DraftsService } from './drafts.service.ts';
import { postsRoutes } from './posts.routes.ts';
import { createPostsService } from './posts.service.ts';

/**
 * The writing side of posts under /api/user: create, update, delete, images for post bodies, and
 * drafts (their service comes built: app.ts hands the same one to the scheduler).
 */
export const postsPlugin: FastifyPluginAsync<FeatureDeps & { drafts: DraftsService }> = async (app, { db, images, events, drafts }) => {
  await app.register(postsRoutes, { posts: createPostsService({ db, images, events }) });
  await app.register(draftsRoutes, { drafts });
};
