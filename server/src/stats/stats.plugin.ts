import { actingFor } from '../access/policy.ts';
import { plural } from '@inkwell/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppModule, FeatureDeps } from '../deps.ts';
import { route } from '../plugins/endpoint.ts';
import { STATS_CLEANUP_MS, StatsCleanup } from './cleanup.ts';
import { createStatsService } from './stats.service.ts';

/**
 * A writer's numbers (issue 13), under /api/user:
 * - POST /stats/view and /stats/read {post_id}: the post page's beacons, open, rate-limited per address,
 *   answered 204 whether or not they counted (404 for a post that is not there);
 * - POST /stats {user_id, days?} and /stats/post {user_id, post_id, days?}: the caller's own numbers.
 * All of them leave the caches alone (readOnly): nothing a feed or a page shows changes.
 */
export const statsPlugin: FastifyPluginAsync<FeatureDeps> = async (app, { database }) => {
  const stats = createStatsService(database);
  const beacons = { view: 'statsView', read: 'statsRead' } as const;
  for (const kind of ['view', 'read'] as const) {
    route(app, beacons[kind], async (request, reply) => {
      const userAgent = request.headers['user-agent'];
      await stats.count(kind, request.body.post_id, { userId: request.auth?.userId ?? null, ip: request.ip, userAgent });
      return reply.code(204).send();
    });
  }

  route(app, 'stats', async (request) => stats.overview(actingFor(request.auth!), request.body.days));
  route(app, 'statsPost', async (request) => stats.post(actingFor(request.auth!), request.body.post_id, request.body.days), {
    owner: (request) => stats.ownerOf(request.body.post_id),
  });
};

/** Stats as a module of the app: the calls, and the `stats-cleanup` job on the process holding its lease. */
export function statsModule(app: FastifyInstance, deps: FeatureDeps): AppModule {
  const statsCleanup = new StatsCleanup(createStatsService(deps.database));
  app.decorate('statsCleanup', statsCleanup);
  return {
    name: 'stats',
    api: (api) => api.register(statsPlugin, deps),
    jobs: [
      {
        name: 'stats-cleanup',
        everyMs: STATS_CLEANUP_MS,
        lease: true,
        run: async () => {
          const removed = await statsCleanup.runOnce();
          return removed > 0 ? { said: `Stats clean-up removed ${plural(removed, 'past reader row')}` } : {};
        },
      },
    ],
  };
}
