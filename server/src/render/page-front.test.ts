import diagnostics from 'node:diagnostics_channel';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import { PageCache } from '../cache/page-cache.ts';
import { EncodedBody } from '../lib/encoded-body.ts';
import { type TestApp, buildRenderingTestApp } from '../test/app.ts';
import { aPost, aUser, signIn } from '../test/factories.ts';
import { pageFront } from './page-front.ts';
import type { RenderedPage } from './renderer.ts';

/**
 * The kept pages' front (page-front.ts) over a real socket: a page kept for a reader is answered before
 * Fastify sees the request, with the same status, headers and bytes Fastify's own path sends for it
 * (app.inject goes through Fastify only, so it is the reference), 304 for an ETag the browser holds,
 * and never once a write has dropped it, in this app server or another.
 */
let t: TestApp;
let base: string;
/** Requests that reached a Fastify handler, by address (Fastify's diagnostics channel). */
const seenByFastify: string[] = [];
const onHandler = (message: unknown) => void seenByFastify.push((message as { request: { url: string } }).request.url);

beforeAll(async () => {
  t = await buildRenderingTestApp({ feedCacheMs: 60_000, render: { enabled: true, cacheEntries: 100, cacheMs: 60_000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  diagnostics.subscribe('tracing:fastify.request.handler:start', onHandler);
}, 240_000);
afterAll(async () => {
  diagnostics.unsubscribe('tracing:fastify.request.handler:start', onHandler);
  await t?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Whether a Fastify handler saw it. */
  fastify: boolean;
}

/** A request over the socket, as a browser sends it (no fetch: it would decompress and drop headers). */
function get(url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET'): Promise<Answer> {
  const before = seenByFastify.length;
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${url}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const fastify = seenByFastify.slice(before).includes(url);
        resolve({ status: response.statusCode!, headers: withoutDate(response.headers), body: Buffer.concat(chunks), fastify });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** Fastify's own answer for the same request (inject does not pass the front). */
async function throughFastify(url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET'): Promise<Omit<Answer, 'fastify'>> {
  const res = await t.app.inject({ method, url, headers });
  return { status: res.statusCode, headers: withoutDate(res.headers), body: res.rawPayload };
}

function withoutDate(headers: http.IncomingHttpHeaders | Record<string, unknown>): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) copy[name] = String(value);
  }
  return copy;
}

const plainOf = (answer: Answer) =>
  answer.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(answer.body) : answer.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(answer.body) : answer.body;

describe("the kept pages' front", () => {
  it("answers a visitor's kept page before Fastify, as Fastify would, in each encoding, and for HEAD", async () => {
    const author = await aUser(t.db, { name: 'Mira Holm' });
    const post = await aPost(t.db, { userId: author.id, title: 'Fog over the harbour' });
    const url = paths.viewPost.getHref(post.id);

    const first = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(first.status).toBe(200);
    expect(first.fastify).toBe(true); // rendered and kept
    expect(plainOf(first).toString()).toContain('Fog over the harbour');

    for (const encoding of ['br, gzip', 'gzip', '']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const front = await get(url, headers, method);
        expect(front.fastify, `${method} ${encoding}`).toBe(false);
        const { fastify: _, ...answer } = front;
        expect(answer, `${method} ${encoding}`).toEqual(await throughFastify(url, headers, method));
      }
    }
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plainOf(gzip)).toEqual(plainOf(first));
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
  });

  it('answers 304 to the ETag the browser holds, before Fastify and through it alike', async () => {
    const author = await aUser(t.db);
    const post = await aPost(t.db, { userId: author.id, title: 'Tides' });
    const url = paths.viewPost.getHref(post.id);
    const { headers } = await get(url, { 'accept-encoding': 'br' });
    const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': headers.etag! });
    expect(again).toMatchObject({ status: 304, fastify: false });
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(headers.etag);
    const { fastify: _, ...answer } = again;
    expect(answer).toEqual(await throughFastify(url, { 'accept-encoding': 'br', 'if-none-match': headers.etag! }));
    // Another validator is another page: the page itself.
    expect((await get(url, { 'if-none-match': 'W/"something-else"' })).status).toBe(200);
  });

  it("answers a member's kept page once their session is kept, private; an unknown or ended session goes to Fastify", async () => {
    const author = await aUser(t.db);
    const reader = await aUser(t.db, { name: 'Ola Berg' });
    const post = await aPost(t.db, { userId: author.id, title: 'Salt' });
    const url = paths.viewPost.getHref(post.id);
    const session = await signIn(t.app, reader);
    const cookie = `token=${session.token}; id=${session.id}`;

    const first = await get(url, { cookie, 'accept-encoding': 'br' });
    expect(first.fastify).toBe(true);
    const second = await get(url, { cookie, 'accept-encoding': 'br' });
    expect(second.fastify).toBe(false);
    expect(second.headers['cache-control']).toBe('private, no-cache');
    expect(second.body).toEqual(first.body);
    // Not the visitor's page, nor another member's.
    expect(plainOf(second).toString()).toContain('Ola Berg');
    const visitor = await get(url, { 'accept-encoding': 'br' });
    expect(visitor.body).not.toEqual(second.body);

    // The id cookie of someone else: Fastify's path, which treats the reader as a visitor.
    expect((await get(url, { cookie: `token=${session.token}; id=${Number(session.id) + 1000}` })).fastify).toBe(true);
    // Signed out (a write: the pages and kept sessions go): Fastify's path, which finds no session.
    await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: session.headers });
    const after = await get(url, { cookie, 'accept-encoding': 'br' });
    expect(after.fastify).toBe(true);
    expect(plainOf(after).toString()).not.toContain('Ola Berg');
    expect((await get(url, { cookie })).fastify).toBe(true); // an ended session is never kept
  });

  it('never answers a page a write dropped: the writer and everyone else get it anew, also after a write on another app server', async () => {
    const author = await aUser(t.db);
    const reader = await aUser(t.db);
    const post = await aPost(t.db, { userId: author.id, title: 'Counting likes' });
    const url = paths.viewPost.getHref(post.id);
    const session = await signIn(t.app, reader);
    const cookie = `token=${session.token}; id=${session.id}`;
    await get(url);
    await get(url, { cookie });
    expect((await get(url)).fastify).toBe(false);
    expect((await get(url, { cookie })).fastify).toBe(false);

    const like = await t.app.inject({ method: 'POST', url: '/api/user/like', headers: session.headers, payload: { user_id: session.id, post_id: post.id, status: 1 } });
    expect(like.statusCode).toBe(200);
    const visitor = await get(url);
    expect(visitor.fastify).toBe(true);
    const state = (page: Answer) => /"likes_count":(\d+)/.exec(plainOf(page).toString())?.[1];
    expect(state(visitor)).toBe('1');
    // The member's session was dropped with the pages: looked up again by Fastify, then kept.
    expect(state(await get(url, { cookie }))).toBe('1');

    // A write through another app server of the same deployment (SQLite: the same file).
    const other = await t.another();
    try {
      const unlike = await other.app.inject({ method: 'POST', url: '/api/user/like', headers: session.headers, payload: { user_id: session.id, post_id: post.id, status: 0 } });
      expect(unlike.statusCode).toBe(200);
      // SQLite: the next lookup compares the write counter; PostgreSQL: NOTIFY arrives within milliseconds.
      await expect.poll(async () => state(await get(url)), { timeout: 1000, interval: 20 }).toBe('0');
    } finally {
      await other.close();
    }
  });
});

describe('pageFront', () => {
  /** A server whose front is the one under test and whose fallback says "fastify". */
  async function serve(front: ReturnType<typeof pageFront>): Promise<{ url: string; close: () => Promise<void> }> {
    const server = http.createServer((req, res) => {
      if (!front(req, res)) res.writeHead(299).end('fastify');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
  }
  const page = async (text: string): Promise<RenderedPage> => ({ status: 200, html: await new EncodedBody(text).prepare(), member: false, route: '/' });

  it('leaves to Fastify what it must: another method, an overloaded server, a page past its time, a session to look up', async () => {
    const pages = new PageCache<RenderedPage>(400);
    let busy = false;
    let reader: number | null | undefined = null;
    const server = await serve(pageFront({ pages, reader: () => reader, headers: { 'x-test': '1' }, busy: () => busy }));
    try {
      pages.set('visitor /', await page(`<p>${'kept '.repeat(400)}</p>`));
      const status = async (init?: RequestInit) => (await fetch(`${server.url}/`, init)).status;
      expect(await status()).toBe(200);
      expect(await status({ method: 'POST', body: '{}' })).toBe(299);
      busy = true;
      expect(await status()).toBe(299);
      busy = false;
      reader = undefined;
      expect(await status()).toBe(299);
      reader = 7;
      expect(await status()).toBe(299); // kept for visitors only
      reader = null;
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect(await status()).toBe(299); // past its time: Fastify answers it and refreshes it
      pages.set('visitor /', await page('<p>kept again</p>'));
      pages.invalidate();
      expect(await status()).toBe(299);
    } finally {
      await server.close();
    }
  });
});
