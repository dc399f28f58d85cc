import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../deps.ts';
import { createBlocksService } from './blocks.service.ts';
import { createCommentsService } from './comments.service.ts';
import { createFollowListsService, createFollowsService } from './follows.service.ts';
import { createLikesService } from './likes.service.ts';
import { createSavesService } from './saves.service.ts';
import { socialRoutes } from './social.routes.ts';

/** Likes, saves, comments and replies, follows (and the followers and following lists), blocks: registered under /api/user by app.ts. */
export const socialPlugin: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db, database, hiddenAuthors, events, config }) => {
  await app.register(socialRoutes, {
    likes: createLikesService(db, events),
    saves: createSavesService(db),
    comments: createCommentsService(db, events),
    follows: createFollowsService(db, events, { federates: config.federation.enabled }),
    followLists: createFollowListsService(database, hiddenAuthors),
    blocks: createBlocksService(db, events),
  });
};
