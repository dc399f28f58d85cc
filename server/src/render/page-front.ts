import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageCache } from '../cache/page-cache.ts';
import { COMPRESSION_THRESHOLD, type Encoding, notModified, preferredEncoding, sendEncoded } from '../lib/encoded-body.ts';
import { type RenderedPage, pageKey } from './renderer.ts';

const HTML = 'text/html; charset=utf-8';

/**
 * How a rendered page may be kept by the browser: always revalidated (a write shows on the next
 * view), with its ETag, so an unchanged page costs a 304. A member's page is theirs alone: `private`
 * keeps shared caches (a proxy, a CDN) from storing it.
 */
export const pageCacheControl = (page: Pick<RenderedPage, 'member'>): string => (page.member ? 'private, no-cache' : 'no-cache');

/**
 * A rendered page through Fastify (a page just rendered, or one past its time being refreshed): the
 * same answer as the front's below, security headers included (plugins/security-headers.ts), and 304
 * when the browser holds it already.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage): FastifyReply | Promise<FastifyReply> {
  reply.header('cache-control', pageCacheControl(page)).header('etag', page.html.etag);
  if (notModified(request.headers['if-none-match'], page.html.etag)) {
    return reply.code(304).header('vary', 'accept-encoding').send();
  }
  return sendEncoded(request, reply.code(page.status), page.html, HTML);
}

export interface PageFrontOptions {
  /** The rendered pages (render/renderer.ts keeps them): only fresh ones are answered here. */
  pages: PageCache<RenderedPage>;
  /**
   * The reader a request names when that needs nothing looked up: a member's id from a kept session,
   * null for a visitor, undefined when Fastify's path must find out (plugins/session.ts keptReader).
   */
  reader: (headers: IncomingHttpHeaders) => number | null | undefined;
  /** The headers every page carries (security-headers.ts), as Fastify's path sets them. */
  headers: Readonly<Record<string, string>>;
  /** True while the overload guard answers 503 (Fastify's path says so, with Retry-After). */
  busy: () => boolean;
  /** Times an answer for /metrics, as Fastify's hook does for its own (metrics/metrics.ts). */
  metrics?: { observe(method: string, route: string, status: number, seconds: number): void } | null;
}

type Variant = Encoding | 'plain' | 'not-modified';
/** Each kept page's header lists, one per variant, made at its first answer of that variant. */
type HeaderLists = Map<Variant, string[]>;

/**
 * The kept pages' front: a GET or HEAD of a page rendered and kept for this reader (a visitor, or a
 * member whose session is kept) is answered here, before Fastify parses, routes or hooks anything,
 * from bytes made once when the page was kept: its brotli or gzip form as the client accepts, or
 * 304 for an ETag it holds. Anything else (not kept, past its time, a session to look up, the server
 * overloaded, another method) answers false and goes to Fastify, which renders or refreshes it.
 * The bytes, status and headers are those Fastify's path sends for the same page (page-front.test.ts).
 */
export function pageFront(options: PageFrontOptions): (request: IncomingMessage, response: ServerResponse) => boolean {
  const lists = new WeakMap<RenderedPage, HeaderLists>();
  const base = Object.entries(options.headers).flat();

  function headersOf(page: RenderedPage, variant: Variant, body: Buffer | null): string[] {
    let made = lists.get(page);
    if (!made) lists.set(page, (made = new Map()));
    let list = made.get(variant);
    if (!list) {
      list = [...base, 'cache-control', pageCacheControl(page), 'etag', page.html.etag, 'vary', 'accept-encoding'];
      if (body) list.push('content-type', HTML, ...(variant === 'br' || variant === 'gzip' ? ['content-encoding', variant] : []), 'content-length', String(body.length));
      made.set(variant, list);
    }
    return list;
  }

  return (request, response) => {
    const method = request.method;
    if ((method !== 'GET' && method !== 'HEAD') || request.url === undefined || options.busy()) return false;
    const reader = options.reader(request.headers);
    if (reader === undefined) return false;
    const page = options.pages.fresh(pageKey(reader, request.url));
    if (!page) return false;
    const started = options.metrics ? performance.now() : 0;
    let status = page.status;
    if (notModified(request.headers['if-none-match'], page.html.etag)) {
      status = 304;
      response.writeHead(304, headersOf(page, 'not-modified', null));
      response.end();
    } else {
      const encoding = page.html.plain.length < COMPRESSION_THRESHOLD ? null : preferredEncoding(request.headers['accept-encoding']);
      const body = encoding ? page.html.ready(encoding) : page.html.plain;
      if (!body) return false; // not made yet: Fastify's path waits for it
      response.writeHead(status, headersOf(page, encoding ?? 'plain', body));
      response.end(body);
    }
    options.metrics?.observe(method, page.route, status, (performance.now() - started) / 1000);
    return true;
  };
}
