import { accountConfirmBody, messageResponse, mailedTokenQuery } from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { type Guards, clearSessionCookies } from '../plugins/session.ts';
import type { AccountService } from './account.service.ts';

/**
 * POST /deactivate and /delete-account (the member is signed out: the server's cookies go with the
 * answer) and GET /confirm-email (the link mailed to a new address; a plain GET that works without
 * JavaScript, then back into the app with the outcome, as the verification link does).
 */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService; guards: Guards; config: Config }> = async (
  app,
  { account, guards, config },
) => {
  const cookieOptions = { path: '/', sameSite: 'lax', secure: config.publicUrl.startsWith('https:') } as const;

  app.post(
    '/deactivate',
    { preValidation: guards.requireSession, schema: { body: accountConfirmBody, response: { 200: messageResponse } } },
    async (request, reply) => {
      const message = await account.deactivate(request.auth!, request.body.user_id, request.body.current_password);
      clearSessionCookies(reply, cookieOptions);
      return { message };
    },
  );

  app.post(
    '/delete-account',
    { preValidation: guards.requireSession, schema: { body: accountConfirmBody, response: { 200: messageResponse } } },
    async (request, reply) => {
      const message = await account.deleteAccount(request.auth!, request.body.user_id, request.body.current_password);
      clearSessionCookies(reply, cookieOptions);
      return { message };
    },
  );

  app.get(
    '/confirm-email',
    { schema: { querystring: mailedTokenQuery } },
    async (request, reply) => {
      const { success, message } = await account.confirmEmailChange(request.query.token ?? '');
      const query = new URLSearchParams({ success: String(success), message });
      return reply.redirect(`${success ? '/' : '/verified'}?${query.toString()}`, 303);
    },
  );
};
