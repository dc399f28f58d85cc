import fs from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../lib/errors';
import type { Storage } from './storage';

/** Stored names are content hashes: a URL's bytes never change, so caches may keep them forever. */
const HEADERS = {
  'content-type': 'image/webp',
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
};

/** Serves GET /storage/{path}: only well-formed stored paths (no traversal can match), 404 otherwise. */
export const storagePlugin: FastifyPluginAsync<{ storage: Storage }> = async (app, { storage }) => {
  app.get('/storage/*', async (request, reply) => {
    const wanted = (request.params as { '*'?: string })['*'] ?? '';
    const file = storage.resolve(wanted);
    const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
    if (!file || !stat?.isFile()) throw notFound('Image not found.');
    return reply.headers({ ...HEADERS, 'content-length': String(stat.size) }).send(fs.createReadStream(file));
  });
};
