import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { IMAGE_WIDTHS, MAX_IMAGE_BYTES, STORAGE_PATH, imageVariantPath } from '@inkwell/contract';
import { HttpError } from '../lib/errors.ts';
import { type EncodedBytes, reencodeImage, variantsOfStored } from './image.ts';

/**
 * One storage module for every uploaded image. The interface is what the rest of the app relies on;
 * it is built (imageStorage) on a FileStore, the few things a place to keep files does: a directory
 * (disk-storage.ts) or an S3-compatible bucket (s3-storage.ts). create-storage.ts picks one from the
 * configuration.
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

/** A stored file's size in bytes and when it was last written. */
export interface StoredFileInfo {
  size: number;
  mtime: Date;
}

/** A stored file opened for reading: its bytes as a stream (the reader must consume or destroy it). */
export interface OpenedFile extends StoredFileInfo {
  stream: Readable;
}

/** A file found under the storage root: a stored image, or a temporary file of a write, or anything else. */
export interface StoredFileEntry {
  /** The stored path ("ab/cd/….webp", or a copy's "ab/cd/…-w400.webp"), or null for anything else (a temporary or stray file). */
  path: string | null;
  /** Its name under the storage root (the stored path, or what the file is called). */
  name: string;
  mtimeMs: number;
  /** Set for a temporary file of a write (on disk only: an object store's write is atomic): removes it. */
  removeTemporary?: () => Promise<void>;
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
  /** A stored file's size and time (a main file or a copy), or null when it is missing or the path is not a valid stored path. */
  stat(path: string): Promise<StoredFileInfo | null>;
  /** A stored file opened for reading (a main file or a copy), or null when it is missing or the path is not a valid stored path. */
  open(path: string): Promise<OpenedFile | null>;
  /** The stored path an image URL in a post points at ("/storage/ab/cd/….webp"), or null. */
  pathFromUrl(url: string): string | null;
  /** Whether files can be stored now (the readiness check): a writable directory, a bucket that answers. */
  ready(): Promise<boolean>;
  /** Lets go of what the storage holds open (an object store's connections). */
  close(): Promise<void>;
}

/**
 * What a place to keep files does. The paths it is given are always valid stored file paths (a main
 * file or a copy, see mainPathOf); a missing file is null (stat, open) or not an error (delete).
 */
export interface FileStore {
  /** Writes the whole file or, on failure, none of it; the same path again replaces it. */
  write(path: string, bytes: Buffer): Promise<void>;
  stat(path: string): Promise<StoredFileInfo | null>;
  open(path: string): Promise<OpenedFile | null>;
  delete(path: string): Promise<void>;
  list(): AsyncIterable<StoredFileEntry>;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Content-addressed names: two hex levels of fan-out, then the SHA-256 of the main file's bytes; a
 * narrower copy adds its width ("-w400"). Any width is recognised, so copies made under other widths
 * than today's are still served and swept.
 */
const STORED_PATH = /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/;
const STORED_FILE = /^([0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64})(?:-w[1-9][0-9]{1,3})?\.webp$/;
export const STORAGE_URL_PREFIX = STORAGE_PATH;

/** How every stored file may be cached: its name is the hash of its bytes, so they never change. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const STORED_CONTENT_TYPE = 'image/webp';

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

/** The copies of the image stored at mainPath, named after it. */
const copies = (mainPath: string, variants: EncodedBytes['variants']): EncodedImage['variants'] => variants.map((v) => ({ ...v, path: imageVariantPath(mainPath, v.width)! }));

/** The image rules (validation, re-encoding, names, copies) on top of a place to keep files. */
export function imageStorage(files: FileStore): Storage {
  async function write(storedPath: string, bytes: Buffer): Promise<void> {
    if (!mainPathOf(storedPath)) throw new Error(`not a stored path: ${storedPath}`);
    await files.write(storedPath, bytes);
  }

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
      for (const variant of variants) await write(variant.path, variant.bytes);
      await write(storedPath, bytes);
      return { path: storedPath, url: storageUrl(storedPath) };
    },

    async addVariants(storedPath) {
      const file = isStoredPath(storedPath) ? await files.open(storedPath) : null;
      if (!file) return null;
      const { width, height, variants } = await variantsOfStored(await buffer(file.stream));
      for (const copy of copies(storedPath, variants)) await write(copy.path, copy.bytes);
      return { width, height };
    },

    async remove(storedPath) {
      const paths = isStoredPath(storedPath) ? [...IMAGE_WIDTHS.map((w) => imageVariantPath(storedPath, w)!), storedPath] : [storedPath];
      for (const p of paths) if (mainPathOf(p)) await files.delete(p);
    },

    stat: async (storedPath) => (mainPathOf(storedPath) ? files.stat(storedPath) : null),
    open: async (storedPath) => (mainPathOf(storedPath) ? files.open(storedPath) : null),
    list: () => files.list(),
    ready: () => files.ready(),
    close: () => files.close(),

    pathFromUrl(url) {
      if (!url.startsWith(STORAGE_URL_PREFIX)) return null;
      const rest = url.slice(STORAGE_URL_PREFIX.length);
      return isStoredPath(rest) ? rest : null;
    },
  };
  return storage;
}
