import {
  feedTuningBody,
  feedTuningResetBody,
  feedTuningResetResponse,
  feedTuningResponse,
  feedTuningSetBody,
  feedTuningSetResponse,
} from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../plugins/session.ts';
import type { TuningService } from './tuning.service.ts';

/** Tuning 'For you' (issue 13): signed in, the caller's own only (the guard refuses another user_id). */
export const tuningRoutes: FastifyPluginAsyncZod<{ tuning: TuningService; guards: Guards }> = async (app, { tuning, guards }) => {
  const signedIn = { preValidation: guards.requireSession };

  app.post(
    '/feed-tuning',
    { ...signedIn, config: { readOnly: true }, schema: { body: feedTuningBody, response: { 200: feedTuningResponse } } },
    async (request) => ({ tuning: await tuning.list(request.auth!.userId) }),
  );

  // Writes: the feed cache (and each reader's kept profile) goes before the answer leaves (app.ts).
  app.post('/feed-tuning/set', { ...signedIn, schema: { body: feedTuningSetBody, response: { 200: feedTuningSetResponse } } }, async (request) =>
    tuning.set(request.auth!.userId, request.body),
  );

  app.post('/feed-tuning/reset', { ...signedIn, schema: { body: feedTuningResetBody, response: { 200: feedTuningResetResponse } } }, async (request) =>
    tuning.reset(request.auth!.userId),
  );
};
