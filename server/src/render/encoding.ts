import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

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

  constructor(readonly text: string) {}

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
