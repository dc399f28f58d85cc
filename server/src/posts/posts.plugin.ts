import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../deps.ts';
import { draftsRoutes } from './drafts.routes.ts';
import { createDraftsService } from './drafts.service.ts';
import { postsRoutes } from './posts.routes.ts';
import { createPostsService } from './posts.service.ts';

/** The writing side of posts under /api/user: create, update, delete, images for post bodies, and drafts. */
export const postsPlugin: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db, guards, images, config, stories }) => {
  await app.register(postsRoutes, { posts: createPostsService({ db, images, stories }), guards });
  await app.register(draftsRoutes, { drafts: createDraftsService({ db, images, publicUrl: config.publicUrl, stories }), guards });
};
