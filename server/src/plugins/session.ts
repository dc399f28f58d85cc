import type { IncomingHttpHeaders } from 'node:http';
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

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionByTokenHashPrepared>>>;

/** A session as kept in memory: its row, with its two times read once. */
export interface KeptSession {
  row: SessionRow;
  expiresAt: number;
  lastUsedAt: number;
}

/**
 * Sessions found, kept beside the feed pages by the token the caller sent (a lookup then costs no
 * hashing; the token stays in this process's memory only as long as the entry, at most
 * SESSION_CACHE_MS), dropped with the pages by any successful write in any app process (a logout, a
 * password change, a deactivation among them), so a signed-in read costs no session lookup while
 * nothing is written. Unknown tokens are not kept.
 */
export type SessionCache = PageCache<KeptSession | undefined>;

type Credentials = { token: string; id: number } | 'invalid' | null;

type Cookies = Readonly<Record<string, string | undefined>> | undefined;

/** The token and id a caller sent (headers token and id, or the session cookie and the id cookie). */
function credentials(request: FastifyRequest): Credentials {
  return credentialsOf(request.headers, request.cookies);
}

function credentialsOf(headers: IncomingHttpHeaders, cookies: Cookies): Credentials {
  const token = header(headers, 'token') ?? cookies?.[SESSION_COOKIE] ?? cookies?.[LEGACY_SESSION_COOKIE];
  const idText = header(headers, 'id') ?? cookies?.[ID_COOKIE];
  if (!token && !idText) return null;
  if (!token || !idText || !/^\d{1,15}$/.test(idText) || token.length > 200) return 'invalid';
  return { token, id: Number(idText) };
}

/** The caller, when a kept session says who it is and needs nothing written; undefined when it must be looked up. */
function identifyKept(cache: SessionCache | undefined, sent: Credentials): Auth | 'invalid' | null | undefined {
  if (sent === null || sent === 'invalid') return sent;
  const kept = cache?.get(sent.token);
  if (!kept) return undefined;
  const now = Date.now();
  if (kept.expiresAt <= now || now - kept.lastUsedAt > TOUCH_EVERY_MS) return undefined;
  return kept.row.user_id === sent.id ? { userId: kept.row.user_id, sessionId: kept.row.id } : 'invalid';
}

/** Resolves the caller from the database (or a session kept), ending an expired session and touching an old one. */
async function identify(database: Database, cache: SessionCache | undefined, sent: Credentials): Promise<Auth | 'invalid' | null> {
  if (sent === null || sent === 'invalid') return sent;
  const find = async (): Promise<KeptSession | undefined> => {
    const row = await findSessionByTokenHashPrepared(database, hashToken(sent.token));
    return row && { row, expiresAt: Date.parse(row.expires_at), lastUsedAt: Date.parse(row.last_used_at) };
  };
  const session = cache ? await cache.remember(sent.token, find) : await find();
  if (!session || session.row.user_id !== sent.id) return 'invalid';
  const now = Date.now();
  if (session.expiresAt <= now) {
    await deleteSession(database.db, session.row.id);
    return 'invalid';
  }
  if (now - session.lastUsedAt > TOUCH_EVERY_MS) {
    const at = nowIso();
    await touchSession(database.db, session.row.id, at);
    // The kept session too, so the next call does not touch it again.
    session.row.last_used_at = at;
    session.lastUsedAt = Date.parse(at);
  }
  return { userId: session.row.user_id, sessionId: session.row.id };
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

type Done = (err?: Error) => void;

/**
 * The one guard of every signed-in call (a preValidation hook, so it runs before the body is
 * validated): 401 unless token and id belong together, 403 when the body's user_id is not the caller.
 * Both guards are callback hooks that finish at once when a kept session answers (most calls), and
 * look the session up otherwise.
 */
export function sessionGuards(database: Database, cache?: SessionCache) {
  function admit(request: FastifyRequest, reply: FastifyReply, auth: Auth | 'invalid' | null): void {
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

  /** Hands the caller to `use`: at once from a kept session, else after looking it up; then done (with what `use` threw). */
  function withCaller(request: FastifyRequest, done: Done, use: (auth: Auth | 'invalid' | null) => void): void {
    const sent = credentials(request);
    const kept = identifyKept(cache, sent);
    if (kept === undefined) {
      identify(database, cache, sent)
        .then(use)
        .then(() => done(), done);
      return;
    }
    try {
      use(kept);
    } catch (err) {
      return done(err as Error);
    }
    done();
  }

  function requireSession(request: FastifyRequest, reply: FastifyReply, done: Done): void {
    withCaller(request, done, (auth) => admit(request, reply, auth));
  }

  /** Open calls that read better when they know the reader: a bad or missing session means a visitor. */
  function optionalSession(request: FastifyRequest, _reply: FastifyReply, done: Done): void {
    withCaller(request, done, (auth) => {
      request.auth = auth === 'invalid' ? null : auth;
    });
  }

  /** The reader of a request that is not a call (a page the server renders): the session's user, or null. */
  async function reader(request: FastifyRequest): Promise<number | null> {
    const auth = await identify(database, cache, credentials(request));
    return auth === 'invalid' || auth === null ? null : auth.userId;
  }

  /**
   * The reader of a request that Fastify has not seen (render/page-front.ts), from its headers and
   * parsed cookies, when that needs nothing looked up or written: the member a kept session names,
   * null for a visitor (no credentials), undefined otherwise (a session to look up, touch or end,
   * or credentials that do not belong together: Fastify's path deals with those).
   */
  function keptReader(headers: IncomingHttpHeaders, cookies: Cookies): number | null | undefined {
    const auth = identifyKept(cache, credentialsOf(headers, cookies));
    return auth === 'invalid' ? undefined : auth && auth.userId;
  }

  /** Whether the session a caller was identified by is still live (logout or expiry ends a long-lived stream). */
  function stillSignedIn(auth: Auth): Promise<boolean> {
    return sessionIsLive(database, auth.sessionId, nowIso());
  }

  return { requireSession, optionalSession, reader, keptReader, stillSignedIn };
}

export type Guards = ReturnType<typeof sessionGuards>;
