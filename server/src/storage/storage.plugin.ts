import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../lib/errors.ts';
import { route } from '../plugins/endpoint.ts';
import { cdnUrl } from './addresses.ts';
import { IMMUTABLE_CACHE_CONTROL, STORED_CONTENT_TYPE, type Storage, mainPathOf } from './storage.ts';

/** Stored names are content hashes: a URL's bytes never change, so caches may keep them forever. */
const HEADERS = {
  'content-type': STORED_CONTENT_TYPE,
  'cache-control': IMMUTABLE_CACHE_CONTROL,
  'x-content-type-options': 'nosniff',
};

export interface StoragePluginOptions {
  storage: Storage;
  /**
   * STORAGE_PUBLIC_URL: where the files are public (a CDN). GET /storage/<path> then answers a
   * permanent redirect to `${publicUrl}/<path>`, cacheable for good like the file itself, so that
   * stored addresses stay /storage/… and the CDN can be switched on and off.
   */
  publicUrl?: string;
}

/** Serves GET /storage/{path}: only well-formed stored paths (no traversal can match), 404 otherwise. */
export const storagePlugin: FastifyPluginAsync<StoragePluginOptions> = async (app, { storage, publicUrl }) => {
  const serve = (bytes: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const wanted = (request.params as { '*'?: string })['*'] ?? '';
    if (publicUrl) {
      if (!mainPathOf(wanted)) throw notFound('Image not found.');
      return reply
        .code(308)
        .headers({ location: cdnUrl(publicUrl, wanted), 'cache-control': IMMUTABLE_CACHE_CONTROL })
        .send();
    }
    // HEAD asks the store for the size only (Fastify's own HEAD would fetch the bytes and drop them).
    const file = bytes ? await storage.open(wanted) : await storage.stat(wanted);
    if (!file) throw notFound('Image not found.');
    reply.headers({ ...HEADERS, 'content-length': String(file.size) });
    return 'stream' in file ? reply.send(file.stream) : reply.send();
  };
  app.head('/storage/*', serve(false));
  route(app, 'storedFile', serve(true));
};
