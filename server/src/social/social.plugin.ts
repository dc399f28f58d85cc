import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppCore, AppModule, FeatureDeps, SocialActs } from '../deps.ts';
import { createBlocksService } from './blocks.service.ts';
import { createCommentsService } from './comments.service.ts';
import { createFollowListsService, createFollowsService } from './follows.service.ts';
import { createLikesService } from './likes.service.ts';
import { createSavesService } from './saves.service.ts';
import { type SocialRoutesOptions, socialRoutes } from './social.routes.ts';

/**
 * Likes, saves, comments and replies, follows (and the followers and following lists), blocks: one
 * set of services for a member's calls and for what an account elsewhere does (`acts`, which the
 * federation's inbox calls: ADR 0086). `wrote`, after an act changed something: the cached pages go,
 * as after a request's write.
 */
export function createSocial({ db, database, hiddenAuthors, events, config }: FeatureDeps, wrote: () => Promise<void>): { services: SocialRoutesOptions; acts: SocialActs } {
  const services = {
    likes: createLikesService(db, events),
    saves: createSavesService(db),
    comments: createCommentsService(db, events),
    follows: createFollowsService(db, events, { federates: config.federation.enabled }),
    followLists: createFollowListsService(database, hiddenAuthors),
    blocks: createBlocksService(db, events),
  };
  const dropping = async <T>(done: T, changed: boolean): Promise<T> => {
    if (changed) await wrote();
    return done;
  };
  const { likes, comments, follows } = services;
  const acts: SocialActs = {
    react: async (actorId, postId, kind, on, activityId) => {
      const changed = await likes.reactFrom(actorId, postId, kind, on, activityId);
      return dropping(changed, changed);
    },
    follow: async (actorId, memberId, on, activityId) => {
      const outcome = await follows.followFrom(actorId, memberId, on, activityId);
      return dropping(outcome, outcome === 'followed' || outcome === 'ended');
    },
    answer: async (actorId, followUri, accepted) => {
      const changed = await follows.answeredBy(actorId, followUri, accepted);
      return dropping(changed, changed);
    },
    comment: async (actorId, note) => {
      const kept = await comments.addFrom(actorId, note);
      return dropping(kept, kept);
    },
    editComment: async (actorId, apId, body) => {
      const edited = await comments.editFrom(actorId, apId, body);
      return dropping(edited, edited);
    },
    removeComment: async (actorId, apId) => {
      const removed = await comments.removeFrom(actorId, apId);
      return dropping(removed, removed);
    },
  };
  return { services, acts };
}

/** The social calls, registered under /api/user by app.ts with the services createSocial made. */
export const socialPlugin: FastifyPluginAsyncZod<SocialRoutesOptions> = async (app, services) => {
  await app.register(socialRoutes, services);
};

/** Social as a module of the app: its calls, and `acts` for the federation's inbox. */
export function socialModule(core: AppCore): AppModule & { acts: SocialActs } {
  const { services, acts } = createSocial(core, core.afterWrite);
  return { name: 'social', api: (api) => api.register(socialPlugin, services), acts };
}
