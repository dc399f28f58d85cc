import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { COMPRESSION_THRESHOLD } from '../lib/encoded-body.ts';

export { COMPRESSION_THRESHOLD };

/** Per answer, so moderate: brotli 4 shrinks a feed page about as much as gzip 9, for less CPU. */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;
/** br first (smaller), then gzip. Not deflate, nor zstd (Node 22.15+ would prefer it): one choice everywhere. */
const ENCODINGS: Array<'br' | 'gzip'> = ['br', 'gzip'];

/**
 * What is worth compressing: text, JSON, JavaScript, XML, SVG. Never the notification stream
 * (text/event-stream must reach the tab as it is written), nor images, fonts or zips, which already are.
 */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml|javascript)\b|image\/svg\+xml\b)/i;
export const isCompressible = (contentType: unknown): boolean => typeof contentType === 'string' && COMPRESSIBLE.test(contentType);

const brotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const gzipOptions = { level: GZIP_LEVEL };

/** Whether a Vary header already covers Accept-Encoding (or everything). */
function variesByEncoding(vary: ReturnType<FastifyReply['getHeader']>): boolean {
  if (vary === undefined) return false;
  const values = (Array.isArray(vary) ? vary.join(',') : String(vary)).toLowerCase();
  return values.includes('accept-encoding') || values.trim() === '*';
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (variesByEncoding(vary)) return;
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
}

/**
 * Compresses answers when the client accepts it (@fastify/compress: br, else gzip, from 1 KB), and
 * says so to caches (Vary: Accept-Encoding), the built web app's files included: @fastify/static
 * sends their prebuilt .br/.gz (web/build/precompress.ts) without saying the answer varies.
 * Registered before every route, which @fastify/compress hooks as they are added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // A long-lived answer (Server-Sent Events, `config.stream`) is written as it happens: never buffered
  // in a compressor. The stream hijacks its reply anyway; this keeps it so should it stop doing that.
  app.addHook('onRoute', (route) => {
    if (route.config?.stream) route.compress = false;
  });

  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD,
    encodings: ENCODINGS,
    brotliOptions,
    zlibOptions: gzipOptions,
    customTypes: isCompressible,
    // Request bodies stay as sent: nothing here sends compressed ones.
    globalDecompression: false,
  });

  // Runs before @fastify/compress's own hook (hooks of the instance come before a route's).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (payload !== null && payload !== undefined) sayItVaries(reply, payload);
    done(null, payload);
  });
}

function sayItVaries(reply: FastifyReply, payload: unknown): void {
  // Said already (an answer made once for many, lib/encoded-body.ts sendEncoded): nothing to work out.
  if (variesByEncoding(reply.getHeader('vary'))) return;
  const encoded = reply.getHeader('content-encoding');
  // A prebuilt .br/.gz file from @fastify/static, or a page compressed once for many answers.
  if (encoded && encoded !== 'identity') return addVary(reply);
  if (!isCompressible(reply.getHeader('content-type'))) return;
  // Another client would get this answer compressed (a file: its .br/.gz), so it varies; a small one never does.
  const isStream = typeof (payload as { pipe?: unknown }).pipe === 'function';
  if (isStream || atLeastThreshold(payload)) addVary(reply);
}

/** Whether a body reaches COMPRESSION_THRESHOLD bytes; a string is measured only when its length cannot tell (UTF-8 takes 1 to 3 bytes per UTF-16 unit). */
function atLeastThreshold(payload: unknown): boolean {
  if (Buffer.isBuffer(payload)) return payload.length >= COMPRESSION_THRESHOLD;
  if (typeof payload !== 'string') return false;
  if (payload.length >= COMPRESSION_THRESHOLD) return true;
  return payload.length * 3 >= COMPRESSION_THRESHOLD && Buffer.byteLength(payload) >= COMPRESSION_THRESHOLD;
}
