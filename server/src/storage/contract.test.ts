import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { IMAGE_WIDTHS, imageVariantPath } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Server, startS3 } from '../test/s3.ts';
import { createDiskStorage } from './disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage, StoredFileEntry } from './storage.ts';
import { aJpeg, aPng } from './testing.ts';

/**
 * The Storage contract, the same on disk and in an S3-compatible bucket (s3rver, a real S3-protocol
 * server in a process of its own; with and without a key prefix). The app relies on nothing else.
 */
interface Backend {
  storage: Storage;
  /** Puts a file the storage did not write (a stranger's, under its root or prefix) as it is. */
  putForeign(name: string, bytes: Buffer): Promise<void>;
  /** A storage of the same kind whose place is missing (no bucket; a directory that cannot be made), so not ready. */
  missing(): Promise<Storage>;
  /** Takes the place away altogether (the server stops); what ready says then. */
  breakIt(): Promise<void>;
  close(): Promise<void>;
}

async function diskBackend(): Promise<Backend> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-contract-'));
  const root = path.join(dir, 'storage');
  return {
    storage: createDiskStorage(root),
    async putForeign(name, bytes) {
      await fs.mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await fs.writeFile(path.join(root, name), bytes);
    },
    async missing() {
      // Its parent is a file: the directory cannot be made.
      await fs.writeFile(path.join(dir, 'a-file'), 'x');
      return createDiskStorage(path.join(dir, 'a-file', 'storage'));
    },
    async breakIt() {
      await fs.rm(root, { recursive: true, force: true });
      await fs.writeFile(root, 'in the way');
    },
    close: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

async function s3Backend(prefix?: string): Promise<Backend> {
  const server: S3Server = await startS3({ prefix });
  const config = server.storage.s3!;
  // Small pages, so that listing pages through the bucket.
  const storage = createS3Storage({ ...config, listPageSize: 2 });
  const client = new S3Client({ endpoint: server.url, region: config.region, forcePathStyle: true, credentials: config.credentials });
  return {
    storage,
    putForeign: async (name, bytes) => void (await client.send(new PutObjectCommand({ Bucket: server.bucket, Key: `${config.prefix}${name}`, Body: bytes }))),
    missing: async () => createS3Storage({ ...config, bucket: `${server.bucket}-missing` }),
    breakIt: () => server.stop(),
    async close() {
      client.destroy();
      await storage.close();
      await server.stop();
    },
  };
}

const read = async (storage: Storage, p: string) => {
  const file = await storage.open(p);
  return file ? buffer(file.stream) : null;
};
async function listed(storage: Storage): Promise<StoredFileEntry[]> {
  const entries: StoredFileEntry[] = [];
  for await (const entry of storage.list()) entries.push(entry);
  return entries.sort((a, b) => a.name.localeCompare(b.name));
}
const names = async (storage: Storage) => (await listed(storage)).map((e) => e.name);

describe.each([
  ['on disk', () => diskBackend()],
  ['in an S3 bucket', () => s3Backend()],
  ['in an S3 bucket under a key prefix', () => s3Backend('sites/inkwell')],
])('storage %s', (_name, make) => {
  let backend: Backend;
  let storage: Storage;
  beforeAll(async () => {
    backend = await make();
    storage = backend.storage;
  });
  afterAll(() => backend.close());

  it('stores an image under the hash of its bytes, reads it back and tells its size and time', async () => {
    const before = Date.now();
    const image = await storage.encodeImage(await aJpeg());
    const stored = await storage.writeImage(image);
    expect(stored).toEqual({ path: image.path, url: `/storage/${image.path}` });
    expect((await read(storage, image.path))!.equals(image.bytes)).toBe(true);
    const stat = await storage.stat(image.path);
    expect(stat?.size).toBe(image.bytes.length);
    // S3 keeps whole seconds.
    expect(stat!.mtime.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    const opened = await storage.open(image.path);
    expect(opened?.size).toBe(image.bytes.length);
    opened?.stream.destroy();
    await storage.remove(image.path);
  });

  it('stores the same bytes twice (at once) as one file, with no temporary file left', async () => {
    const jpeg = await aJpeg();
    const [a, b] = await Promise.all([storage.putImage(jpeg), storage.putImage(jpeg)]);
    expect(a).toEqual(b);
    expect(await names(storage)).toEqual([a.path]);
    await storage.remove(a.path);
    expect(await names(storage)).toEqual([]);
  });

  it('writes the narrower copies beside the main file and removes them with it', async () => {
    const stored = await storage.putImage(await aPng(1700, 100));
    const copies = IMAGE_WIDTHS.map((w) => imageVariantPath(stored.path, w)!);
    expect(await names(storage)).toEqual([stored.path, ...copies].sort());
    for (const copy of copies) expect((await storage.stat(copy))?.size).toBeGreaterThan(0);
    // A copy's path removes that copy only.
    await storage.remove(copies[0]!);
    expect(await names(storage)).toEqual([stored.path, ...copies.slice(1)].sort());
    await storage.remove(stored.path);
    await storage.remove(stored.path);
    expect(await names(storage)).toEqual([]);
  });

  it('gives an older file its copies (addVariants), and null for a missing one', async () => {
    const image = await storage.encodeImage(await aPng(900, 60));
    await storage.writeImage({ ...image, variants: [] });
    expect(await storage.addVariants(image.path)).toEqual({ width: 900, height: 60 });
    expect(await names(storage)).toEqual([image.path, imageVariantPath(image.path, 400)!, imageVariantPath(image.path, 800)!].sort());
    await storage.remove(image.path);
    expect(await storage.addVariants(image.path)).toBeNull();
  });

  it('lists every file, stored or not, with its time, page after page', async () => {
    const stored = [];
    for (let i = 0; i < 3; i++) stored.push((await storage.putImage(await aJpeg())).path);
    const foreign = `0a/0b/README.txt`;
    await backend.putForeign(foreign, Buffer.from('not ours'));
    const entries = await listed(storage);
    expect(entries.map((e) => e.name)).toEqual([foreign, ...stored].sort());
    for (const entry of entries) {
      expect(entry.path).toBe(entry.name === foreign ? null : entry.name);
      expect(entry.removeTemporary).toBeUndefined();
      expect(Math.abs(entry.mtimeMs - Date.now())).toBeLessThan(60_000);
    }
    for (const p of stored) await storage.remove(p);
    expect(await names(storage)).toEqual([foreign]);
  });

  it('answers null for a missing file and for anything that is not a stored path', async () => {
    const missing = `ab/cd/${'ab'.repeat(32)}.webp`;
    const good = await storage.putImage(await aJpeg());
    for (const p of [missing, '', '../x', `../../${good.path}`, `/${good.path}`, `${good.path}/..`, good.path.toUpperCase(), good.path.replace(/\//g, '\\')]) {
      expect(await storage.open(p), p).toBeNull();
      expect(await storage.stat(p), p).toBeNull();
    }
    expect(storage.pathFromUrl(good.url)).toBe(good.path);
    expect(storage.pathFromUrl(`https://elsewhere.example${good.url}`)).toBeNull();
    await expect(storage.writeImage({ path: '../x.webp', bytes: Buffer.from('x'), width: 1, height: 1, variants: [] })).rejects.toThrow(/not a stored path/);
    await storage.remove(good.path);
  });

  it('is ready while its place answers, and not when it is missing or gone', async () => {
    expect(await storage.ready()).toBe(true);
    const missing = await backend.missing();
    expect(await missing.ready()).toBe(false);
    await missing.close();
    await backend.breakIt();
    expect(await storage.ready()).toBe(false);
  });
});
