import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { unzipSync } from 'fflate';
import type { RateLimit } from '../config.ts';
import { tooManyRequests } from '../lib/errors.ts';
import { registerBodyParsers } from '../plugins/bodies.ts';
import { registerErrorHandler } from '../plugins/errors.ts';
import { serializerCompiler } from '../plugins/serializer.ts';
import { sessionGuards } from '../plugins/session.ts';
import { provideEndpointDeps } from '../plugins/endpoint.ts';
import { type DiskStorage, createDiskStorage } from '../storage/disk-storage.ts';
import type { TestApp } from '../test/app.ts';
import { exportRoutes } from './export.routes.ts';

/**
 * Test helpers of "Download your data": until app.ts registers exportRoutes, a Fastify instance
 * built as app.ts builds its own (error handler, body parsers, cookies, rate limits, the same
 * session guards) on the test app's database and storage, serving only /api/user/export-data.
 */
export async function exportServer(t: TestApp, limit: RateLimit = { max: 10_000, windowMs: 60_000 }): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, t.config.overload);
  await app.register(cookie);
  await registerBodyParsers(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(`Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });
  app.decorateRequest('auth', null);
  provideEndpointDeps(app, { guards: sessionGuards(t.database), rateLimits: { ...t.config.rateLimits, exportData: limit } });
  await app.register(exportRoutes, { prefix: '/api/user', db: t.db, storage: storageOf(t), config: t.config });
  await app.ready();
  return app;
}

/** The storage the test app writes uploads to. */
export const storageOf = (t: TestApp): DiskStorage => createDiskStorage(path.join(t.config.dataDir, 'storage'));

/** The archive's files by name, as text or bytes. */
export class Archive {
  readonly files: Record<string, Uint8Array>;
  constructor(zip: Buffer) {
    this.files = unzipSync(new Uint8Array(zip));
  }
  get names(): string[] {
    return Object.keys(this.files).sort();
  }
  bytes(name: string): Buffer {
    const file = this.files[name];
    if (!file) throw new Error(`${name} is not in the archive: ${this.names.join(', ')}`);
    return Buffer.from(file);
  }
  text(name: string): string {
    return this.bytes(name).toString('utf8');
  }
  json<T = unknown>(name: string): T {
    return JSON.parse(this.text(name)) as T;
  }
  /** Every file's bytes, for looking for what must not be there. */
  everything(): string {
    return this.names.map((name) => this.text(name)).join('\n');
  }
}

/** A post file's front matter (every value is JSON) and its Markdown body. */
export function readPost(markdown: string): { meta: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n\n?([\s\S]*)$/.exec(markdown);
  if (!match) throw new Error(`no front matter in:\n${markdown}`);
  const meta: Record<string, unknown> = {};
  for (const line of match[1]!.split('\n')) {
    const at = line.indexOf(': ');
    meta[line.slice(0, at)] = JSON.parse(line.slice(at + 2));
  }
  return { meta, body: match[2]! };
}
