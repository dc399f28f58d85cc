import {
  clientConfigResponse,
  googleBody,
  googleResponse,
  loginBody,
  loginResponse,
  messageResponse,
  registerBody,
  resendVerificationBody,
} from '@inkwell/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';
import { perAddress } from '../lib/rate-limit';
import { SESSION_COOKIE, type sessionGuards } from '../plugins/session';
import { type AuthService, type ClientInfo, MESSAGES } from './auth.service';

interface Options {
  auth: AuthService;
  config: Config;
  guards: ReturnType<typeof sessionGuards>;
}

function clientInfo(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof ua === 'string' ? ua : null };
}

export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { auth, config, guards }) => {
  const secure = config.publicUrl.startsWith('https:');

  function setSessionCookie(reply: FastifyReply, token: string): void {
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: Math.floor(config.sessionTtlMs / 1000),
    });
  }

  app.post(
    '/register',
    { config: perAddress(config.rateLimits.register), schema: { body: registerBody, response: { 201: messageResponse } } },
    async (request, reply) => reply.code(201).send({ message: await auth.register(request.body) }),
  );

  app.post(
    '/login',
    { config: perAddress(config.rateLimits.login), schema: { body: loginBody, response: { 200: loginResponse } } },
    async (request, reply) => {
      const { token, user } = await auth.login(request.body, clientInfo(request));
      setSessionCookie(reply, token);
      return { message: MESSAGES.loggedIn, token, user };
    },
  );

  app.post(
    '/google',
    { config: perAddress(config.rateLimits.google), schema: { body: googleBody, response: { 200: googleResponse } } },
    async (request, reply) => {
      const { token, user } = await auth.loginWithGoogle(request.body.credential, clientInfo(request));
      setSessionCookie(reply, token);
      return { message: MESSAGES.googleLoggedIn, token, id: user.id };
    },
  );

  app.post(
    '/logout',
    { preValidation: guards.requireSession, schema: { response: { 200: messageResponse } } },
    async (request, reply) => {
      await auth.logout(request.auth!);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: MESSAGES.loggedOut };
    },
  );

  app.post(
    '/resend-verification',
    { config: perAddress(config.rateLimits.resendVerification), schema: { body: resendVerificationBody, response: { 200: messageResponse } } },
    async (request) => ({ message: await auth.resendVerification(request.body.email) }),
  );

  // The mailed link: a plain GET that works without JavaScript, then back into the app.
  app.get(
    '/verify-email',
    { schema: { querystring: z.object({ token: z.string().max(500).optional() }) } },
    async (request, reply) => {
      const { success, message } = await auth.verifyEmail(request.query.token ?? '');
      const query = new URLSearchParams({ success: String(success), message });
      return reply.redirect(`${success ? '/' : '/verified'}?${query.toString()}`, 303);
    },
  );

  app.get('/client-config', { schema: { response: { 200: clientConfigResponse } } }, async () => ({
    google_client_id: config.googleClientId ?? null,
  }));
};
