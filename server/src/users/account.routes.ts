import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import { route } from '../plugins/endpoint.ts';
import { clearSessionCookies } from '../plugins/session.ts';
import type { AccountService } from './account.service.ts';

/**
 * POST /deactivate and /delete-account (the member is signed out: the server's cookies go with the
 * answer) and GET /confirm-email (the link mailed to a new address; a plain GET that works without
 * JavaScript, then back into the app with the outcome, as the verification link does).
 */
export const accountRoutes: FastifyPluginAsync<{ account: AccountService; config: Config }> = async (app, { account, config }) => {
  const cookieOptions = { path: '/', sameSite: 'lax', secure: config.publicUrl.startsWith('https:') } as const;

  route(app, 'deactivate', async (request, reply) => {
    const message = await account.deactivate(request.auth!, request.body.user_id, request.body.current_password);
    clearSessionCookies(reply, cookieOptions);
    return { message };
  });

  route(app, 'deleteAccount', async (request, reply) => {
    const message = await account.deleteAccount(request.auth!, request.body.user_id, request.body.current_password);
    clearSessionCookies(reply, cookieOptions);
    return { message };
  });

  route(app, 'confirmEmail', async (request, reply) => {
    const { success, message } = await account.confirmEmailChange(request.query.token ?? '');
    const query = new URLSearchParams({ success: String(success), message });
    return reply.redirect(`${success ? '/' : '/verified'}?${query.toString()}`, 303);
  });
};
