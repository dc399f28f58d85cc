import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';
/** What Fastify says of a JSON answer it serialises itself. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** The best encoding the client accepts (brotli, then gzip), or null for the plain body. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '')).toLowerCase();
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}

/**
 * A body and its compressed forms, each made once when first asked for (a rendered page is sent many
 * times from the cache: compressing it per request would cost more than rendering it).
 */
export class EncodedBody {
  private readonly forms = new Map<Encoding, Promise<Buffer>>();
  private bytes: Buffer | undefined;

  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  /** The body as UTF-8 bytes, made once (a string would be measured and encoded again per answer). */
  get plain(): Buffer {
    return (this.bytes ??= Buffer.from(this.text));
  }

  encoded(encoding: Encoding): Promise<Buffer> {
    let form = this.forms.get(encoding);
    if (!form) {
      form =
        encoding === 'br'
          ? brotli(this.text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.text.length } })
          : gzip(this.text, { level: 6 });
      this.forms.set(encoding, form);
    }
    return form;
  }
}

/** Answers smaller than this go as they are: compressing them saves less than it costs (plugins/compression.ts too). */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Sends a body made once for many answers: compressed when the client accepts it (each form made
 * once), plain bytes otherwise; either way it says the answer varies with Accept-Encoding.
 * A Content-Encoding already set keeps @fastify/compress from compressing it again.
 */
export async function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody, contentType: string): Promise<FastifyReply> {
  reply.header('vary', 'accept-encoding').type(contentType);
  const encoding = body.plain.length < COMPRESSION_THRESHOLD ? null : preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body.plain);
  return reply.header('content-encoding', encoding).send(await body.encoded(encoding));
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
