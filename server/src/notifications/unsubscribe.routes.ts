import type { FastifyPluginAsync } from 'fastify';
import { route } from '../plugins/endpoint.ts';
import type { Unsubscribe } from './unsubscribe.ts';

/** POST /api/user/unsubscribe {token, subscribe?}: the page the mailed link opens (no session needed). */
export const unsubscribeApiRoutes: FastifyPluginAsync<{ unsubscribe: Unsubscribe }> = async (app, { unsubscribe }) => {
  route(app, 'unsubscribe', async (request) => unsubscribe.apply(request.body.token, request.body.subscribe ?? false));
};

/**
 * POST /unsubscribe?token=… — RFC 8058 one-click: mail programs POST `List-Unsubscribe=One-Click` to the
 * List-Unsubscribe address, whose GET shows the web page. No per-address limit: a mail provider posts
 * for many members from a few addresses, and a token cannot be guessed.
 */
export const unsubscribeOneClickRoutes: FastifyPluginAsync<{ unsubscribe: Unsubscribe }> = async (app, { unsubscribe }) => {
  route(app, 'unsubscribeOneClick', async (request) => unsubscribe.apply(request.query.token));
};
