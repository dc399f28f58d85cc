import { HELP_RECEIVED, helpBody, messageResponse } from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nowIso } from '../db/database';
import type { FeatureDeps } from '../lib/deps';
import { perAddress } from '../lib/rate-limit';

/**
 * POST /api/user/help {message, user_id}: stores the signed-in user's request (status 'open') in
 * help_requests, where the people who answer them read it (answers would reach the user as
 * 'responses' notifications; there is no answering screen yet).
 */
export const helpPlugin: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db, guards, config }) => {
  app.post(
    '/help',
    {
      preValidation: guards.requireSession,
      config: { readOnly: true, ...perAddress(config.rateLimits.help) },
      schema: { body: helpBody, response: { 201: messageResponse } },
    },
    async (request, reply) => {
      await db.insertInto('help_requests').values({ user_id: request.auth!.userId, message: request.body.message, created_at: nowIso() }).execute();
      return reply.code(201).send({ message: HELP_RECEIVED });
    },
  );
};
