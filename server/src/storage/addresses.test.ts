import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { absoluteImageUrl } from './addresses.ts';
import type { Storage } from './storage.ts';
import { storagePlugin } from './storage.plugin.ts';

const site = 'https://ink.example';
const cdn = 'https://cdn.example/inkwell';
const main = `ab/cd/${'e'.repeat(64)}.webp`;

describe('an image’s address away from the site (a mail)', () => {
  it('puts a stored path, bare or under /storage, on the site, and leaves other addresses as they are', () => {
    expect(absoluteImageUrl(main, { publicUrl: site })).toBe(`${site}/storage/${main}`);
    expect(absoluteImageUrl(`/storage/${main}`, { publicUrl: site })).toBe(`${site}/storage/${main}`);
    expect(absoluteImageUrl('/images/default-post.jpg', { publicUrl: site })).toBe(`${site}/images/default-post.jpg`);
    const google = 'https://lh3.googleusercontent.com/a/x=s96-c';
    expect(absoluteImageUrl(google, { publicUrl: site, storagePublicUrl: cdn })).toBe(google);
  });

  it('with STORAGE_PUBLIC_URL, points a stored file where /storage/<path> redirects, and nothing else there', async () => {
    const where = { publicUrl: site, storagePublicUrl: cdn };
    const copy = main.replace('.webp', '-w800.webp');
    const app = Fastify();
    await app.register(storagePlugin, { storage: {} as Storage, publicUrl: cdn });
    for (const stored of [main, copy]) {
      const redirect = await app.inject({ method: 'GET', url: `/storage/${stored}` });
      expect(redirect.statusCode).toBe(308);
      expect(absoluteImageUrl(stored, where)).toBe(redirect.headers.location);
      expect(absoluteImageUrl(`/storage/${stored}`, where)).toBe(redirect.headers.location);
    }
    await app.close();
    expect(absoluteImageUrl('/images/default-post.jpg', where)).toBe(`${site}/images/default-post.jpg`);
    expect(absoluteImageUrl('/storage/not-a-stored-file.webp', where)).toBe(`${site}/storage/not-a-stored-file.webp`);
  });
});
