import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../deps.ts';
import { feedRoutes } from './feed.routes.ts';
import { createFeedService } from './feed.service.ts';
import { recommendationRoutes } from './recommendations.ts';
import { tuningRoutes } from './tuning.routes.ts';
import { createTuningService } from './tuning.service.ts';

/**
 * The reading calls: feeds, post details, related posts, the home page's Picks and Whom to follow, and
 * the reader's tuning of For you (under /api/user).
 */
export const feedPlugin: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db, database, feedCache, feedAnswers, hiddenAuthors, limitedAuthors }) => {
  await app.register(feedRoutes, { feed: createFeedService(database, feedCache, hiddenAuthors, limitedAuthors), answers: feedAnswers });
  await app.register(recommendationRoutes, { database });
  await app.register(tuningRoutes, { tuning: createTuningService(db) });
};
