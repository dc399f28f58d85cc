import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../lib/deps';
import { createBlocksService } from './blocks.service';
import { createCommentsService } from './comments.service';
import { createFollowsService } from './follows.service';
import { createLikesService } from './likes.service';
import { createSavesService } from './saves.service';
import { socialRoutes } from './social.routes';

/** Likes, saves, comments and replies, follows, blocks: registered under /api/user by app.ts. */
export const socialPlugin: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db, guards }) => {
  await app.register(socialRoutes, {
    guards,
    likes: createLikesService(db),
    saves: createSavesService(db),
    comments: createCommentsService(db),
    follows: createFollowsService(db),
    blocks: createBlocksService(db),
  });
};
