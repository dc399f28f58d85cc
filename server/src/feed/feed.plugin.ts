import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../lib/deps';
import { feedRoutes } from './feed.routes';
import { createFeedService } from './feed.service';
import { recommendationRoutes } from './recommendations';

/** The reading calls: feeds, post details, related posts, the home page's Picks and Whom to follow (under /api/user). */
export const feedPlugin: FastifyPluginAsyncZod<FeatureDeps> = async (app, { database, guards, feedCache, hiddenAuthors }) => {
  await app.register(feedRoutes, { feed: createFeedService(database, feedCache, hiddenAuthors), guards });
  await app.register(recommendationRoutes, { database, guards });
};
