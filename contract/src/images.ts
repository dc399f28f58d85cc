/**
 * Stored images in a few widths. Every upload is kept at its own size (at most 2000 px wide) and, beside
 * it, narrower copies at each of IMAGE_WIDTHS below its width (never enlarged): `ab/cd/<sha256>.webp`
 * has `ab/cd/<sha256>-w400.webp`, `-w800`, `-w1600`. Which copies exist follows from the main path and
 * its intrinsic width alone, so the server and the web app agree on a srcset without asking.
 */

/** Where stored files are served: /storage/{path} (SPEC §7). */
export const STORAGE_PATH = '/storage/';

/**
 * The address of an image a row names (a post's cover, a member's picture): a stored path
 * ("ab/cd/<hash>.webp", as uploads are kept) under /storage/; an address as it is: http(s) (a Google
 * picture), protocol-relative, a root path (a default picture, a body's "/storage/…" src) or data:.
 * The web app and the server's mails both ask this one rule.
 */
export function storedImageUrl(path: string): string {
  if (/^(https?:)?\/\//.test(path) || path.startsWith('/') || path.startsWith('data:')) return path;
  return `${STORAGE_PATH}${path}`;
}

/** The widths of the narrower copies, in pixels. */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;

/**
 * What a post's column of text takes of the screen (the post page's cover and body images): 680 px
 * from 728 px up, the window less its padding (24 px a side from 640 px, 16 px below) otherwise.
 */
export const POST_IMAGE_SIZES = '(min-width: 728px) 680px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)';

/** A stored main file, bare ("ab/cd/<hash>.webp") or as its address ("/storage/ab/cd/<hash>.webp"). */
const MAIN_IMAGE = /^((?:\/storage\/)?[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64})\.webp$/;

/** The copy of a stored image at `width` ("…/<hash>-w400.webp"), or null when `path` is not a stored main file. */
export function imageVariantPath(path: string, width: number): string | null {
  const match = MAIN_IMAGE.exec(path);
  return match ? `${match[1]}-w${width}.webp` : null;
}

/** The copies an image of this intrinsic width has: each of IMAGE_WIDTHS below it; none when unknown. */
export function imageVariantWidths(width: number | null | undefined): number[] {
  return width ? IMAGE_WIDTHS.filter((w) => w < width) : [];
}

/**
 * The srcset of a stored image ("/storage/…-w400.webp 400w, …, /storage/….webp 1200w"), or null when
 * it has no copies (too narrow, its size unknown as for files stored before copies existed, or not a
 * stored file): the plain src serves then.
 */
export function imageSrcSet(url: string, width: number | null | undefined): string | null {
  const widths = imageVariantWidths(width);
  if (widths.length === 0 || !MAIN_IMAGE.test(url)) return null;
  return [...widths.map((w) => `${imageVariantPath(url, w)} ${w}w`), `${url} ${width}w`].join(', ');
}
