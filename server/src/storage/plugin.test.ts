import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage.ts';
import type { Storage } from './storage.ts';
import { storagePlugin } from './storage.plugin.ts';
import { aJpeg } from './testing.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('GET and HEAD /storage/*', () => {
  it('answers HEAD from the size alone, without reading the bytes (on S3 a read is a download)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-plugin-'));
    dirs.push(dir);
    const disk = createDiskStorage(dir);
    let opened = 0;
    const storage: Storage = { ...disk, open: (p) => ((opened += 1), disk.open(p)) };
    const app = Fastify();
    await app.register(storagePlugin, { storage });
    const stored = await storage.putImage(await aJpeg());

    const head = await app.inject({ method: 'HEAD', url: stored.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body).toBe('');
    expect(opened).toBe(0);

    const get = await app.inject({ method: 'GET', url: stored.url });
    expect(get.statusCode).toBe(200);
    expect(get.rawPayload.length).toBe(Number(head.headers['content-length']));
    expect(opened).toBe(1);

    for (const method of ['HEAD', 'GET'] as const) {
      expect((await app.inject({ method, url: `/storage/${'a'.repeat(2)}/bb/${'c'.repeat(64)}.webp` })).statusCode).toBe(404);
      expect((await app.inject({ method, url: '/storage/../../etc/passwd' })).statusCode).toBe(404);
    }
    await app.close();
  });
});
