/**
 * The one way to call the API: same-origin /api/user/..., JSON in and out; the session travels in its
 * cookies (the token one is HttpOnly).
 * Pure: it throws a typed ApiError and never navigates. A 401 on a signed-in call clears the session;
 * the router guard notices and sends the user to /login.
 */
import type { z } from 'zod';
import type { Endpoint } from '@inkwell/contract/endpoints';
import { type SchemaInput, type SchemaName, type SchemaOutput, loadSchemas } from './load-schemas';
import { clearSession, getSession } from './session';

export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;
  /** How long the server asked the caller to wait before trying again (its Retry-After), in seconds; NaN when it did not say in seconds. */
  readonly retryAfter: number;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}, retryAfter = NaN) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.retryAfter = retryAfter;
  }

  /** The first message of a field, as SPEC §5 shows it under the input (errors.email[0]). */
  field(name: string): string | undefined {
    return this.errors[name]?.[0];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The answer's schema: by name (schemas.ts, loaded with the first call), or a zod schema at hand. */
type AnswerSchema = SchemaName | z.ZodType;
type Answer<S extends AnswerSchema> = S extends SchemaName ? SchemaOutput<S> : S extends z.ZodType ? z.output<S> : never;

interface RequestOptions<S extends AnswerSchema> {
  method?: 'GET' | 'POST';
  body?: unknown;
  schema: S;
  signal?: AbortSignal;
  /** Lets the call outlive the page (a save sent as the tab closes); the answer may never be read. */
  keepalive?: boolean;
}

/**
 * A call's address: a path relative to /api/user/ ('view-posts'), or a same-origin API path as the
 * server hands out in next_page_url ('/api/user/view-posts?cursor=…', or that path as a full URL).
 */
export function apiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) {
    const url = new URL(path);
    if (url.origin !== window.location.origin) throw new ApiError(0, 'Refusing to call another site.');
    path = `${url.pathname}${url.search}`;
  }
  if (path.startsWith('/api/')) return path;
  return `/api/user/${path.replace(/^\/+/, '')}`;
}

/** How calls reach the server: the browser's fetch; the server-side renderer sets its own. */
let transport: typeof fetch = (input, init) => fetch(input, init);

export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

export async function apiRequest<S extends AnswerSchema>(path: string, options: RequestOptions<S>): Promise<Answer<S>> {
  const session = getSession();
  // The schemas load (once) while the call is on its way; failing to load them fails as the network would.
  const schemas = loadSchemas().catch(() => Promise.reject(new ApiError(0, '')));
  schemas.catch(() => undefined); // awaited below, unless the call fails first
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const url = apiUrl(path);
  let response: Response;
  try {
    response = await transport(url, {
      method: options.method ?? 'POST',
      credentials: 'same-origin',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, '');
  }

  const json: unknown = await response.json().catch(() => undefined);

  if (!response.ok) {
    if (response.status === 401 && session) clearSession();
    const { errorResponse } = await schemas;
    const parsed = errorResponse.safeParse(json);
    // Retry-After in seconds, as this server sends it (an HTTP date reads as NaN: no wait said).
    const wait = Number(response.headers.get('retry-after') ?? NaN);
    throw parsed.success ? new ApiError(response.status, parsed.data.message, parsed.data.errors, wait) : new ApiError(response.status, '', {}, wait);
  }

  const schema: z.ZodType = typeof options.schema === 'string' ? (await schemas)[options.schema as SchemaName] : options.schema;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(response.status, 'Unexpected answer from the server.');
  return parsed.data as Answer<S>;
}

/** A call of the endpoint table that answers JSON the app reads. */
export type Call = Endpoint & { answer: SchemaName };
/** The body a call's entry names (what its schema accepts), or none. */
export type CallBody<E extends Call> = E extends { body: infer N extends SchemaName } ? Sendable<SchemaInput<N>, SchemaOutput<N>> : undefined;
/**
 * What the app sends: the schema's input, except where the server takes anything and converts it (an id
 * or a flag a form may send as text): there, the value it converts to, or for a true/false, 1 or 0.
 */
type Sendable<I, O> = { [K in keyof I]: unknown extends I[K] ? (K extends keyof O ? Converted<O[K]> : I[K]) : I[K] };
type Converted<T> = [T] extends [boolean | undefined] ? T | 0 | 1 : T;
type CallArgs<E extends Call> = E extends { body: SchemaName } ? [body: CallBody<E>, options?: CallOptions] : [body?: undefined, options?: CallOptions];

export interface CallOptions {
  signal?: AbortSignal;
  /** Lets the call outlive the page (a save sent as the tab closes); the answer may never be read. */
  keepalive?: boolean;
  /** A next page of a paged call: the next_page_url the server handed out, in place of the entry's path. */
  url?: string;
}

/**
 * Makes the call `endpoint` (an entry of the endpoint table: `import * as endpoints from
 * '@inkwell/contract/calls'`, then `api(endpoints.like, body)`): its method and path, its body typed
 * from the schema the server validates it with, its answer checked with and typed from the entry's
 * answer schema. A POST without a body sends `{}`, as the server's JSON parser expects.
 */
export function api<E extends Call>(endpoint: E, ...[body, options = {}]: CallArgs<E>): Promise<SchemaOutput<E['answer']>> {
  return apiRequest(options.url ?? endpoint.path, {
    method: endpoint.method,
    body: body ?? (endpoint.method === 'POST' ? {} : undefined),
    schema: endpoint.answer as E['answer'],
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.keepalive ? { keepalive: true } : {}),
  }) as Promise<SchemaOutput<E['answer']>>;
}
