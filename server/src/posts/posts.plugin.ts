import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../lib/deps';
import { postsRoutes } from './posts.routes';
import { createPostsService } from './posts.service';

/** The writing side of posts under /api/user: create, update, delete, and images for post bodies. */
export const postsPlugin: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db, guards, images }) => {
  await app.register(postsRoutes, { posts: createPostsService({ db, images }), guards });
};
