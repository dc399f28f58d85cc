import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { type FastifyInstance, type FastifyRequest, errorCodes } from 'fastify';
import secureJson from 'secure-json-parse';
import { HttpError, badRequest, validationError } from '../lib/errors.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const LIMITS = { fileSize: MAX_UPLOAD_BYTES, files: 5, fields: 50, fieldSize: 1024 * 1024 };
const MALFORMED = 'The multipart body is malformed.';
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** What Fastify's own JSON parser does with those keys: refuses the body. */
const JSON_ACTIONS = { protoAction: 'error', constructorAction: 'error' } as const;

/** The limit errors of @fastify/multipart carry their own status (413); everything else it throws is bad input. */
function asClientError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return err;
  }
  return badRequest(MALFORMED);
}

function add(body: Record<string, unknown>, key: string, value: unknown): void {
  if (FORBIDDEN_KEYS.has(key)) throw badRequest(MALFORMED);
  const previous = body[key];
  if (previous === undefined) body[key] = value;
  else body[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
}

const hasNul = (value: unknown): boolean => (typeof value === 'string' ? value.includes('\u0000') : Array.isArray(value) ? value.some(hasNul) : false);

/**
 * PostgreSQL's text cannot hold U+0000 (SQLite's can): a NUL in any text field is refused with 422 on
 * both databases alike, after the session guard and the schema, before a handler tries to store it.
 */
function refuseNul(fields: unknown): void {
  if (!fields || typeof fields !== 'object' || Buffer.isBuffer(fields)) return;
  // A loop over own keys, not Object.entries: every call passes here, and most bodies hold a number or two.
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    if (hasNul((fields as Record<string, unknown>)[key])) throw validationError({ [key]: [`The ${key.replace(/_/g, ' ')} field may not contain a NUL character.`] });
  }
}

/**
 * Every POST accepts JSON, urlencoded and multipart alike (DESIGN: payloads). A multipart body becomes
 * {field: text, file: Buffer} (several parts of one name: an array). Any body the parser cannot read
 * (no boundary, `boundary=` alone, an unterminated part) answers 400 with a message, never a 500.
 * A call without a body validates as an empty object, so each missing field gets its own message.
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  // JSON as Fastify reads it (secure-json-parse: a body naming __proto__ or constructor as a key is
  // refused), with its two pattern scans only for a text that could hold such a key (one with either
  // word, or with a \u escape that could spell it): every call has a body, most of them a number or two.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const body = text as string;
    if (body.length === 0) return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
    try {
      const suspect = body.includes('__proto__') || body.includes('constructor') || body.includes('\\u');
      done(null, suspect ? secureJson.parse(body, null, JSON_ACTIONS) : JSON.parse(body));
    } catch {
      done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
    }
  });
  await app.register(formbody);
  await app.register(multipart, { limits: LIMITS });

  // Callback hooks: most calls are not multipart, and an async hook costs a promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.isMultipart()) {
      if (request.method === 'POST' && (request.body === undefined || request.body === null)) request.body = {};
      return done();
    }
    readParts(request).then((body) => {
      request.body = body;
      done();
    }, done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    try {
      refuseNul(request.body);
      refuseNul(request.query);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}

/** A multipart body as fields and file buffers (a broken one is the client's error). */
async function readParts(request: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') add(body, part.fieldname, await part.toBuffer());
      else add(body, part.fieldname, part.value);
    }
  } catch (err) {
    throw asClientError(err);
  }
  return body;
}
