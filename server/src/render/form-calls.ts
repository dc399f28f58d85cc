import type { FormEcho } from '@inkwell/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What an API call answered a form route: its status, its JSON and the cookies it set. */
export interface ApiAnswer {
  status: number;
  body: { message?: string; errors?: Record<string, string[]>; token?: string; user?: { id: number }; id?: number };
  cookies: string[];
}

/**
 * The caller's headers an API call of a form route carries on: the address (through a proxy too), who
 * they are (cookies), what the CSRF check reads (Origin, Sec-Fetch-Site) and what a session records.
 */
const PASSED_ON = ['cookie', 'user-agent', 'origin', 'sec-fetch-site', 'host', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'];

/**
 * Calls the JSON API as the caller would have from the app: injected into this server with their
 * headers and their connection's address, so rate limits count against the same address and route.
 * With `session`, as the member a login just signed in (the cookie they hold may be an older one).
 */
export async function callApi(
  app: FastifyInstance,
  request: FastifyRequest,
  url: string,
  payload: Record<string, unknown>,
  session?: { token: string; id: number },
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  for (const name of PASSED_ON) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  if (session) {
    delete headers.cookie;
    headers.token = session.token;
    headers.id = String(session.id);
  }
  const answer = await app.inject({ method: 'POST', url, headers, payload: JSON.stringify(payload), remoteAddress: request.socket.remoteAddress });
  let body: ApiAnswer['body'] = {};
  try {
    body = answer.json<ApiAnswer['body']>();
  } catch {
    // not JSON (never from the API's routes): no message to show
  }
  const setCookie = answer.headers['set-cookie'];
  return { status: answer.statusCode, body, cookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie] };
}

/** The named fields of a urlencoded body as text ('' when missing; a field sent twice counts as missing). */
export function textFields<K extends string>(body: unknown, names: readonly K[]): Record<K, string> {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  return Object.fromEntries(names.map((name) => [name, typeof record[name] === 'string' ? record[name] : ''])) as Record<K, string>;
}

/**
 * A refused form's echo: the fields kept, the first message of each field, and the answer's message
 * when it names no field (`fallback` if it has none, e.g. SPEC's login failure text).
 */
export function echoOf(path: string, values: Record<string, string>, answer: ApiAnswer, fallback: string | null): FormEcho {
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(answer.body.errors ?? {})) {
    if (messages[0]) errors[field] = messages[0];
  }
  const message = Object.keys(errors).length > 0 ? null : (answer.body.message ?? fallback);
  return { path, values, errors, message };
}
