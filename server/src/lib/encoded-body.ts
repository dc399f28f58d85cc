import { hash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';
/** What Fastify says of a JSON answer it serialises itself. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** The best encoding the client accepts (by its weights; brotli, then gzip), or null for the plain body. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  if (acceptEncoding === undefined || acceptEncoding === '') return null;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  // Browsers send one of a few headers, every time: each is read once.
  const known = READ_HEADERS.get(header);
  if (known !== undefined) return known;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  // The higher weight wins, brotli on a tie; `*` stands for gzip only (as with @fastify/compress).
  const br = accepted.get('br') ?? 0;
  const gzip = accepted.get('gzip') ?? accepted.get('*') ?? 0;
  const choice = br > 0 && br >= gzip ? 'br' : gzip > 0 ? 'gzip' : null;
  if (READ_HEADERS.size >= MAX_READ_HEADERS) READ_HEADERS.clear();
  READ_HEADERS.set(header, choice);
  return choice;
}
const READ_HEADERS = new Map<string, Encoding | null>();
const MAX_READ_HEADERS = 100;

/**
 * A body and its compressed forms, each made once when first asked for (a rendered page is sent many
 * times from the cache: compressing it per request would cost more than rendering it).
 */
export class EncodedBody {
  private readonly forms = new Map<Encoding, Promise<Buffer>>();
  /** The forms made so far, to send without waiting. */
  private readonly made = new Map<Encoding, Buffer>();

  /** The body as UTF-8 bytes, made once (a string would be measured and encoded again per answer); the text itself is not kept. */
  readonly plain: Buffer;

  constructor(text: string) {
    this.plain = Buffer.from(text);
  }

  encoded(encoding: Encoding): Promise<Buffer> {
    let form = this.forms.get(encoding);
    if (!form) {
      form =
        encoding === 'br'
          ? brotli(this.plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.plain.length } })
          : gzip(this.plain, { level: 6 });
      form.then(
        (bytes) => this.made.set(encoding, bytes),
        () => undefined,
      );
      this.forms.set(encoding, form);
    }
    return form;
  }

  /** The body in that encoding when it is already made. */
  ready(encoding: Encoding): Buffer | undefined {
    return this.made.get(encoding);
  }

  /**
   * Makes both compressed forms now, for a body about to be kept and sent many times (a rendered
   * page): no answer then waits for one, and the kept pages' front can send any of them at once.
   */
  async prepare(): Promise<this> {
    if (this.plain.length >= COMPRESSION_THRESHOLD) await Promise.all([this.encoded('br'), this.encoded('gzip')]);
    return this;
  }

  #etag: string | undefined;
  /**
   * A weak validator of the body's bytes (RFC 9110 §8.8.1), made once: the same for each of its
   * encodings, which hold the same representation data, so a browser's If-None-Match is answered
   * 304 whichever form it got.
   */
  get etag(): string {
    return (this.#etag ??= `W/"${hash('sha256', this.plain, 'base64url').slice(0, 27)}"`);
  }
}

/**
 * Whether an If-None-Match header names this validator (weak comparison, RFC 9110 §13.1.2: a GET may
 * then be answered 304 Not Modified); `*` matches any current representation.
 */
export function notModified(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined || ifNoneMatch === '') return false;
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  if (header.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return (t.startsWith('W/') ? t.slice(2) : t) === opaque;
  });
}

/** Answers smaller than this go as they are: compressing them saves less than it costs (plugins/compression.ts too). */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Sends a body made once for many answers: compressed when the client accepts it (each form made
 * once), plain bytes otherwise; either way it says the answer varies with Accept-Encoding.
 * A Content-Encoding already set keeps @fastify/compress from compressing it again. It sends at once
 * (no promise) unless a compressed form is still to be made.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody, contentType: string): FastifyReply | Promise<FastifyReply> {
  reply.header('vary', 'accept-encoding').type(contentType);
  const encoding = body.plain.length < COMPRESSION_THRESHOLD ? null : preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body.plain);
  reply.header('content-encoding', encoding);
  const ready = body.ready(encoding);
  return ready ? reply.send(ready) : body.encoded(encoding).then((bytes) => reply.send(bytes));
}

/**
 * Answers made once per value kept in a cache and per variant of it (for a post page: the reader's
 * like and save). Held weakly by the value, so they go when the cache lets the value go.
 */
export class SharedAnswers<K extends object> {
  private readonly answers = new WeakMap<K, Map<string, EncodedBody>>();

  get(owner: K, variant: string, serialize: () => string): EncodedBody {
    let forms = this.answers.get(owner);
    if (!forms) this.answers.set(owner, (forms = new Map()));
    let body = forms.get(variant);
    if (!body) forms.set(variant, (body = new EncodedBody(serialize())));
    return body;
  }
}
