import { HELP_RECEIVED } from '@inkwell/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { FeatureDeps } from '../deps.ts';
import { route } from '../plugins/endpoint.ts';
import { createConsoleHelp } from './console-help.ts';
import { createHelpService } from './help.service.ts';

/**
 * POST /api/user/help {message, user_id}: stores the signed-in user's request (status 'open') in
 * help_requests; staff answer in the console (`/mod/help`) or the operator with `npm run admin -- help:answer`, which reaches the member as
 * a 'responses' notification (and a mail if they ticked help mails).
 */
export const helpPlugin: FastifyPluginAsync<FeatureDeps> = async (app, { db }) => {
  const help = createHelpService(db);
  route(app, 'help', async (request) => {
    await help.ask(request.auth!.userId, request.body.message);
    return { message: HELP_RECEIVED };
  });
};

/** The console's help requests under /api/mod (ADR 0110): the endpoint's gate let a member of staff who manages users in. */
export const consoleHelpRoutes: FastifyPluginAsync<FeatureDeps> = async (app, { db }) => {
  const desk = createConsoleHelp(db, createHelpService(db));
  route(app, 'modHelp', async (request) => desk.page(request.body.status, request.query.cursor));
  route(app, 'modHelpAnswer', async (request) => desk.answer(request.staff!, request.body));
};
