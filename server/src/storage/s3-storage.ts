import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../config.ts';
import { HttpError } from '../lib/errors.ts';
import { type FileStore, IMMUTABLE_CACHE_CONTROL, STORED_CONTENT_TYPE, type Storage, imageStorage, mainPathOf } from './storage.ts';

export interface S3StorageOptions extends S3StorageConfig {
  /** Keys asked for per ListObjectsV2 page (S3's own limit, 1000, unless a test wants smaller pages). */
  listPageSize?: number;
  /** Told of every call that failed for another reason than a missing file (the answer is 503 then). */
  log?: { error(message: string): void };
}

export const STORAGE_UNAVAILABLE = 'File storage is not answering. Please try again in a moment.';
const RETRY_AFTER_SECONDS = 5;
/** The readiness check gives up on a bucket that does not answer within this. */
const READY_TIMEOUT_MS = 3000;

/** A 404: no such object (GetObject says NoSuchKey; HeadObject, which has no body, only NotFound). */
function isMissing(err: unknown): boolean {
  return (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
}

/**
 * Files as objects of an S3-compatible bucket, under the key prefix + stored path, each written with
 * the content type and immutable caching it is served with (so a CDN in front of the bucket serves
 * them alike). A PutObject is atomic, so there are no temporary files. Every failure other than a
 * missing object is logged and thrown as 503 with Retry-After: the store is not answering.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket: Bucket, prefix } = options;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    credentials: options.credentials,
    forcePathStyle: options.forcePathStyle,
    followRegionRedirects: true,
    // The SDK's default CRC32 checksums on every request are not understood by every S3-compatible
    // store; only the calls that require one send it (none of those used here do).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: 5000,
      // A socket quiet this long (a store that stopped answering, a reader that stopped reading) is closed.
      socketTimeout: 30_000,
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  });
  const Key = (storedPath: string) => `${prefix}${storedPath}`;

  function unavailable(what: string, err: unknown): HttpError {
    const { name, code, message } = err as Error & { code?: string };
    options.log?.error(`S3 storage: ${what} failed: ${name}${code ? ` (${code})` : ''}: ${message}`);
    return Object.assign(new HttpError(503, STORAGE_UNAVAILABLE, undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) }), { cause: err });
  }
  const required = <T>(what: string, run: () => Promise<T>): Promise<T> =>
    run().catch((err: unknown) => {
      throw unavailable(what, err);
    });
  /** Null when the object is not there. */
  const orNull = <T>(what: string, run: () => Promise<T>): Promise<T | null> =>
    run().catch((err: unknown) => {
      if (isMissing(err)) return null;
      throw unavailable(what, err);
    });

  const files: FileStore = {
    async write(storedPath, bytes) {
      const object = { Bucket, Key: Key(storedPath), Body: bytes, ContentLength: bytes.length };
      const headers = { ContentType: STORED_CONTENT_TYPE, CacheControl: IMMUTABLE_CACHE_CONTROL };
      await required(`writing ${storedPath}`, () => client.send(new PutObjectCommand({ ...object, ...headers })));
    },

    async stat(storedPath) {
      const head = await orNull(`reading ${storedPath}`, () => client.send(new HeadObjectCommand({ Bucket, Key: Key(storedPath) })));
      return head ? { size: head.ContentLength ?? 0, mtime: head.LastModified ?? new Date(0) } : null;
    },

    async open(storedPath) {
      const got = await orNull(`reading ${storedPath}`, () => client.send(new GetObjectCommand({ Bucket, Key: Key(storedPath) })));
      if (!got) return null;
      if (!(got.Body instanceof Readable) || got.ContentLength === undefined) {
        (got.Body as { destroy?: () => void } | undefined)?.destroy?.();
        throw unavailable(`reading ${storedPath}`, new Error('the answer has no body or no length'));
      }
      return { stream: got.Body, size: got.ContentLength, mtime: got.LastModified ?? new Date(0) };
    },

    async delete(storedPath) {
      // S3 answers a removal of a missing key as a success; a 404 (no such bucket) changes nothing either.
      await orNull(`removing ${storedPath}`, () => client.send(new DeleteObjectCommand({ Bucket, Key: Key(storedPath) })));
    },

    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await required('listing files', () =>
          client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, MaxKeys: options.listPageSize, ContinuationToken })),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key?.startsWith(prefix)) continue;
          const name = object.Key.slice(prefix.length);
          // Without a time it counts as new: never swept on a guess.
          yield { path: mainPathOf(name) ? name : null, name, mtimeMs: object.LastModified?.getTime() ?? Date.now() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async ready() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(READY_TIMEOUT_MS) });
        return true;
      } catch {
        return false;
      }
    },

    async close() {
      client.destroy();
    },
  };
  return imageStorage(files);
}
