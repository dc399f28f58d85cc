import { MAX_IMAGE_BYTES } from '@inkwell/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';
import { sniffImageType } from './image.ts';
import { aJpeg, multipart } from './testing.ts';

let t: TestApp;
let me: Session;
beforeAll(async () => {
  t = await buildTestApp();
  me = await signIn(t.app, await aUser(t.db));
});
afterAll(() => t.close());

async function upload(data: Buffer, filename = 'photo.jpg', type = 'image/jpeg', headers: Record<string, string> = me.headers) {
  const body = multipart({ image: { data, filename, type } });
  return t.app.inject({ method: 'POST', url: '/api/user/upload-image', payload: body.payload, headers: { ...headers, ...body.headers } });
}

async function served(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { res, meta: res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : null };
}

describe('upload-image', () => {
  it('stores a JPEG as WebP under a content-hash name and serves it with immutable caching', async () => {
    const res = await upload(await aJpeg());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.path).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
    expect(body.path.slice(0, 2)).toBe(body.path.slice(6, 8));
    expect(body.url).toBe(`/storage/${body.path}`);
    const { res: file, meta } = await served(body.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    // Shown in notification mails read in webmail (another site): public, so not same-origin only.
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(meta?.format).toBe('webp');
  });

  it('answers 401 to a visitor', async () => {
    expect((await upload(await aJpeg(), 'a.jpg', 'image/jpeg', {})).statusCode).toBe(401);
  });

  it('strips EXIF and GPS and turns the image upright', async () => {
    const tagged = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Spycam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(tagged).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif!.includes(Buffer.from('Spycam'))).toBe(true);
    const res = await upload(tagged);
    expect(res.statusCode).toBe(201);
    const { meta } = await served(res.json().url);
    expect(meta?.exif).toBeUndefined();
    expect(meta?.xmp).toBeUndefined();
    expect(meta?.orientation).toBeUndefined();
    expect([meta?.width, meta?.height]).toEqual([40, 80]);
  });

  it('scales a 3000 px wide image down to 2000 px and never enlarges a small one', async () => {
    const wide = await sharp({ create: { width: 3000, height: 300, channels: 3, background: '#abcdef' } })
      .png()
      .toBuffer();
    const { meta } = await served((await upload(wide, 'wide.png', 'image/png')).json().url);
    expect([meta?.width, meta?.height]).toEqual([2000, 200]);
    const small = await served((await upload(await aJpeg(50, 30))).json().url);
    expect(small.meta?.width).toBe(50);
  });

  it('accepts PNG, WebP, GIF and AVIF, and keeps an animated GIF animated', async () => {
    const base = sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } });
    for (const data of [await base.clone().png().toBuffer(), await base.clone().webp().toBuffer(), await base.clone().avif().toBuffer()]) {
      expect((await upload(data, 'x.bin', 'application/octet-stream')).statusCode).toBe(201);
    }
    const frames = await Promise.all(
      ['#ff0000', '#00ff00'].map((background) =>
        sharp({ create: { width: 20, height: 20, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const res = await upload(gif, 'a.gif', 'image/gif');
    expect(res.statusCode).toBe(201);
    expect((await served(res.json().url)).meta?.pages).toBe(2);
  });

  it('refuses what is not a supported image with 415, whatever its name or declared type', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    const cases: Array<[Buffer, string, string]> = [
      [Buffer.from('just some text, honestly'), 'notes.png', 'image/png'],
      [svg, 'logo.svg', 'image/svg+xml'],
      [svg, 'logo.png', 'image/png'],
      [Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage'.repeat(50))]), 'broken.png', 'image/png'],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>alert(1)</script>')]), 'poly.jpg', 'image/jpeg'],
    ];
    for (const [data, name, type] of cases) {
      const res = await upload(data, name, type);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().message).toMatch(/JPEG, PNG, WebP, GIF or AVIF/);
    }
  });

  it('refuses a file over the 10 MB limit with 413', async () => {
    const huge = Buffer.alloc(21 * 1024 * 1024, 1);
    huge.set([0xff, 0xd8, 0xff], 0);
    expect((await upload(huge)).statusCode).toBe(413);
    const justOver = Buffer.alloc(MAX_IMAGE_BYTES + 1, 1);
    expect((await upload(justOver)).statusCode).toBe(413);
  });

  it('answers 422 when the image is missing or is text', async () => {
    const body = multipart({ image: 'not a file' });
    const res = await t.app.inject({ method: 'POST', url: '/api/user/upload-image', payload: body.payload, headers: { ...me.headers, ...body.headers } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.image[0]).toBe('The image must be an image file.');
    const none = await t.app.inject({ method: 'POST', url: '/api/user/upload-image', payload: {}, headers: me.headers });
    expect(none.json().errors.image[0]).toBe('The image field is required.');
  });
});

describe('GET /storage/*', () => {
  it('answers 404 for missing, malformed and traversing paths', async () => {
    const missing = `/storage/ab/cd/${'ab'.repeat(32)}.webp`;
    for (const url of [
      missing,
      '/storage/',
      '/storage/x.webp',
      '/storage/..%2f..%2fpackage.json',
      '/storage/ab/cd/..%5c..%5ctest.sqlite',
      `/storage/ab/cd/${'ab'.repeat(32)}.webp%00.png`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'] ?? '').not.toMatch(/image/);
    }
    // A literal ../ is resolved by the URL parser before routing: it never reaches /storage at all.
    for (const url of ['/storage/../../package.json', '/storage/%2e%2e/%2e%2e/test.sqlite']) {
      const dotted = await t.app.inject({ method: 'GET', url });
      expect(dotted.statusCode, url).not.toBe(200);
      expect(dotted.body).not.toMatch(/"name"|SQLite/);
    }
  });
});

describe('sniffImageType', () => {
  it('tells the accepted types by their bytes only', () => {
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpeg');
    expect(sniffImageType(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImageType(Buffer.from('\0\0\0\x1cftypavif\0\0\0\0avifmif1', 'latin1'))).toBe('avif');
    expect(sniffImageType(Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.from('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});
