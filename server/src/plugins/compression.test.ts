import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMember, call } from '../social/social.testkit.ts';
import { SseClient } from '../notifications/testkit.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost } from '../test/factories.ts';
import { COMPRESSION_THRESHOLD } from './compression.ts';

let t: TestApp;
let dist: string;
let base: string;
const script = `export const words = ${JSON.stringify('an asset worth compressing '.repeat(200))};\n`;
const page = `<!doctype html><html><head><meta charset="utf-8"><title>Inkwell</title></head><body><div id="root"></div><!--${'x'.repeat(2000)}--></body></html>`;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.mkdir(path.join(dist, 'images'));
  await fs.writeFile(path.join(dist, 'index.html'), page);
  // As web/build/precompress.ts writes them: the file, and its .br and .gz beside it.
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), script);
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(script));
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(script, { level: 9 }));
  await fs.writeFile(path.join(dist, 'images', 'default-post.jpg'), Buffer.alloc(4096, 7));
  t = await buildTestApp({ config: { webDistDir: dist, notifications: { livePollMs: 50 } } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });

  const author = await aMember(t, 'Author');
  for (let i = 0; i < 12; i++) await aPost(t.db, { userId: author.id, title: `Night trains ${i}`, subTitle: 'Across Europe, slowly' });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const feedPage = (headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/user/view-posts', payload: {}, headers });
const decoded = (body: Buffer, encoding: unknown) => (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8');
const varies = (headers: Record<string, unknown>) =>
  String(headers.vary ?? '')
    .toLowerCase()
    .includes('accept-encoding');

describe('compressed answers', () => {
  it('compresses a feed page with br or gzip as the client accepts, and not for a client that does not', async () => {
    const plain = await feedPage();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain.headers)).toBe(true);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect((plain.json() as { data: unknown[] }).data).toHaveLength(10);

    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['*', 'gzip'],
    ]) {
      const res = await feedPage({ 'accept-encoding': accept! });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(varies(res.headers), accept).toBe(true);
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 3);
      expect(decoded(res.rawPayload, encoding), accept).toBe(plain.body);
    }
    for (const accept of ['identity', 'deflate']) {
      const res = await feedPage({ 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.body, accept).toBe(plain.body);
    }
  });

  it('sends small answers as they are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varies(res.headers)).toBe(false);
    const refused = await call(t, '/post/details', { post_id: 999_999 });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the HTML of every screen, the not-found page too', async () => {
    for (const url of ['/', '/view-post/abcdef', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(varies(res.headers), url).toBe(true);
      expect(Number(res.headers['content-length']), url).toBe(res.rawPayload.length);
      expect(decoded(res.rawPayload, 'br'), url).toContain('<div id="root">');
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toContain('<div id="root">');
    }
  });

  it('serves the prebuilt .br and .gz of a built asset, saying the answer varies, and the file itself otherwise', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/javascript/);
      expect(varies(res.headers), accept).toBe(true);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(decoded(res.rawPayload, encoding)).toBe(script);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain.headers)).toBe(true);
    expect(plain.body).toBe(script);
  });

  it('leaves images alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/images/default-post.jpg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBe(4096);
  });

  it('never buffers the notification stream: events arrive uncompressed, as they happen', async () => {
    const author = await aMember(t, 'Streamer');
    const post = await aPost(t.db, { userId: author.id });
    const headers = { cookie: `token=${author.token}; id=${author.id}`, 'accept-encoding': 'br, gzip' };

    const controller = new AbortController();
    const res = await fetch(`${base}/api/user/notifications/stream`, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    controller.abort();

    const stream = await new SseClient(`${base}/api/user/notifications/stream`, headers).open();
    await stream.next((e) => e.event === 'unseen');
    const fan = await aMember(t, 'Fan');
    const sentAt = Date.now();
    expect((await call(t, '/like', { user_id: fan.id, post_id: post.id, status: 1 }, fan)).statusCode).toBe(200);
    const event = await stream.next((e) => e.event === 'notification');
    expect(event.at - sentAt).toBeLessThan(1000);
    expect(JSON.parse(event.data)).toMatchObject({ unseen_count: 1, notification: { type: 'like', post_id: post.id } });
    await stream.close();
  });
});
