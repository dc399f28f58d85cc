import fc from 'fast-check';
import type { ZodType } from 'zod';
import { FORM_TEXTS, FilePart, JSON_TYPES, MULTIPART_FLAWS, RAW_JSON, RAW_TYPES, formText, json, multipartBody, percent } from './fuzz-encodings.ts';

export { FilePart, RAW_JSON, formText, multipartBody } from './fuzz-encodings.ts';

/** What exists in the fuzzed database, so a valid-looking body reaches past validation into the handler. */
export interface World {
  userId: number;
  otherUserId: number;
  postIds: number[];
  commentId: number;
  replyId: number;
  categoryIds: number[];
  email: string;
  googleToken: string;
  storagePath: string;
  jpeg: Uint8Array;
}

export type Encoding = 'json' | 'urlencoded' | 'multipart' | 'raw';
/** session: a live session of the world's user; visitor: none; the rest: junk or mismatched session headers and cookies. */
export type Caller = 'session' | 'visitor' | 'forged-token' | 'huge-id' | 'other-id' | 'long-token' | 'bad-cookie';

/** One request, exactly as it goes out: a failure prints it as the repro. */
export interface FuzzCase {
  encoding: Encoding;
  caller: Caller;
  path: string;
  query: string;
  contentType: string | undefined;
  payload: string | Uint8Array | undefined;
}

/** Keys a route without a body schema is fuzzed with (and that every body may carry as extras). */
export const GENERIC_KEYS = ['user_id', 'id', 'post_id', 'email', 'password', 'title', 'description', 'comments', 'query', 'status'];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
/** The body limit of the app (1 MB): one string that fits under it and one that does not. */
const BODY_LIMIT = 1024 * 1024;
export const HUGE_FITS = 'x'.repeat(BODY_LIMIT - 200);
export const HUGE_TOO_BIG = 'x'.repeat(BODY_LIMIT + 10);

/** The fields of an object schema, through the wrappers zod 4 puts around it (preprocess, optional, ...). */
function shapeOf(schema: ZodType | undefined): Record<string, ZodType> | undefined {
  const seen = new Set<unknown>();
  const walk = (node: unknown): Record<string, ZodType> | undefined => {
    if (!node || typeof node !== 'object' || seen.has(node)) return undefined;
    seen.add(node);
    const shape = (node as { shape?: unknown }).shape;
    if (shape && typeof shape === 'object') return shape as Record<string, ZodType>;
    const def = (node as { def?: Record<string, unknown> }).def ?? {};
    return [def.innerType, def.out, def.in, def.schema].map(walk).find((found) => found !== undefined);
  };
  return walk(schema);
}

/** A body's field names and which of them may be left out (the schema accepts them undefined). */
export interface BodyFields {
  names: string[];
  optional: string[];
}

export function fieldsOf(schema: ZodType | undefined): BodyFields {
  const shape = shapeOf(schema) ?? {};
  const names = Object.keys(shape);
  return { names, optional: names.filter((name) => shape[name]!.safeParse(undefined).success) };
}

/** Ids the issue names, and their cousins: negative, huge, past 2^31 and 2^63, not numbers at all. */
export const BAD_IDS: unknown[] = [
  -1,
  0,
  -0,
  1.5,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53,
  2 ** 63,
  '1a',
  '-1',
  '2147483648',
  '9223372036854775808',
  '1e308',
  '0x1F',
  ' 7 ',
  '00007',
  '１',
  'NaN',
  'Infinity',
  '',
  [],
  {},
  [1],
  true,
  null,
];
const HOSTILE_TEXTS = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '\u0000',
  'a\u0000b',
  '%00',
  '\uD800',
  '\uFEFF',
  '\r\n\r\n',
  '${7*7}',
  '{{7*7}}',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
  'toString',
  ' ',
  'a@b',
  '%',
  'x'.repeat(10_000),
  '😀'.repeat(2000),
  'ǅ\u0301\u200B',
];

const file = (world: World): fc.Arbitrary<FilePart> =>
  fc.oneof(
    fc.uint8Array({ maxLength: 2048 }).map((bytes) => new FilePart(bytes, 'junk.bin', 'application/octet-stream')),
    fc.constant(new FilePart(world.jpeg, 'cover.jpg', 'image/jpeg')),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => new FilePart(Buffer.concat([world.jpeg.subarray(0, 200), bytes]), '../../x.jpg', 'image/jpeg')),
  );

/** Any single bad value: wrong types, odd numbers, hostile texts, nested objects and arrays (with prototype keys), files. */
function hostileValue(world: World): fc.Arbitrary<unknown> {
  const key = fc.oneof(fc.constantFrom(...PROTO_KEYS, ...GENERIC_KEYS), fc.string({ maxLength: 8 }));
  return fc.oneof(
    fc.constantFrom(...BAD_IDS),
    fc.constantFrom(...HOSTILE_TEXTS),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.integer(),
    fc.double(),
    fc.anything({ maxDepth: 3, maxKeys: 4, key }),
    file(world),
  );
}

/** A plausible value for a field, by its name: existing ids, the caller's own id, well-formed texts. */
function plausible(field: string, world: World): fc.Arbitrary<unknown> {
  const text = fc.constantFrom('A fuzzed line', 'Some words', 'x');
  const ids = (...list: number[]) => fc.constantFrom(...list).chain((id) => fc.constantFrom<unknown>(id, String(id)));
  const byName: Record<string, fc.Arbitrary<unknown>> = {
    user_id: ids(world.userId),
    // Most `id` fields name the caller (profile, update-profile), and must: the caller's own id is likeliest.
    id: fc.oneof({ weight: 2, arbitrary: ids(world.userId) }, ids(world.otherUserId, ...world.postIds, world.commentId, world.replyId)),
    post_id: ids(...world.postIds),
    comment_id: ids(world.commentId),
    category_id: ids(...world.categoryIds),
    author_id: ids(world.userId, world.otherUserId),
    profile_id: ids(world.userId, world.otherUserId),
    follow_id: ids(world.otherUserId),
    status: fc.constantFrom(1, 0, '1', '0', 'active', 'inactive'),
    save_unsave: fc.constantFrom(1, 0, '1', true),
    followType: fc.constantFrom(1, 0, '0', false),
    email: fc.constantFrom(world.email, 'someone@example.com'),
    credential: fc.constantFrom(world.googleToken, 'a.b.c'),
    username: fc.constant('fuzz_reader'),
    image: fc.constant(new FilePart(world.jpeg, 'cover.jpg', 'image/jpeg')),
    profile_picture: fc.constant(new FilePart(world.jpeg, 'me.jpg', 'image/jpeg')),
    read_time: fc.constantFrom(5, '5'),
    cursor: fc.constantFrom('5', '2024-01-01T00:00:00.000Z|5'),
    days: fc.constantFrom(7, 30, 90, '30'),
    // The reading history's switch and the library search's scope (issue 13).
    enabled: fc.constantFrom(1, 0, '1', '0', true, false),
    scope: fc.constantFrom('all', 'saved', 'read', 'written'),
    token: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 64 }),
  };
  if (byName[field]) return byName[field];
  if (/password/.test(field)) return fc.constant('Wrong#pass1');
  if (/^notify_/.test(field)) return fc.constantFrom(true, false, '1', '0');
  return text;
}

/** Plausible values for every required field and some optional ones: a body the route should accept. */
export function validBody({ names, optional }: BodyFields, world: World): fc.Arbitrary<Record<string, unknown>> {
  const values = Object.fromEntries(names.map((f) => [f, plausible(f, world)])) as Record<string, fc.Arbitrary<unknown>>;
  return fc.record(values, { requiredKeys: names.filter((f) => !optional.includes(f)) });
}

/** Characters that pass as JSON and form text but that a parser, a driver or a database may choke on; NUL most. */
const POISON = fc.oneof(
  { weight: 3, arbitrary: fc.constant('\u0000') },
  { weight: 4, arbitrary: fc.constantFrom('\uD800', '\u202E', '\uFFFF', '\r\n', "'", '\\', '%', '\u0000\u0000') },
);

/** A valid body whose every text (not its numeric strings) ends in the same odd character: it still validates. */
function poisonedBody(fields: BodyFields, world: World): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(validBody(fields, world), POISON)
    .map(([body, poison]) => Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' && !/^\d+$/.test(v) ? `${v}${poison}` : v])));
}

/**
 * A valid-looking body with one fault: a field replaced by a hostile value, dropped, or its valid value
 * poisoned with one odd character (so it still passes validation); or a hostile key added.
 */
function mutatedBody(fields: BodyFields, world: World): fc.Arbitrary<Record<string, unknown>> {
  const target = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...fields.names) }, { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS, ...GENERIC_KEYS) });
  const fault = fc.oneof(
    { weight: 4, arbitrary: hostileValue(world).map((value) => ({ kind: 'replace' as const, value })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'drop' as const, value: undefined }) },
    { weight: 2, arbitrary: POISON.map((value) => ({ kind: 'poison' as const, value })) },
  );
  return fc.tuple(validBody(fields, world), target, fault).map(([body, key, { kind, value }]) => {
    const out: Record<string, unknown> = { ...body };
    if (kind === 'drop') delete out[key];
    else {
      const faulty = kind === 'poison' ? `${String(out[key] ?? 'A fuzzed line')}${String(value)}` : value;
      Object.defineProperty(out, key, { value: faulty, enumerable: true, writable: true, configurable: true });
    }
    return out;
  });
}

/**
 * A body as a JS value: mostly valid-looking with one fault, else wholly hostile (any shape at all); a
 * few valid ones, so that later cases meet the state real calls leave (likes, comments, deleted posts).
 */
function bodyValue(fields: BodyFields, world: World): fc.Arbitrary<unknown> {
  const keys = fc.oneof(fc.constantFrom(...fields.names, ...GENERIC_KEYS, ...PROTO_KEYS), fc.string({ maxLength: 12 }));
  return fc.oneof(
    { weight: 1, arbitrary: validBody(fields, world) },
    { weight: 2, arbitrary: poisonedBody(fields, world) },
    { weight: 4, arbitrary: mutatedBody(fields, world) },
    { weight: 2, arbitrary: fc.dictionary(keys, hostileValue(world), { maxKeys: 6 }) },
    { weight: 1, arbitrary: fc.array(hostileValue(world), { maxLength: 4 }) },
    { weight: 1, arbitrary: hostileValue(world) },
  );
}

type Request = Pick<FuzzCase, 'encoding' | 'contentType' | 'payload'>;

/** The body of one request in one of the four encodings. */
export function requestArb(fields: BodyFields, world: World): fc.Arbitrary<Request> {
  const value = bodyValue(fields, world);
  const jsonText = fc.oneof({ weight: 4, arbitrary: value.map(json) }, { weight: 1, arbitrary: fc.constantFrom(...RAW_JSON) });
  const asJson = fc.tuple(jsonText, fc.constantFrom(...JSON_TYPES)).map(([payload, contentType]): Request => ({ encoding: 'json', contentType, payload }));
  const formBody = fc.oneof({ weight: 4, arbitrary: fc.tuple(value, fc.boolean()).map(([v, raw]) => formText(v, raw)) }, { weight: 1, arbitrary: fc.constantFrom(...FORM_TEXTS) });
  const asForm = formBody.map((payload): Request => ({ encoding: 'urlencoded', contentType: 'application/x-www-form-urlencoded', payload }));
  const asMultipart = fc
    .tuple(value, fc.oneof({ weight: 8, arbitrary: fc.constant('none' as const) }, { weight: 4, arbitrary: fc.constantFrom(...MULTIPART_FLAWS) }))
    .map(([v, flaw]): Request => ({ encoding: 'multipart', ...multipartBody(v, flaw) }));
  const asRaw = fc
    .tuple(fc.oneof(fc.uint8Array({ maxLength: 4096 }), value.map(json)), fc.constantFrom(...RAW_TYPES))
    .map(([payload, contentType]): Request => ({ encoding: 'raw', contentType, payload }));
  return fc.oneof(asJson, asForm, asMultipart, asRaw);
}

/** A query string: usually none on routes without one; the route's own keys and junk values otherwise. */
export function queryArb(fields: string[], world: World): fc.Arbitrary<string> {
  const key = fc.constantFrom(...fields, 'cursor', 'token', '__proto__[polluted]', 'constructor[prototype][polluted]', 'cursor[]');
  const junk = fc.oneof(fc.constantFrom(...BAD_IDS.map(String), '%ZZ', 'x'.repeat(150), '9999-99-99T99:99:99Z|1'), fc.string({ maxLength: 20 }));
  const pair = fc.tuple(key, fc.oneof(junk, plausible('cursor', world).map(String)), fc.boolean());
  const query = fc.array(pair, { minLength: 1, maxLength: 3 }).map((pairs) => `?${pairs.map(([k, v, raw]) => `${k}=${raw ? v.replace(/[#\s]/g, '') : percent(v)}`).join('&')}`);
  return fc.oneof({ weight: fields.length > 0 ? 1 : 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: query });
}

/** The route's URL with its parameters filled in: ids for `:name`, stored-file paths and traversal junk for `*`. */
export function pathArb(url: string, world: World): fc.Arbitrary<string> {
  const segment = fc.oneof(
    fc.constantFrom('..', '%2e%2e', '.', '%00', '%ZZ', '..%2f..%2fetc%2fpasswd', 'x'.repeat(3000), 'a.webp', '%c0%ae'),
    fc.string({ maxLength: 12 }).map(percent),
    fc.constantFrom(...BAD_IDS).map((id) => percent(String(id))),
  );
  const wildcard = fc.oneof(
    fc.constant(world.storagePath),
    fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => {
      // The URL parser would resolve dot segments away from this route altogether: keep them inside it.
      const dots = parts.filter((p) => /^(\.|%2e){1,2}$/i.test(p)).length;
      return 'in/'.repeat(dots) + parts.join('/');
    }),
  );
  const param = fc.oneof(fc.constantFrom(...world.postIds.map(String)), segment);
  const parts = url.split(/(:[A-Za-z_]+|\*)/);
  return fc.tuple(...parts.map((part) => (part === '*' ? wildcard : part.startsWith(':') ? param : fc.constant(part)))).map((filled) => filled.join(''));
}
