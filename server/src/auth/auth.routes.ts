import {
  TEXT,
  clientConfigResponse,
  forgotPasswordBody,
  googleBody,
  googleResponse,
  loginBody,
  loginResponse,
  messageResponse,
  registerBody,
  resendVerificationBody,
  resetPasswordBody,
  mailedTokenQuery,
} from '@inkwell/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { perAddress } from '../rate-limit/rate-limit.ts';
import { ID_COOKIE, SESSION_COOKIE, clearSessionCookies, type sessionGuards } from '../plugins/session.ts';
import { newToken } from '../lib/tokens.ts';
import { type AuthService, type ClientInfo, MESSAGES } from './auth.service.ts';
import type { PasswordReset } from './password-reset.ts';

interface Options {
  auth: AuthService;
  passwordReset: PasswordReset;
  config: Config;
  guards: ReturnType<typeof sessionGuards>;
}

/** The long-lived device cookie: it lets the account's owner past strangers' failed logins (login-throttle.ts). */
const DEVICE_COOKIE = 'inkwell_device';
const YEAR_S = 365 * 24 * 60 * 60;

/** The caller's address, user agent and device cookie (a new one when it has none yet). */
function clientInfo(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  const device = request.cookies[DEVICE_COOKIE];
  return {
    ip: request.ip ?? null,
    userAgent: typeof ua === 'string' ? ua : null,
    device: device && /^[\w-]{20,100}$/.test(device) ? device : newToken(),
  };
}

export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { auth, passwordReset, config, guards }) => {
  const secure = config.publicUrl.startsWith('https:');
  const cookieOptions = { path: '/', sameSite: 'lax', secure } as const;

  /**
   * The session as the spec's cookies: `token` HttpOnly (page scripts never see it; the guard reads it
   * in place of the header), `id` readable (the web app learns a session exists and whose it is); and
   * the device cookie, so the next sign-in from this browser counts as a known place.
   */
  function startCookieSession(reply: FastifyReply, client: ClientInfo, token: string, userId: number): void {
    const maxAge = Math.floor(config.sessionTtlMs / 1000);
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, httpOnly: true, maxAge });
    reply.setCookie(ID_COOKIE, String(userId), { ...cookieOptions, maxAge });
    reply.setCookie(DEVICE_COOKIE, client.device, { ...cookieOptions, httpOnly: true, maxAge: YEAR_S });
  }

  app.post(
    '/register',
    { config: perAddress(config.rateLimits.register, 'register'), schema: { body: registerBody, response: { 201: messageResponse } } },
    async (request, reply) => reply.code(201).send({ message: await auth.register(request.body) }),
  );

  app.post(
    '/login',
    { config: perAddress(config.rateLimits.login, 'login'), schema: { body: loginBody, response: { 200: loginResponse } } },
    async (request, reply) => {
      const client = clientInfo(request);
      const { token, user, reactivated } = await auth.login(request.body, client);
      startCookieSession(reply, client, token, user.id);
      return { message: reactivated ? MESSAGES.reactivated : MESSAGES.loggedIn, token, user };
    },
  );

  app.post(
    '/google',
    { config: perAddress(config.rateLimits.google, 'google'), schema: { body: googleBody, response: { 200: googleResponse } } },
    async (request, reply) => {
      const client = clientInfo(request);
      const { token, user, reactivated } = await auth.loginWithGoogle(request.body.credential, client);
      startCookieSession(reply, client, token, user.id);
      return { message: reactivated ? MESSAGES.reactivated : MESSAGES.googleLoggedIn, token, id: user.id };
    },
  );

  app.post(
    '/logout',
    { preValidation: guards.requireSession, schema: { response: { 200: messageResponse } } },
    async (request, reply) => {
      await auth.logout(request.auth!);
      clearSessionCookies(reply, cookieOptions);
      return { message: MESSAGES.loggedOut };
    },
  );

  app.post(
    '/resend-verification',
    { config: perAddress(config.rateLimits.resendVerification, 'resendVerification'), schema: { body: resendVerificationBody, response: { 200: messageResponse } } },
    async (request) => ({ message: await auth.resendVerification(request.body.email) }),
  );

  // Forgot password: the same answer whether or not the address has an account (password-reset.ts).
  app.post(
    '/forgot-password',
    { config: perAddress(config.rateLimits.forgotPassword, 'forgotPassword'), schema: { body: forgotPasswordBody, response: { 200: messageResponse } } },
    async (request) => ({ message: await passwordReset.forgotPassword(request.body.email) }),
  );

  // The mailed link's screen sends the new password here; every session of the account ends and the
  // caller is signed in, like a login (a stranger's failed logins must not keep the owner out after it).
  app.post(
    '/reset-password',
    { config: perAddress(config.rateLimits.resetPassword, 'resetPassword'), schema: { body: resetPasswordBody, response: { 200: loginResponse } } },
    async (request, reply) => {
      const client = clientInfo(request);
      const { token, user, reactivated } = await passwordReset.resetPassword(request.body, client);
      startCookieSession(reply, client, token, user.id);
      return { message: reactivated ? TEXT.passwordResetReactivated : TEXT.passwordResetDone, token, user };
    },
  );

  // The mailed link: a plain GET that works without JavaScript, then back into the app.
  app.get(
    '/verify-email',
    { schema: { querystring: mailedTokenQuery } },
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
