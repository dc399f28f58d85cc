/**
 * PLACEHOLDER (being written): one storage module for every uploaded image.
 * The interface is what the rest of the app relies on; an S3-compatible store can implement it later.
 */
export interface StoredImage {
  /** Path under /storage, e.g. "ab/cd/<sha256>.webp". */
  path: string;
  /** The URL to reference it by: "/storage/<path>". */
  url: string;
}

export interface Storage {
  /** Validates, re-encodes and stores an image; throws HttpError 413/415 for what is not acceptable. */
  putImage(bytes: Buffer): Promise<StoredImage>;
  /** Removes a stored file; a missing file is not an error. */
  remove(path: string): Promise<void>;
  /** The absolute file path for serving, or null when the path is not a valid stored path. */
  resolve(path: string): string | null;
}

export function createDiskStorage(_rootDir: string): Storage {
  return {
    putImage: async () => {
      throw new Error('storage not implemented yet');
    },
    remove: async () => {},
    resolve: () => null,
  };
}
