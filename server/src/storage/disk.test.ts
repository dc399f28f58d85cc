import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../lib/errors.ts';
import { type DiskStorage, createDiskStorage } from './disk-storage.ts';
import { aJpeg } from './testing.ts';

let dir: string;
let storage: DiskStorage;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-storage-'));
  storage = createDiskStorage(path.join(dir, 'storage'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function files(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

describe('disk storage', () => {
  it('names a file by the hash of its stored bytes, stores the same image once and leaves no temp files', async () => {
    const jpeg = await aJpeg();
    const [a, b] = await Promise.all([storage.putImage(jpeg), storage.putImage(jpeg)]);
    expect(a).toEqual(b);
    expect(await files(path.join(dir, 'storage'))).toEqual([a.path]);
    expect(storage.resolve(a.path)).toBe(path.join(dir, 'storage', ...a.path.split('/')));
    await storage.remove(a.path);
    await storage.remove(a.path);
    expect(await files(path.join(dir, 'storage'))).toEqual([]);
  });

  it('resolves only well-formed stored paths and URLs', () => {
    const good = `ab/cd/${'ab'.repeat(32)}.webp`;
    expect(storage.pathFromUrl(`/storage/${good}`)).toBe(good);
    for (const bad of ['', '../x', `../../${good}`, `/${good}`, `ab/cd/${'AB'.repeat(32)}.webp`, `ab\\cd\\${'ab'.repeat(32)}.webp`, `${good}/..`]) {
      expect(storage.resolve(bad), bad).toBeNull();
      expect(storage.pathFromUrl(`/storage/${bad}`), bad).toBeNull();
    }
    expect(storage.pathFromUrl(`https://evil.example/storage/${good}`)).toBeNull();
  });

  it('takes a noisy 3 MB image (above the JSON body limit) and refuses more than 10 MB with 413', async () => {
    const noise = await sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    expect((await storage.putImage(noise)).path).toMatch(/\.webp$/);
    const tooBig = Buffer.alloc(10 * 1024 * 1024 + 1);
    await expect(storage.putImage(tooBig)).rejects.toMatchObject({ statusCode: 413 });
    await expect(storage.putImage(Buffer.from('GIF89a nonsense'))).rejects.toBeInstanceOf(HttpError);
  });
});
