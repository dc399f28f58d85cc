import { type Endpoint, endpoints } from '@inkwell/contract/endpoints';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { insertSession } from '../identity/identity.repository.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import type { RouteEntry } from '../plugins/route-table.ts';
import { aJpeg, imagePart, multipart } from '../storage/testing.ts';
import { buildTestApp } from '../test/app.ts';
import { aPost, aUser, signIn } from '../test/factories.ts';
import { FakeGoogle } from '../test/google.ts';
import { callStream } from './stream-call.ts';
import {
  BAD_IDS,
  type BodyFields,
  type Caller,
  type FuzzCase,
  GENERIC_KEYS,
  HUGE_FITS,
  HUGE_TOO_BIG,
  RAW_JSON,
  type World,
  fieldsOf,
  formText,
  multipartBody,
  pathArb,
  queryArb,
  requestArb,
  validBody,
} from './fuzz-bodies.ts';

/**
 * Every call of the endpoint table, every bad body (ARCHITECTURE.md, Security model): at least RUNS
 * generated requests per route, as JSON, urlencoded, multipart and raw bytes, signed in, as a visitor
 * and with forged session headers. Any 5xx, stack trace or internal error text fails the route's test
 * with the exact request; so does a change to Object.prototype. A call added to the table later is fuzzed too.
 */
const BASE_SEED = 0x1f2e3d;
const RUNS = 200;

// Google sign-in is configured against a local stand-in: unconfigured, /google answers 503 on purpose.
const google = new FakeGoogle();
const googleJwksUrl = await google.start();
const GOOGLE_CLIENT = 'test-client.apps.googleusercontent.com';
const t = await buildTestApp({ config: { googleClientId: GOOGLE_CLIENT, googleJwksUrl, federation: { enabled: true, allowPrivateAddress: false, lookupTimeoutMs: 10_000 } } });
afterAll(async () => {
  await t.close();
  await google.stop();
});

/** Every call of the endpoint table (contract/src/calls.ts), and the route that serves it. */
const table = Object.entries(endpoints) as Array<[string, Endpoint]>;
const served = new Map(t.app.routeTable.map((route) => [`${route.method} ${route.url}`, route]));

const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

/** What the server logged for the request in flight (with logger: false every request logs through app.log). */
const logged: string[] = [];
const log = t.app.log as unknown as { error: (obj: unknown, msg?: string) => void };
log.error = (obj, msg) => {
  const err = (obj as { err?: Error } | null)?.err;
  logged.push(err ? `${err.name}: ${err.message} | ${err.stack?.split('\n')[1]?.trim() ?? ''}` : `${msg ?? ''} ${String(obj)}`);
};

// Two readers for every route; the first signs in through the API, as a real client does.
const reader = await aUser(t.db);
const otherReader = await aUser(t.db);
// The world's user is a moderator, so the console's calls (issue 47) are fuzzed past their gate too.
const moderatorRole = await t.db.selectFrom('roles').select('id').where('name', '=', 'moderator').executeTakeFirstOrThrow();
await t.db.insertInto('member_roles').values({ user_id: reader.id, role_id: moderatorRole.id, granted_at: new Date().toISOString() }).execute();
const firstSession = await signIn(t.app, reader);
const jpeg = await aJpeg();
const storedImage = await (async () => {
  const upload = multipart({ image: imagePart(jpeg), user_id: reader.id });
  const res = await t.app.inject({ method: 'POST', url: '/api/user/upload-image', payload: upload.payload, headers: { ...firstSession.headers, ...upload.headers } });
  return String(res.json().path);
})();
const categoryIds = ((await t.app.inject({ method: 'GET', url: '/api/user/category' })).json() as Array<{ id: number }>).map((c) => c.id);
const googleToken = await google.idToken({ sub: 'fuzz-subject', email: 'fuzz-google@example.com', name: 'Fuzz' });

/**
 * Fresh posts, a comment and a reply for each route: the routes before it may have deleted the last
 * ones (delete-posts, comment-delete), and a route's valid bodies should still find what they name.
 */
async function freshWorld(): Promise<World> {
  const postIds: number[] = [];
  for (const userId of [reader.id, reader.id, otherReader.id, otherReader.id]) postIds.push((await aPost(t.db, { userId })).id);
  const headers = await callerHeaders('session', reader.id);
  const post = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers });
    if (res.statusCode >= 300) throw new Error(`world: ${url} answered ${res.statusCode} ${res.body}`);
    return res.json() as { id: number };
  };
  const comment = await post('/api/user/comment', { user_id: reader.id, post_id: postIds[0], comments: 'A first comment' });
  const reply = await post('/api/user/replies', { user_id: reader.id, post_id: postIds[0], comment_id: comment.id, reply: 'A reply' });
  return {
    userId: reader.id,
    otherUserId: otherReader.id,
    postIds,
    commentId: comment.id,
    replyId: reply.id,
    categoryIds,
    email: reader.email,
    googleToken,
    storagePath: storedImage,
    jpeg: new Uint8Array(jpeg),
  };
}
let world = await freshWorld();

/**
 * A session of the world's user, new for every signed-in case: a fuzzed logout or password change may
 * end the previous one, and every case must still reach the route signed in.
 */
async function freshSession(userId: number): Promise<{ token: string; id: string }> {
  const token = newToken();
  const now = new Date();
  const expires = new Date(now.getTime() + 60 * 60 * 1000).toISOString();
  await insertSession(t.db, { user_id: userId, token_hash: hashToken(token), now: now.toISOString(), expires_at: expires, user_agent: 'fuzz', ip: null });
  return { token, id: String(userId) };
}

async function callerHeaders(caller: Caller, userId = world.userId): Promise<Record<string, string>> {
  if (caller === 'visitor') return {};
  const s = await freshSession(userId);
  const forged: Record<Exclude<Caller, 'visitor'>, Record<string, string>> = {
    session: s,
    'forged-token': { token: 'not-a-token', id: '1a' },
    'huge-id': { token: s.token, id: '99999999999999999999' },
    'other-id': { token: s.token, id: String(otherReader.id) },
    'long-token': { token: 'x'.repeat(300), id: s.id },
    'bad-cookie': { cookie: `token=${s.token}x; id=${s.id}; token=%ZZ` },
  };
  return forged[caller];
}

async function send(route: RouteEntry, c: FuzzCase): Promise<LightMyRequestResponse> {
  const headers = await callerHeaders(c.caller);
  if (c.contentType !== undefined) headers['content-type'] = c.contentType;
  const payload = c.payload instanceof Uint8Array ? Buffer.from(c.payload) : c.payload;
  if (route.stream) {
    // A GET's body is not read; the stream is called over real HTTP with the case's path, query and headers.
    const { 'content-type': _type, ...rest } = headers;
    return (await callStream(t.app, c.path + c.query, rest)) as unknown as LightMyRequestResponse;
  }
  return t.app.inject({ method: route.method as InjectOptions['method'], url: c.path + c.query, headers, payload });
}

const STACK_TRACE = [/\n\s+at /, /\bat .+\.(?:[cm]?js|ts):\d+/, /node_modules/];
const INTERNAL_TEXT = [/SQLITE_/, /syntax error/i, /out of range for type/i, /violates .*constraint/i, /invalid input syntax/i, /invalid byte sequence/i];

function problemsOf(res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`status ${res.statusCode}`);
  if (STACK_TRACE.some((re) => re.test(res.body))) problems.push('stack trace in the body');
  if (INTERNAL_TEXT.some((re) => re.test(res.body))) problems.push('internal error text in the body');
  const keys = Object.getOwnPropertyNames(Object.prototype).sort();
  if (keys.join() !== prototypeKeys.join()) problems.push(`Object.prototype changed: ${keys.filter((k) => !prototypeKeys.includes(k)).join(', ')}`);
  return problems;
}

/** The payload as a JSON string literal, long runs of one character (the 1 MB strings) shown as `x×1048376`. */
function preview(payload: FuzzCase['payload']): string {
  const text = payload instanceof Uint8Array ? Buffer.from(payload).toString('latin1') : (payload ?? '');
  const short = text.replace(/(.)\1{31,}/gs, (run, ch: string) => `${ch}×${run.length}`);
  return `(${text.length} bytes) ${JSON.stringify(short.slice(0, 1500))}${short.length > 1500 ? '…' : ''}`;
}

function report(route: RouteEntry, c: FuzzCase, res: LightMyRequestResponse, problems: string[]): string {
  return [
    `${route.method} ${c.path}${c.query} as ${c.encoding} (content-type: ${c.contentType ?? 'none'}), caller: ${c.caller}`,
    `  problems: ${problems.join('; ')}`,
    `  answer: ${res.statusCode} ${res.body.slice(0, 300)}`,
    `  payload ${preview(c.payload)}`,
    `  server logged: ${logged.join(' || ') || 'nothing'}`,
  ].join('\n');
}

const CALLERS = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Caller>('session') },
  { weight: 4, arbitrary: fc.constant<Caller>('visitor') },
  { weight: 2, arbitrary: fc.constantFrom<Caller>('forged-token', 'huge-id', 'other-id', 'long-token', 'bad-cookie') },
);

function caseArb(route: RouteEntry, fields: BodyFields): fc.Arbitrary<FuzzCase> {
  return fc
    .tuple(CALLERS, pathArb(route.url, world), queryArb(fieldsOf(route.querystring).names, world), requestArb(fields, world))
    .map(([caller, path, query, request]) => ({ caller, path, query, ...request }));
}

/**
 * A body the route accepts, signed in: the first of a few sampled valid bodies (smallest first, sent as
 * multipart, which carries files too) that it answers 2xx; else the smallest. Each probe is checked too.
 */
async function acceptedBody(route: RouteEntry, fields: BodyFields, path: string): Promise<Record<string, unknown>> {
  const samples = fc.sample(validBody(fields, world), { seed: seedOf(route), numRuns: 20 });
  samples.sort((a, b) => Object.keys(a).length - Object.keys(b).length);
  for (const body of samples) {
    const probe: FuzzCase = { path, query: '', caller: 'session', encoding: 'multipart', ...multipartBody(body, 'none') };
    logged.length = 0;
    const res = await send(route, probe);
    const problems = problemsOf(res);
    if (problems.length > 0) throw new Error(report(route, probe, res, problems));
    if (res.statusCode < 300) return body;
  }
  return samples[0] ?? {};
}

/**
 * The cases the issue names, on every route whatever the random draw, each in an otherwise accepted body
 * so that it meets the handler: 1 MB strings (under and over the limit), prototype keys in each encoding,
 * deep nesting, raw bytes of odd types, NUL in each field, the odd ids.
 */
async function namedCases(route: RouteEntry, fields: BodyFields): Promise<FuzzCase[]> {
  const path = route.url.replace('*', world.storagePath).replace(/:[A-Za-z_]+/g, String(world.postIds[0]));
  const base = { path, query: '' };
  const valid = await acceptedBody(route, fields, path);
  const text = fields.names.find((f) => !f.endsWith('id') && typeof valid[f] === 'string') ?? fields.names[0] ?? 'title';
  const idField = fields.names.find((f) => f !== 'user_id' && (f === 'id' || f.endsWith('_id'))) ?? 'id';
  const asJson = (payload: string, caller: Caller = 'session'): FuzzCase => ({ ...base, caller, encoding: 'json', contentType: 'application/json', payload });
  const asForm = (payload: string, caller: Caller = 'session'): FuzzCase => ({
    ...base,
    caller,
    encoding: 'urlencoded',
    contentType: 'application/x-www-form-urlencoded',
    payload,
  });
  const asMultipart = (value: unknown, caller: Caller = 'session'): FuzzCase => ({ ...base, caller, encoding: 'multipart', ...multipartBody(value, 'none') });
  const cases: FuzzCase[] = [
    asJson(JSON.stringify({ ...valid, [text]: HUGE_FITS })),
    asForm(`${text}=${HUGE_TOO_BIG}`, 'visitor'),
    asMultipart({ ...valid, [text]: HUGE_FITS }),
    asJson(`${JSON.stringify(valid).slice(0, -1)}${Object.keys(valid).length > 0 ? ',' : ''}"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}`),
    asForm(`${formText(valid, false)}&__proto__[polluted]=yes&constructor[prototype][polluted]=yes`),
    asMultipart(Object.defineProperty({ ...valid, constructor: 'x' }, '__proto__', { value: 'yes', enumerable: true })),
    ...RAW_JSON.slice(-2).map((payload) => asJson(payload, 'visitor')),
    { ...base, caller: 'session', encoding: 'raw', contentType: 'application/octet-stream', payload: world.jpeg },
    { ...base, caller: 'visitor', encoding: 'raw', contentType: undefined, payload: '\u0000\uFFFF not json' },
    { ...base, caller: 'session', encoding: 'raw', contentType: 'text/plain', payload: JSON.stringify(valid) },
  ];
  // A NUL inside an otherwise accepted text: fine for JSON and for SQLite, refused by PostgreSQL's text type.
  for (const field of fields.names) {
    const value = { ...valid, [field]: 'A fuzzed line\u0000' };
    cases.push(asJson(JSON.stringify(value)), asMultipart(value));
  }
  for (const id of [-1, 1e308, 2 ** 31, 2 ** 63, '1a']) {
    const value = { ...valid, [idField]: id };
    cases.push(asJson(JSON.stringify(value)), asForm(formText(value, false), 'visitor'), asMultipart(value));
  }
  return cases;
}

/** A seed per route, so adding a route does not change what the others are sent. */
function seedOf(route: RouteEntry): number {
  let hash = BASE_SEED;
  for (const ch of `${route.method} ${route.url}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return hash | 0;
}

async function expectHealthy(): Promise<void> {
  // Ready, not only alive: the database and storage still answer after the bad bodies.
  const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
  expect(res.statusCode, res.body).toBe(200);
}

describe('fuzz: every route, every bad body', () => {
  it('has calls to fuzz, each served, each with its signed-in world', () => {
    expect(table.length).toBeGreaterThan(30);
    expect(table.filter(([, call]) => !served.has(`${call.method} ${call.path}`)).map(([name]) => name)).toEqual([]);
    expect(world.postIds.length).toBeGreaterThan(0);
    // The generators draw ids from BAD_IDS: it must hold the ones the issue names.
    expect(BAD_IDS).toEqual(expect.arrayContaining([-1, 1e308, 2 ** 31, 2 ** 63, '1a']));
  });

  for (const [name, call] of table) {
    it(`${name} (${call.method} ${call.path}): no 5xx, no stack trace, Object.prototype intact`, async () => {
      // The served route: its body schema with the file part of a multipart call, its query, its stream mark.
      const route = served.get(`${call.method} ${call.path}`)!;
      // A route without a body schema (GET, logout) still gets bodies: with the keys most routes read.
      world = await freshWorld();
      const declared = fieldsOf(route.body);
      const fields = declared.names.length > 0 ? declared : { names: GENERIC_KEYS, optional: GENERIC_KEYS };
      const examples = (await namedCases(route, fields)).map((c): [FuzzCase] => [c]);
      const property = fc.asyncProperty(caseArb(route, fields), async (c) => {
        logged.length = 0;
        const res = await send(route, c);
        const problems = problemsOf(res);
        if (problems.length > 0) throw new Error(report(route, c, res, problems));
      });
      const details = await fc.check(property, { seed: seedOf(route), numRuns: RUNS + examples.length, examples });
      // fast-check shrinks to the smallest failing request; its message is that request, readable.
      if (details.failed) throw new Error(`${(details.errorInstance as Error | undefined)?.message ?? 'failed'}\n  (seed ${details.seed}, after ${details.numRuns} runs)`);
      expect(details.numRuns).toBeGreaterThanOrEqual(RUNS);
      await expectHealthy();
    }, 90_000);
  }

  it('leaves Object.prototype as it was, and the health check answering', async () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    const plain = {} as Record<string, unknown>;
    for (const key of ['polluted', 'isAdmin', 'x', 'a']) expect(plain[key], key).toBeUndefined();
    await expectHealthy();
  });
});
