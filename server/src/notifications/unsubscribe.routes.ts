import { unsubscribeBody, unsubscribeResponse, unsubscribeQuery } from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Unsubscribe } from './unsubscribe.ts';

/** POST /api/user/unsubscribe {token, subscribe?}: the page the mailed link opens (no session needed). */
export const unsubscribeApiRoutes: FastifyPluginAsyncZod<{ unsubscribe: Unsubscribe }> = async (app, { unsubscribe }) => {
  app.post('/unsubscribe', { schema: { body: unsubscribeBody, response: { 200: unsubscribeResponse } } }, async (request) =>
    unsubscribe.apply(request.body.token, request.body.subscribe ?? false),
  );
};


/**
 * POST /unsubscribe?token=… — RFC 8058 one-click: mail programs POST `List-Unsubscribe=One-Click` to the
 * List-Unsubscribe address, whose GET shows the web page. No per-address limit: a mail provider posts
 * for many members from a few addresses, and a token cannot be guessed.
 */
export const unsubscribeOneClickRoutes: FastifyPluginAsyncZod<{ unsubscribe: Unsubscribe }> = async (app, { unsubscribe }) => {
  app.post('/unsubscribe', { schema: { querystring: unsubscribeQuery, response: { 200: unsubscribeResponse } } }, async (request) =>
    unsubscribe.apply(request.query.token),
  );
};
