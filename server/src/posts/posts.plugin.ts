import { plural } from '@inkwell/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppCore, AppModule, FeatureDeps } from '../deps.ts';
import { draftsRoutes } from './drafts.routes.ts';
import { type DraftsService, createDraftsService } from './drafts.service.ts';
import { postsRoutes } from './posts.routes.ts';
import { createPostsService } from './posts.service.ts';
import { ScheduledPosts } from './scheduled.ts';

/**
 * The writing side of posts under /api/user: create, update, delete, images for post bodies, and
 * drafts (their service comes built: app.ts hands the same one to the scheduler).
 */
export const postsPlugin: FastifyPluginAsync<FeatureDeps & { drafts: DraftsService }> = async (app, { db, images, events, drafts }) => {
  await app.register(postsRoutes, { posts: createPostsService({ db, images, events }) });
  await app.register(draftsRoutes, { drafts });
};

/**
 * Posts as a module of the app: the writing calls, and the `scheduled-posts` job, which publishes
 * through the same drafts service as the writer's calls (a scheduled post that went out is a write
 * like any other: the cached pages go).
 */
export function postsModule(app: FastifyInstance, core: AppCore): AppModule {
  const drafts = createDraftsService({ db: core.db, images: core.images, publicUrl: core.config.publicUrl, events: core.events });
  const scheduledPosts = new ScheduledPosts(drafts, core.afterWrite);
  app.decorate('scheduledPosts', scheduledPosts);
  return {
    name: 'posts',
    api: (api) => api.register(postsPlugin, { ...core, drafts }),
    jobs: [
      {
        name: 'scheduled-posts',
        everyMs: core.config.schedulePollMs,
        lease: false,
        run: async () => {
          const published = await scheduledPosts.runOnce();
          return published > 0 ? { said: `Published ${plural(published, 'scheduled post')}` } : {};
        },
      },
    ],
  };
}
