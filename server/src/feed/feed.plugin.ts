import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../lib/deps';
import { feedRoutes } from './feed.routes';
import { createFeedService } from './feed.service';

/** The reading calls: feeds, post details, related posts (under /api/user). */
export const feedPlugin: FastifyPluginAsyncZod<FeatureDeps> = async (app, { database, guards, feedCache }) => {
  await app.register(feedRoutes, { feed: createFeedService(database, feedCache), guards });
};
