import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { imageVariantPath } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, send } from '../posts/testing.ts';
import { type TestApp, type ConfigOverrides, buildTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';
import { type S3Server, startS3 } from '../test/s3.ts';
import { Archive } from '../users/export.testkit.ts';
import { createStorage } from './create-storage.ts';
import type { Storage } from './storage.ts';
import { aJpeg, aPng, imagePart } from './testing.ts';

/**
 * The whole app with STORAGE_URL=s3://… against s3rver (a real S3-protocol server): uploads land in
 * the bucket, GET /storage/… serves them from it, the sweep and "Download your data" work on it, the
 * readiness check sees it stop; with STORAGE_PUBLIC_URL, GET /storage/… redirects to the CDN.
 */
interface S3App {
  s3: S3Server;
  t: TestApp;
  /** The bucket as the app sees it, to look at what is stored. */
  storage: Storage;
  author: Session;
  close(): Promise<void>;
}

async function s3App(config: ConfigOverrides = {}, publicUrl?: (s3: S3Server) => string): Promise<S3App> {
  const s3 = await startS3();
  const t = await buildTestApp({ config: { ...config, storage: { ...s3.storage, publicUrl: publicUrl?.(s3) } } });
  const storage = createStorage(t.config);
  const author = await signIn(t.app, await aUser(t.db));
  return {
    s3,
    t,
    storage,
    author,
    async close() {
      await t.close();
      await storage.close();
      await s3.stop();
    },
  };
}

/** The S3App of the describe block this is called in: started before its tests, closed after them. */
function withS3App(config: ConfigOverrides = {}, publicUrl?: (s3: S3Server) => string): () => S3App {
  let at: S3App | undefined;
  beforeAll(async () => {
    at = await s3App(config, publicUrl);
  });
  afterAll(() => at?.close());
  return () => at!;
}

async function upload(at: S3App, bytes: Buffer): Promise<{ path: string; url: string }> {
  const res = await send(at.t, 'upload-image', { image: imagePart(bytes) }, at.author);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const bytesOf = async (storage: Storage, p: string) => {
  const file = await storage.open(p);
  return file ? buffer(file.stream) : null;
};
const isStored = async (storage: Storage, p: string) => (await storage.stat(p)) !== null;

describe('files in an S3 bucket', () => {
  const app = withS3App();

  it('stores an upload in the bucket and serves it from there with immutable caching', async () => {
    const at = app();
    const stored = await upload(at, await aPng(900, 60));
    const inBucket = await bytesOf(at.storage, stored.path);
    expect(inBucket).not.toBeNull();
    const res = await at.t.app.inject({ method: 'GET', url: stored.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
      'content-length': String(inBucket!.length),
    });
    expect(res.rawPayload.equals(inBucket!)).toBe(true);
    // Its narrower copies too, and HEAD.
    const copy = await at.t.app.inject({ method: 'GET', url: imageVariantPath(stored.url, 400)! });
    expect(copy.statusCode).toBe(200);
    expect(copy.rawPayload.equals((await bytesOf(at.storage, imageVariantPath(stored.path, 400)!))!)).toBe(true);
    const head = await at.t.app.inject({ method: 'HEAD', url: stored.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(inBucket!.length));
    // Nothing was written to the data folder.
    expect(fs.existsSync(path.join(at.t.config.dataDir, 'storage'))).toBe(false);
  });

  it('answers 404 for missing and malformed paths', async () => {
    const at = app();
    for (const url of [
      `/storage/ab/cd/${'ab'.repeat(32)}.webp`,
      '/storage/',
      '/storage/x.webp',
      '/storage/..%2f..%2fpackage.json',
      `/storage/ab/cd/${'ab'.repeat(32)}.webp%00.png`,
      `/storage/AB/CD/${'AB'.repeat(32)}.webp`,
    ]) {
      const res = await at.t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Image not found.' });
    }
  });

  it('puts the stored bytes into "Download your data"', async () => {
    const at = app();
    const post = await createPost(at.t, at.author, { title: 'From the bucket' });
    const res = await at.t.app.inject({ method: 'POST', url: '/api/user/export-data', payload: { user_id: at.author.id }, headers: at.author.headers });
    expect(res.statusCode).toBe(200);
    const archive = new Archive(res.rawPayload);
    expect(archive.bytes(`images/${post.image.slice(6)}`).equals((await bytesOf(at.storage, post.image))!)).toBe(true);
  });

  it('is ready while the bucket answers', async () => {
    const at = app();
    const res = await at.t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok', storage: 'ok' });
  });
});

describe('the storage sweep on S3', () => {
  const GRACE_MS = 50;
  const app = withS3App({ uploadGraceMs: GRACE_MS });

  it('removes unused uploads with their copies and files the ledger does not know, and keeps what posts use', async () => {
    const at = app();
    const unused = await upload(at, await aPng(900, 60));
    const post = await createPost(at.t, at.author);
    // Stored without the ledger, as a crash between the two would leave it.
    const stray = await at.storage.putImage(await aJpeg());
    // S3 keeps whole seconds: past the grace period for sure.
    await new Promise((r) => setTimeout(r, GRACE_MS + 1100));

    const result = await at.t.app.images.sweep();
    expect(result.unused).toBeGreaterThanOrEqual(1);
    expect(result.strays).toBe(1);
    expect(result.temps).toBe(0);
    for (const p of [unused.path, imageVariantPath(unused.path, 400)!, imageVariantPath(unused.path, 800)!, stray.path]) {
      expect(await isStored(at.storage, p), p).toBe(false);
    }
    expect(await isStored(at.storage, post.image)).toBe(true);
    expect((await at.t.app.inject({ method: 'GET', url: `/storage/${post.image}` })).statusCode).toBe(200);
  });
});

describe('when the bucket stops answering', () => {
  const app = withS3App();

  it('is not ready, naming storage, and answers 503 with Retry-After rather than failing', async () => {
    const at = app();
    const stored = await upload(at, await aJpeg());
    await at.s3.stop();

    const ready = await at.t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'ok', storage: 'unavailable' });

    const again = await send(at.t, 'upload-image', { image: imagePart(await aJpeg()) }, at.author);
    expect(again.statusCode).toBe(503);
    expect(again.headers['retry-after']).toBe('5');
    expect(again.json()).toEqual({ message: 'File storage is not answering. Please try again in a moment.' });
    const served = await at.t.app.inject({ method: 'GET', url: stored.url });
    expect(served.statusCode).toBe(503);
  });
});

describe('STORAGE_PUBLIC_URL', () => {
  // The "CDN" is the bucket's own address, which s3rver answers without credentials.
  const app = withS3App({}, (s3) => `${s3.url}/${s3.bucket}`);

  it('redirects /storage/… for good to the same path there, where the file is', async () => {
    const at = app();
    const cdn = `${at.s3.url}/${at.s3.bucket}`;
    const stored = await upload(at, await aJpeg());
    const res = await at.t.app.inject({ method: 'GET', url: stored.url });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe(`${cdn}/${stored.path}`);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('');

    const there = await fetch(res.headers.location!);
    expect(there.status).toBe(200);
    expect(there.headers.get('content-type')).toBe('image/webp');
    expect(there.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await there.arrayBuffer()).equals((await bytesOf(at.storage, stored.path))!)).toBe(true);

    // Stored addresses stay /storage/…: the answer of the upload did not change.
    expect(stored.url).toBe(`/storage/${stored.path}`);
    for (const url of ['/storage/x.webp', '/storage/..%2f..%2fpackage.json', `/storage/ab/cd/${'ab'.repeat(32)}.webp%00.png`]) {
      expect((await at.t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it("lets the pages load images from the CDN's origin (Content-Security-Policy img-src)", async () => {
    const at = app();
    const res = await at.t.app.inject({ method: 'GET', url: '/' });
    const imgSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('img-src'));
    expect(imgSrc?.trim().split(/\s+/)).toEqual(['img-src', "'self'", 'data:', 'blob:', 'https:', at.s3.url]);
  });
});
