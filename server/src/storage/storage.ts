import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_IMAGE_BYTES } from '@inkwell/contract';
import { HttpError } from '../lib/errors';
import { reencodeImage } from './image';

/**
 * One storage module for every uploaded image. The interface is what the rest of the app relies on;
 * an S3-compatible store can implement it later (resolve would then answer a signed URL or null).
 */
export interface StoredImage {
  /** Path under /storage, e.g. "ab/cd/<sha256>.webp". */
  path: string;
  /** The URL to reference it by: "/storage/<path>". */
  url: string;
}

/** An image re-encoded for storage and the path its bytes will have (not written yet). */
export interface EncodedImage {
  path: string;
  bytes: Buffer;
}

/** A file found under the storage root: a stored image, or a temporary file of a write. */
export interface StoredFileEntry {
  /** The stored path ("ab/cd/….webp"), or null for anything else (a temporary or stray file). */
  path: string | null;
  /** The absolute file name. */
  file: string;
  mtimeMs: number;
}

export interface Storage {
  /** Validates, re-encodes and stores an image; throws HttpError 413/415 for what is not acceptable. */
  putImage(bytes: Buffer): Promise<StoredImage>;
  /** putImage in two steps: validate and re-encode (the path is known then)… */
  encodeImage(bytes: Buffer): Promise<EncodedImage>;
  /** …and write. Writing the same bytes again replaces the file with identical bytes. */
  writeImage(image: EncodedImage): Promise<StoredImage>;
  /** Every file under the storage root (for sweeping). */
  list(): AsyncIterable<StoredFileEntry>;
  /** Removes a stored file; a missing file is not an error. */
  remove(path: string): Promise<void>;
  /** The absolute file path for serving, or null when the path is not a valid stored path. */
  resolve(path: string): string | null;
  /** The stored path an image URL in a post points at ("/storage/ab/cd/….webp"), or null. */
  pathFromUrl(url: string): string | null;
}

/** Content-addressed names: two hex levels of fan-out, then the SHA-256 of the stored bytes. */
const STORED_PATH = /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/;
export const STORAGE_URL_PREFIX = '/storage/';

export function isStoredPath(value: string): boolean {
  return STORED_PATH.test(value);
}

export function storageUrl(storedPath: string): string {
  return `${STORAGE_URL_PREFIX}${storedPath}`;
}

export const TOO_LARGE_IMAGE = `The image may not be greater than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB.`;

export function createDiskStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);
  const resolve = (storedPath: string) => (isStoredPath(storedPath) ? path.join(root, ...storedPath.split('/')) : null);

  const storage: Storage = {
    async putImage(bytes) {
      return storage.writeImage(await storage.encodeImage(bytes));
    },

    async encodeImage(bytes) {
      if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, TOO_LARGE_IMAGE);
      if (bytes.length === 0) throw new HttpError(415, 'The image file is empty.');
      const encoded = await reencodeImage(bytes);
      const hash = createHash('sha256').update(encoded).digest('hex');
      return { path: `${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}.webp`, bytes: encoded };
    },

    async writeImage({ path: storedPath, bytes: encoded }) {
      const target = resolve(storedPath);
      if (!target) throw new Error(`not a stored path: ${storedPath}`);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written to a temporary name and renamed: a reader sees the whole file or none. Same bytes, same name.
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.writeFile(temp, encoded, { flag: 'wx' });
        await fs.rename(temp, target);
      } catch (err) {
        await fs.rm(temp, { force: true });
        throw err;
      }
      return { path: storedPath, url: storageUrl(storedPath) };
    },

    async remove(storedPath) {
      const file = resolve(storedPath);
      if (file) await fs.rm(file, { force: true });
    },

    async *list() {
      let dirs: string[];
      try {
        dirs = await fs.readdir(root);
      } catch {
        return; // nothing stored yet
      }
      for (const a of dirs) {
        for (const b of await fs.readdir(path.join(root, a)).catch(() => [])) {
          for (const name of await fs.readdir(path.join(root, a, b)).catch(() => [])) {
            const file = path.join(root, a, b, name);
            const stat = await fs.stat(file).catch(() => null);
            if (!stat?.isFile()) continue;
            const storedPath = `${a}/${b}/${name}`;
            yield { path: isStoredPath(storedPath) ? storedPath : null, file, mtimeMs: stat.mtimeMs };
          }
        }
      }
    },

    resolve,

    pathFromUrl(url) {
      if (!url.startsWith(STORAGE_URL_PREFIX)) return null;
      const rest = url.slice(STORAGE_URL_PREFIX.length);
      return isStoredPath(rest) ? rest : null;
    },
  };
  return storage;
}
