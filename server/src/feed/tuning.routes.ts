import type { FastifyPluginAsync } from 'fastify';
import { route } from '../plugins/endpoint.ts';
import type { TuningService } from './tuning.service.ts';

/** Tuning 'For you' (issue 13): signed in, the caller's own only (the guard refuses another user_id). */
export const tuningRoutes: FastifyPluginAsync<{ tuning: TuningService }> = async (app, { tuning }) => {
  route(app, 'feedTuning', async (request) => ({ tuning: await tuning.list(request.auth!.userId) }));

  // Writes: the feed cache (and each reader's kept profile) goes before the answer leaves (app.ts).
  route(app, 'feedTuningSet', async (request) => tuning.set(request.auth!.userId, request.body));

  route(app, 'feedTuningReset', async (request) => tuning.reset(request.auth!.userId));
};
