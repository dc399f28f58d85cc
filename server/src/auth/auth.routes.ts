import { TEXT } from '@inkwell/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { route } from '../plugins/endpoint.ts';
import { ID_COOKIE, SESSION_COOKIE, clearSessionCookies } from '../plugins/session.ts';
import { newToken } from '../lib/tokens.ts';
import { type AuthService, type ClientInfo, MESSAGES } from './auth.service.ts';
import type { PasswordReset } from './password-reset.ts';

interface Options {
  auth: AuthService;
  passwordReset: PasswordReset;
  config: Config;
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

export const authRoutes: FastifyPluginAsync<Options> = async (app, { auth, passwordReset, config }) => {
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

  /**
   * A sign-in by any way (password, Google, a reset password): `start` checks it for this client and
   * opens the session, whose cookies then go with the answer.
   */
  async function signIn<S extends { token: string; user: { id: number } }>(request: FastifyRequest, reply: FastifyReply, start: (client: ClientInfo) => Promise<S>): Promise<S> {
    const client = clientInfo(request);
    const session = await start(client);
    startCookieSession(reply, client, session.token, session.user.id);
    return session;
  }

  route(app, 'register', async (request) => ({ message: await auth.register(request.body) }));

  route(app, 'login', async (request, reply) => {
    const { token, user, reactivated } = await signIn(request, reply, (client) => auth.login(request.body, client));
    return { message: reactivated ? MESSAGES.reactivated : MESSAGES.loggedIn, token, user };
  });

  route(app, 'google', async (request, reply) => {
    const { token, user, reactivated } = await signIn(request, reply, (client) => auth.loginWithGoogle(request.body.credential, client));
    return { message: reactivated ? MESSAGES.reactivated : MESSAGES.googleLoggedIn, token, id: user.id };
  });

  route(app, 'logout', async (request, reply) => {
    await auth.logout(request.auth!);
    clearSessionCookies(reply, cookieOptions);
    return { message: MESSAGES.loggedOut };
  });

  route(app, 'resendVerification', async (request) => ({ message: await auth.resendVerification(request.body.email) }));

  // Forgot password: the same answer whether or not the address has an account (password-reset.ts).
  route(app, 'forgotPassword', async (request) => ({ message: await passwordReset.forgotPassword(request.body.email) }));

  // The mailed link's screen sends the new password here; every session of the account ends and the
  // caller is signed in, like a login (a stranger's failed logins must not keep the owner out after it).
  route(app, 'resetPassword', async (request, reply) => {
    const { token, user, reactivated } = await signIn(request, reply, (client) => passwordReset.resetPassword(request.body, client));
    return { message: reactivated ? TEXT.passwordResetReactivated : TEXT.passwordResetDone, token, user };
  });

  // The mailed link: a plain GET that works without JavaScript, then back into the app.
  route(app, 'verifyEmail', async (request, reply) => {
    const { success, message } = await auth.verifyEmail(request.query.token ?? '');
    const query = new URLSearchParams({ success: String(success), message });
    return reply.redirect(`${success ? '/' : '/verified'}?${query.toString()}`, 303);
  });

  route(app, 'clientConfig', async () => ({ google_client_id: config.googleClientId ?? null, federation: config.federation.enabled, signup_open: config.signupMode === 'open' }));
};
