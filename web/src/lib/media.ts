import { DEFAULT_USER_IMAGE } from '@inkwell/contract';

/** Images are served from /storage/{path} (SPEC §7); absolute and root paths pass through. */
export function storageUrl(path: string | null | undefined, fallback: string = DEFAULT_USER_IMAGE): string {
  if (!path) return fallback;
  if (/^(https?:)?\/\//.test(path) || path.startsWith('/') || path.startsWith('data:')) return path;
  return `/storage/${path}`;
}
