import { POST_IMAGE_SIZES, imageSrcSet } from '@inkwell/contract';
import type { ImageSize } from './storage.ts';

/**
 * Post body images as pages show them: a stored image whose size the ledger knows gets its width and
 * height (the page reserves its space) and, when it has narrower copies, a srcset with the column's
 * sizes; every image is lazy and decoded off the main thread (a body starts below the cover).
 * Everything here is built from a checked src and whole numbers, never copied from the input.
 */

/** The attributes of a body image with this src and, when known, this intrinsic size. */
export function bodyImageAttributes(src: string, size: ImageSize | null | undefined): Record<string, string> {
  const attributes: Record<string, string> = {};
  if (size) {
    attributes.width = String(size.width);
    attributes.height = String(size.height);
    const srcset = imageSrcSet(src, size.width);
    if (srcset) {
      attributes.srcset = srcset;
      attributes.sizes = POST_IMAGE_SIZES;
    }
  }
  attributes.loading = 'lazy';
  attributes.decoding = 'async';
  return attributes;
}

const STORAGE_SRC = /\ssrc="\/storage\/([^"]+)"/;

/**
 * A stored post body (sanitised: every img is `<img src="…" …>` with quoted, escaped values and no
 * size attributes) with its images' attributes added, the sizes looked up by stored path.
 */
export function sizeBodyImages(html: string, sizes: ReadonlyMap<string, ImageSize>): string {
  return html.replace(/<img\s[^>]*>/g, (tag) => {
    const stored = STORAGE_SRC.exec(tag)?.[1];
    const attributes = bodyImageAttributes(stored ? `/storage/${stored}` : '', stored ? sizes.get(stored) : undefined);
    const added = Object.entries(attributes)
      .map(([name, value]) => ` ${name}="${value}"`)
      .join('');
    // After the attributes it has, as the page's sanitiser writes them (src, alt, then these).
    return tag.replace(/\s*\/?>$/, `${added} />`);
  });
}
