import { DEFAULT_USER_IMAGE, storedImageUrl } from '@inkwell/contract';

/** Images are served from /storage/{path} (SPEC §7; contract/images.ts); absolute and root paths pass through. */
export function storageUrl(path: string | null | undefined, fallback: string = DEFAULT_USER_IMAGE): string {
  return path ? storedImageUrl(path) : fallback;
}
