import { HELP_RECEIVED, helpBody, messageResponse } from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../deps.ts';
import { perAddress } from '../rate-limit/rate-limit.ts';
import { createHelpService } from './help.service.ts';

/**
 * POST /api/user/help {message, user_id}: stores the signed-in user's request (status 'open') in
 * help_requests; an operator answers with `npm run admin -- help:answer`, which reaches the member as
 * a 'responses' notification (and a mail if they ticked help mails).
 */
export const helpPlugin: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db, guards, config }) => {
  const help = createHelpService(db);
  app.post(
    '/help',
    {
      preValidation: guards.requireSession,
      config: { readOnly: true, ...perAddress(config.rateLimits.help, 'help') },
      schema: { body: helpBody, response: { 201: messageResponse } },
    },
    async (request, reply) => {
      await help.ask(request.auth!.userId, request.body.message);
      return reply.code(201).send({ message: HELP_RECEIVED });
    },
  );
};
