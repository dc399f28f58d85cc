import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS, imageVariantPath } from '@inkwell/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, send, stored } from '../posts/testing.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';
import { aPng, imagePart } from './testing.ts';

/** Narrower copies of every upload: their widths, their life beside the main file, and older files. */
let t: TestApp;
let author: Session;
beforeAll(async () => {
  // No grace period: a file nothing uses goes with the post that used it.
  t = await buildTestApp({ config: { uploadGraceMs: 0 } });
  author = await signIn(t.app, await aUser(t.db));
});
afterAll(() => t.close());

async function upload(bytes: Buffer): Promise<string> {
  const res = await send(t, 'upload-image', { image: imagePart(bytes, 'picture.png') }, author);
  expect(res.statusCode).toBe(201);
  return (res.json() as { path: string }).path;
}

const variant = (main: string, width: number) => imageVariantPath(main, width)!;
const fileOf = (storedPath: string) => path.join(t.config.dataDir, 'storage', ...storedPath.split('/'));
const ledgerSize = (p: string) => t.db.selectFrom('stored_images').select(['width', 'height']).where('path', '=', p).executeTakeFirst();

/** The size of a stored file as a browser would get it (through GET /storage). */
async function servedSize(storedPath: string) {
  const res = await t.app.inject({ method: 'GET', url: `/storage/${storedPath}` });
  expect(res.statusCode, storedPath).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  const meta = await sharp(res.rawPayload, { animated: true }).metadata();
  return { width: meta.width, height: meta.pageHeight ?? meta.height, pages: meta.pages ?? 1 };
}

describe('narrower copies', () => {
  it('stores 400, 800 and 1600 px copies beside a wide image, proportional, and records its size', async () => {
    const main = await upload(await aPng(3000, 1500));
    expect(await servedSize(main)).toMatchObject({ width: 2000, height: 1000 });
    for (const width of IMAGE_WIDTHS) {
      expect(variant(main, width)).toBe(main.replace(/\.webp$/, `-w${width}.webp`));
      expect(await servedSize(variant(main, width))).toMatchObject({ width, height: width / 2 });
    }
    expect(await ledgerSize(main)).toEqual({ width: 2000, height: 1000 });
  });

  it('never makes a copy as wide as the image or wider: 1000 px gets 400 and 800, 400 px and less none', async () => {
    const medium = await upload(await aPng(1000, 700));
    expect((await servedSize(variant(medium, 400))).width).toBe(400);
    expect((await servedSize(variant(medium, 800))).width).toBe(800);
    expect(stored(t, variant(medium, 1600))).toBe(false);
    expect(await ledgerSize(medium)).toEqual({ width: 1000, height: 700 });

    for (const [w, h] of [
      [400, 300],
      [120, 90],
    ] as const) {
      const small = await upload(await aPng(w, h));
      for (const width of IMAGE_WIDTHS) expect(stored(t, variant(small, width)), `${w}: ${width}`).toBe(false);
      expect(await ledgerSize(small)).toEqual({ width: w, height: h });
    }
  });

  it('turns the copies upright as the main file', async () => {
    const sideways = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#446688' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const main = await upload(sideways);
    expect(await servedSize(main)).toMatchObject({ width: 500, height: 1000 });
    expect(await servedSize(variant(main, 400))).toMatchObject({ width: 400, height: 800 });
    expect(await ledgerSize(main)).toEqual({ width: 500, height: 1000 });
  });

  it('keeps an animated GIF animated, copies included, and records one frame’s height', async () => {
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
        sharp({ create: { width: 900, height: 300, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const main = await upload(gif);
    expect(await servedSize(main)).toEqual({ width: 900, height: 300, pages: 3 });
    expect(await servedSize(variant(main, 400))).toEqual({ width: 400, height: 133, pages: 3 });
    expect(await servedSize(variant(main, 800))).toEqual({ width: 800, height: 267, pages: 3 });
    expect(await ledgerSize(main)).toEqual({ width: 900, height: 300 });
  });
});

describe('copies live and go with their image', () => {
  it('removes a deleted post’s cover and body image with all their copies', async () => {
    const body = await upload(await aPng(1700, 900));
    const post = await createPost(t, author, { image: imagePart(await aPng(1200, 600), 'cover.png'), description: `<p><img src="/storage/${body}"></p>` });
    const files = [post.image, variant(post.image, 400), variant(post.image, 800), body, ...IMAGE_WIDTHS.map((w) => variant(body, w))];
    for (const file of files) expect(stored(t, file), file).toBe(true);

    const res = await t.app.inject({ method: 'POST', url: '/api/user/delete-posts', payload: { id: post.id }, headers: author.headers });
    expect(res.statusCode).toBe(200);
    for (const file of files) expect(stored(t, file), file).toBe(false);
  });

  it('sweeps an unused image with its copies, and stray copies whose image the ledger does not know', async () => {
    const unused = await upload(await aPng(900, 450));
    const known = await upload(await aPng(900, 450));
    await createPost(t, author, { description: `<p><img src="/storage/${known}"></p>` });
    const strayCopy = `0c/0d/${'c'.repeat(64)}-w400.webp`;
    await fs.mkdir(path.dirname(fileOf(strayCopy)), { recursive: true });
    await fs.writeFile(fileOf(strayCopy), 'x');
    const old = new Date('2000-01-01T00:00:00Z');
    for (const file of [strayCopy, known, variant(known, 400), variant(known, 800)]) await fs.utimes(fileOf(file), old, old);

    const result = await t.app.images.sweep();
    expect(result.unused).toBeGreaterThanOrEqual(1);
    expect(result.strays).toBeGreaterThanOrEqual(1);
    for (const file of [unused, variant(unused, 400), variant(unused, 800), strayCopy]) expect(stored(t, file), file).toBe(false);
    // The copies of an image a post uses stay, however old their files.
    for (const file of [known, variant(known, 400), variant(known, 800)]) expect(stored(t, file), file).toBe(true);
  });
});

describe('images stored before copies existed', () => {
  it('are measured by the sweep and given their copies, the main file untouched; a missing file is passed over', async () => {
    const main = await upload(await aPng(1800, 600));
    await createPost(t, author, { description: `<p><img src="/storage/${main}"></p>` });
    const bytes = await fs.readFile(fileOf(main));
    // As an upload before this change left it: no copies, no size.
    for (const width of IMAGE_WIDTHS) await fs.rm(fileOf(variant(main, width)));
    await t.db.updateTable('stored_images').set({ width: null, height: null }).where('path', '=', main).execute();
    const gone = `0e/0f/${'e'.repeat(64)}.webp`;
    await t.db.insertInto('stored_images').values({ path: gone, uploaded_at: new Date().toISOString() }).execute();
    await t.db.updateTable('users').set({ profile_picture: gone }).where('id', '=', author.id).execute(); // in use: kept

    const result = await t.app.images.sweep();
    expect(result.sized).toBe(1);
    expect(await ledgerSize(main)).toEqual({ width: 1800, height: 600 });
    expect((await fs.readFile(fileOf(main))).equals(bytes)).toBe(true);
    for (const width of IMAGE_WIDTHS) expect(await servedSize(variant(main, width))).toMatchObject({ width, height: Math.round(width / 3) });
    expect(await ledgerSize(gone)).toEqual({ width: null, height: null });

    expect((await t.app.images.sweep()).sized).toBe(0); // nothing left to measure
  });
});
