import { createHash, randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS, MAX_IMAGE_BYTES, imageVariantPath } from '@inkwell/contract';
import { HttpError } from '../lib/errors';
import { type EncodedBytes, reencodeImage, variantsOfStored } from './image';

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

/** An image re-encoded for storage and the path its bytes will have (not written yet), with its copies. */
export interface EncodedImage {
  path: string;
  bytes: Buffer;
  /** Intrinsic size in pixels (an animated image's: one frame's). */
  width: number;
  height: number;
  /** The narrower copies (contract/images.ts), each with the path imageVariantPath gives. */
  variants: Array<{ path: string; width: number; bytes: Buffer }>;
}

/** An image's intrinsic size. */
export interface ImageSize {
  width: number;
  height: number;
}

/** A file found under the storage root: a stored image, or a temporary file of a write. */
export interface StoredFileEntry {
  /** The stored path ("ab/cd/….webp", or a copy's "ab/cd/…-w400.webp"), or null for anything else (a temporary or stray file). */
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
  /** …and write, the copies first, the main file last. Writing the same bytes again replaces the files with identical bytes. */
  writeImage(image: EncodedImage): Promise<StoredImage>;
  /**
   * For a file stored before copies existed: measures it and writes its narrower copies (the main
   * file stays as it is). Null when the file is not there; throws when it cannot be decoded.
   */
  addVariants(path: string): Promise<ImageSize | null>;
  /** Every file under the storage root (for sweeping). */
  list(): AsyncIterable<StoredFileEntry>;
  /** Removes a stored image with every copy of it (or, given a copy's path, that copy); missing files are not an error. */
  remove(path: string): Promise<void>;
  /** The absolute file path for serving (a main file or a copy), or null when the path is not a valid stored path. */
  resolve(path: string): string | null;
  /** The stored path an image URL in a post points at ("/storage/ab/cd/….webp"), or null. */
  pathFromUrl(url: string): string | null;
  /** Whether files can be stored now (the readiness check): on disk, the root is a writable directory. */
  ready(): Promise<boolean>;
}

/**
 * Content-addressed names: two hex levels of fan-out, then the SHA-256 of the main file's bytes; a
 * narrower copy adds its width ("-w400"). Any width is recognised, so copies made under other widths
 * than today's are still served and swept.
 */
const STORED_PATH = /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/;
const STORED_FILE = /^([0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64})(?:-w[1-9][0-9]{1,3})?\.webp$/;
export const STORAGE_URL_PREFIX = '/storage/';

/** A stored image's main path (what the ledger, posts and profiles name). */
export function isStoredPath(value: string): boolean {
  return STORED_PATH.test(value);
}

/** The main path of a stored file: itself for a main file, its image's for a copy; null for anything else. */
export function mainPathOf(value: string): string | null {
  const match = STORED_FILE.exec(value);
  return match ? `${match[1]}.webp` : null;
}

export function storageUrl(storedPath: string): string {
  return `${STORAGE_URL_PREFIX}${storedPath}`;
}

export const TOO_LARGE_IMAGE = `The image may not be greater than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB.`;

export function createDiskStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);
  const resolve = (storedPath: string) => (mainPathOf(storedPath) ? path.join(root, ...storedPath.split('/')) : null);

  /** Written to a temporary name and renamed: a reader sees the whole file or none. Same bytes, same name. */
  async function writeFile(storedPath: string, bytes: Buffer): Promise<void> {
    const target = resolve(storedPath);
    if (!target) throw new Error(`not a stored path: ${storedPath}`);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.writeFile(temp, bytes, { flag: 'wx' });
      await fs.rename(temp, target);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  /** The copies of the image stored at mainPath, named after it. */
  const copies = (mainPath: string, variants: EncodedBytes['variants']): EncodedImage['variants'] =>
    variants.map((v) => ({ ...v, path: imageVariantPath(mainPath, v.width)! }));

  const storage: Storage = {
    async putImage(bytes) {
      return storage.writeImage(await storage.encodeImage(bytes));
    },

    async encodeImage(bytes) {
      if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, TOO_LARGE_IMAGE);
      if (bytes.length === 0) throw new HttpError(415, 'The image file is empty.');
      const encoded = await reencodeImage(bytes);
      const hash = createHash('sha256').update(encoded.bytes).digest('hex');
      const mainPath = `${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}.webp`;
      return { ...encoded, path: mainPath, variants: copies(mainPath, encoded.variants) };
    },

    async writeImage({ path: storedPath, bytes, variants }) {
      if (!isStoredPath(storedPath)) throw new Error(`not a stored path: ${storedPath}`);
      // The copies first: once the main file is there, a page may offer them.
      for (const variant of variants) await writeFile(variant.path, variant.bytes);
      await writeFile(storedPath, bytes);
      return { path: storedPath, url: storageUrl(storedPath) };
    },

    async addVariants(storedPath) {
      const file = isStoredPath(storedPath) ? resolve(storedPath) : null;
      const bytes = file ? await fs.readFile(file).catch(() => null) : null;
      if (!bytes) return null;
      const { width, height, variants } = await variantsOfStored(bytes);
      for (const copy of copies(storedPath, variants)) await writeFile(copy.path, copy.bytes);
      return { width, height };
    },

    async remove(storedPath) {
      const paths = isStoredPath(storedPath) ? [...IMAGE_WIDTHS.map((w) => imageVariantPath(storedPath, w)!), storedPath] : [storedPath];
      for (const p of paths) {
        const file = resolve(p);
        if (file) await fs.rm(file, { force: true });
      }
    },

    async ready() {
      try {
        // mkdir fails (EEXIST) when something that is not a directory holds the root's name.
        await fs.mkdir(root, { recursive: true });
        await fs.access(root, fsConstants.W_OK);
        return true;
      } catch {
        return false;
      }
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
            yield { path: mainPathOf(storedPath) ? storedPath : null, file, mtimeMs: stat.mtimeMs };
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
