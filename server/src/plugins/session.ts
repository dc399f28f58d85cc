import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { deleteSession, findSessionByTokenHashPrepared, sessionIsLive, touchSession } from '../identity/identity.repository.ts';
import { type Database, nowIso } from '../db/database.ts';
import type { PageCache } from '../cache/page-cache.ts';
import { unauthorized, validationError } from '../lib/errors.ts';
import { requireAccess } from '../access/policy.ts';
import { hashToken } from '../lib/tokens.ts';

export interface Auth {
  userId: number;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/**
 * The spec's session cookies: `token` is HttpOnly (set by the server at sign-in; page scripts cannot
 * read it, so an injected script cannot steal a session), `id` is readable. API clients send the
 * headers `token` and `id` instead. `inkwell_session` is the HttpOnly cookie of earlier versions.
 */
export const SESSION_COOKIE = 'token';
export const ID_COOKIE = 'id';
const LEGACY_SESSION_COOKIE = 'inkwell_session';

/** Ends the session in the browser: the cookies go, whatever set them. */
export function clearSessionCookies(reply: FastifyReply, options: CookieSerializeOptions): void {
  for (const name of [SESSION_COOKIE, ID_COOKIE, LEGACY_SESSION_COOKIE]) reply.clearCookie(name, { ...options, httpOnly: name !== ID_COOKIE });
}
const TOUCH_EVERY_MS = 60 * 60 * 1000;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionByTokenHashPrepared>>>;

/**
 * Sessions found, by token hash, kept beside the feed pages: dropped with them by any successful write
 * in any app process (a logout, a password change, a deactivation among them), so a signed-in read
 * costs no session lookup while nothing is written. Unknown tokens are not kept.
 */
export type SessionCache = PageCache<SessionRow | undefined>;

/** Resolves the caller from headers token and id (or the session cookie and the id cookie). */
async function identify(database: Database, cache: SessionCache | undefined, request: FastifyRequest): Promise<Auth | 'invalid' | null> {
  const token = header(request, 'token') ?? request.cookies?.[SESSION_COOKIE] ?? request.cookies?.[LEGACY_SESSION_COOKIE];
  const idText = header(request, 'id') ?? request.cookies?.[ID_COOKIE];
  if (!token && !idText) return null;
  if (!token || !idText || !/^\d{1,15}$/.test(idText) || token.length > 200) return 'invalid';
  const tokenHash = hashToken(token);
  const find = () => findSessionByTokenHashPrepared(database, tokenHash);
  const session = cache ? await cache.remember(tokenHash, find) : await find();
  if (!session || session.user_id !== Number(idText)) return 'invalid';
  const now = Date.now();
  if (Date.parse(session.expires_at) <= now) {
    await deleteSession(database.db, session.id);
    return 'invalid';
  }
  if (now - Date.parse(session.last_used_at) > TOUCH_EVERY_MS) {
    const at = nowIso();
    await touchSession(database.db, session.id, at);
    session.last_used_at = at; // the kept row too, so the next call does not touch it again
  }
  return { userId: session.user_id, sessionId: session.id };
}

/**
 * The body's user_id, when the call names one, as text for comparison. Only a number or a string can
 * name a user: anything else (an object, an array) is refused as invalid before it is ever converted.
 */
function bodyUserId(request: FastifyRequest): string | undefined {
  const body = request.body as Record<string, unknown> | null | undefined;
  const value = body && typeof body === 'object' && Object.hasOwn(body, 'user_id') ? body.user_id : undefined;
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.trim();
  throw validationError({ user_id: ['The user id field is invalid.'] });
}

/**
 * The one guard of every signed-in call (a preValidation hook, so it runs before the body is
 * validated): 401 unless token and id belong together, 403 when the body's user_id is not the caller.
 */
export function sessionGuards(database: Database, cache?: SessionCache) {
  async function requireSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const auth = await identify(database, cache, request);
    if (auth === null || auth === 'invalid') {
      // A browser holding a dead session cookie drops it (scripts cannot: it is HttpOnly).
      if (auth === 'invalid' && request.cookies?.[SESSION_COOKIE]) clearSessionCookies(reply, { path: '/' });
      throw unauthorized('Unauthenticated. Please log in again.');
    }
    const claimed = bodyUserId(request);
    // ownAccount, on the body's user_id as sent (this runs before the body is validated).
    if (claimed !== undefined) requireAccess(claimed === String(auth.userId));
    request.auth = auth;
  }

  /** Open calls that read better when they know the reader: a bad or missing session means a visitor. */
  async function optionalSession(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const auth = await identify(database, cache, request);
    request.auth = auth === 'invalid' ? null : auth;
  }

  /** Whether the session a caller was identified by is still live (logout or expiry ends a long-lived stream). */
  function stillSignedIn(auth: Auth): Promise<boolean> {
    return sessionIsLive(database, auth.sessionId, nowIso());
  }

  return { requireSession, optionalSession, stillSignedIn };
}

export type Guards = ReturnType<typeof sessionGuards>;
