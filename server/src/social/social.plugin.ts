import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppCore, AppModule, FeatureDeps, SocialActs } from '../deps.ts';
import { createAuthorHides } from './author-hides.service.ts';
import { createBlocksService } from './blocks.service.ts';
import { createCommentBans } from './comment-bans.service.ts';
import { createCommentsService } from './comments.service.ts';
import { createCommentReactions } from './comment-reactions.ts';
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
    comments: createCommentsService(db, events, config.spam),
    follows: createFollowsService(db, events, { federates: config.federation.enabled }),
    followLists: createFollowListsService(database, hiddenAuthors),
    blocks: createBlocksService(db, events),
    authorHides: createAuthorHides(db),
    commentBans: createCommentBans(db),
  };
  // A held comment or reply that a moderator leaves standing comes into sight (ADR 0099); one the
  // moderators hide leaves it, and comes back when the hide is lifted (ADR 0100).
  const reactions = createCommentReactions(events);
  events.on('case.decided', reactions.decided);
  events.on('writing.unhidden', reactions.unhidden);
  /** An act that changed something (`changed` of its answer) drops the cached pages before it answers. */
  const dropping =
    <A extends unknown[], R>(act: (...args: A) => Promise<R>, changed: (answer: R) => boolean) =>
    async (...args: A): Promise<R> => {
      const answer = await act(...args);
      if (changed(answer)) await wrote();
      return answer;
    };
  const { likes, comments, follows } = services;
  const yes = (changed: boolean) => changed;
  const acts: SocialActs = {
    react: dropping(likes.reactFrom, yes),
    follow: dropping(follows.followFrom, (outcome) => outcome === 'followed' || outcome === 'ended'),
    answer: dropping(follows.answeredBy, yes),
    comment: dropping(comments.addFrom, yes),
    editComment: dropping(comments.editFrom, yes),
    removeComment: dropping(comments.removeFrom, yes),
    sever: dropping(follows.severedFrom, (ended) => ended > 0),
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
