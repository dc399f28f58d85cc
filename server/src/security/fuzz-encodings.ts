/** How a fuzzed body goes out on the wire: JSON, form text and hand-written multipart, their broken forms and content types. */

/** A file part of a multipart body; as JSON or form text it is its base64. */
export class FilePart {
  readonly bytes: Uint8Array;
  readonly filename: string;
  readonly type: string;

  constructor(bytes: Uint8Array, filename: string, type: string) {
    this.bytes = bytes;
    this.filename = filename;
    this.type = type;
  }
  toJSON(): string {
    return Buffer.from(this.bytes).toString('base64');
  }
  toString(): string {
    return this.toJSON();
  }
}

/** JSON text the serializer would never write: broken, deep, duplicated keys, prototype keys, odd numbers. */
export const RAW_JSON = [
  '',
  '{',
  '{"a":',
  '[1,]',
  '{"a":1}}',
  '{"a":1} trailing',
  'nul',
  '"\\ud800"',
  '1e999999',
  '-',
  '\uFEFF{}',
  '{"id":1,"id":"x","id":{}}',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"a":{"__proto__":{"polluted":"yes"}}}',
  '[{"constructor":{"prototype":{"polluted":"yes"}}}]',
  '{"id":123456789012345678901234567890}',
  '{"\\u0000":"\\u0000"}',
  '['.repeat(50_000) + ']'.repeat(50_000),
  '{"a":'.repeat(50_000) + '{"constructor":{"prototype":{}}}' + '}'.repeat(50_000),
];
export const FORM_TEXTS = [
  '__proto__[polluted]=yes',
  'constructor[prototype][polluted]=yes',
  '__proto__=x&constructor=y',
  'a[b][c][d]=1',
  '%',
  '%E0%A4%A',
  '%ZZ=%ZZ',
  '=&=&=',
  '&&&',
  'a',
  'id=1&id=2&id[]=3',
  'user_id[]=1',
  'a='.repeat(3000),
];
export const MULTIPART_FLAWS = [
  'none',
  'no-boundary',
  'empty-boundary',
  'wrong-boundary',
  'unterminated',
  'duplicate',
  'no-disposition',
  'lf-only',
  'preamble',
  'quoted-name',
] as const;
export const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/JSON', 'application/json; charset=latin1'];
export const RAW_TYPES = [
  undefined,
  'application/octet-stream',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/xml',
  '',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded; charset=bogus',
  'multipart/form-data',
  'multipart/mixed; boundary=x',
  '*/*',
  'application/json, text/plain',
  'a/b/c;;;==',
  'text/html',
  'application/x-www-form-urlencoded',
  'application/json',
];

/** encodeURIComponent, except that a lone surrogate goes out as the UTF-8 of U+FFFD instead of throwing. */
export const percent = (s: string) => encodeURIComponent(Buffer.from(s, 'utf8').toString('utf8'));
export const json = (value: unknown) => JSON.stringify(value) ?? '';
const scalarText = (value: unknown) => (typeof value === 'object' && value !== null && !(value instanceof FilePart) ? json(value) : String(value));

/** a=1&b[c]=2 from a value: arrays repeat their key, nested objects bracket it; `raw` skips percent-encoding. */
export function formText(value: unknown, raw: boolean): string {
  const enc = (s: string) => (raw ? s : percent(s));
  const pairs: string[] = [];
  const add = (key: string, v: unknown, depth: number): void => {
    if (Array.isArray(v) && depth < 3) v.forEach((item) => add(`${key}[]`, item, depth + 1));
    else if (v && typeof v === 'object' && !(v instanceof FilePart) && depth < 3) {
      for (const [k, inner] of Object.entries(v)) add(`${key}[${k}]`, inner, depth + 1);
    } else pairs.push(`${enc(key)}=${enc(scalarText(v))}`);
  };
  if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof FilePart)) {
    for (const [k, v] of Object.entries(value)) add(k, v, 0);
  } else pairs.push(enc(scalarText(value)));
  return pairs.join('&');
}

/** A multipart body written by hand, with one of its possible flaws. */
export function multipartBody(value: unknown, flaw: (typeof MULTIPART_FLAWS)[number]): { contentType: string; payload: Uint8Array } {
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const nl = flaw === 'lf-only' ? '\n' : '\r\n';
  const entries: Array<[string, unknown]> = value && typeof value === 'object' && !(value instanceof FilePart) ? Object.entries(value) : [['value', value]];
  const chunks: Buffer[] = flaw === 'preamble' ? [Buffer.from(`junk before the first part${nl}`)] : [];
  for (const [name, v] of flaw === 'duplicate' ? [...entries, ...entries] : entries) {
    const quoted = flaw === 'quoted-name' ? `${name}"; x="${nl}` : name;
    const disposition = flaw === 'no-disposition' ? '' : `Content-Disposition: form-data; name="${quoted}"`;
    if (v instanceof FilePart) {
      chunks.push(Buffer.from(`--${boundary}${nl}${disposition}; filename="${v.filename}"${nl}Content-Type: ${v.type}${nl}${nl}`));
      chunks.push(Buffer.from(v.bytes), Buffer.from(nl));
    } else chunks.push(Buffer.from(`--${boundary}${nl}${disposition}${nl}${nl}${scalarText(v)}${nl}`));
  }
  if (flaw !== 'unterminated') chunks.push(Buffer.from(`--${boundary}--${nl}`));
  const declared = { 'no-boundary': '', 'empty-boundary': '; boundary=', 'wrong-boundary': '; boundary=other' }[flaw as string];
  return { contentType: `multipart/form-data${declared ?? `; boundary=${boundary}`}`, payload: Buffer.concat(chunks) };
}
