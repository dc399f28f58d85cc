import { postStatsBody, postStatsResponse, statsBeaconBody, statsBody, statsResponse } from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../deps.ts';
import { perAddress } from '../rate-limit/rate-limit.ts';
import { createStatsService } from './stats.service.ts';

/**
 * A writer's numbers (issue 13), under /api/user:
 * - POST /stats/view and /stats/read {post_id}: the post page's beacons, open, rate-limited per address,
 *   answered 204 whether or not they counted (404 for a post that is not there);
 * - POST /stats {user_id, days?} and /stats/post {user_id, post_id, days?}: the caller's own numbers.
 * All of them leave the caches alone (readOnly): nothing a feed or a page shows changes.
 */
export const statsPlugin: FastifyPluginAsyncZod<FeatureDeps> = async (app, { database, guards, config }) => {
  const stats = createStatsService(database);
  const beacon = { preValidation: guards.optionalSession, config: { readOnly: true, ...perAddress(config.rateLimits.stats, 'stats') } };
  for (const kind of ['view', 'read'] as const) {
    app.post(`/stats/${kind}`, { ...beacon, schema: { body: statsBeaconBody } }, async (request, reply) => {
      const userAgent = request.headers['user-agent'];
      await stats.count(kind, request.body.post_id, { userId: request.auth?.userId ?? null, ip: request.ip, userAgent });
      return reply.code(204).send();
    });
  }

  const signedIn = { preValidation: guards.requireSession, config: { readOnly: true } };
  app.post('/stats', { ...signedIn, schema: { body: statsBody, response: { 200: statsResponse } } }, async (request) =>
    stats.overview(request.auth!.userId, request.body.days),
  );
  app.post('/stats/post', { ...signedIn, schema: { body: postStatsBody, response: { 200: postStatsResponse } } }, async (request) =>
    stats.post(request.auth!.userId, request.body.post_id, request.body.days),
  );
};
