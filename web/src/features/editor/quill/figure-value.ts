/**
 * A body image as the editor holds it (issue 13): where it is, its alt text and its caption, read from
 * a `<figure>` (stored posts, pasted HTML) or a bare `<img>` (posts written before figures).
 */
export interface FigureValue {
  src: string;
  alt: string;
  caption: string;
}

/** Our stored images, web images and, while one uploads, a data: URL (never written out: blots.ts). */
const ALLOWED_SRC = /^(\/(?!\/)|https?:\/\/|data:image\/)/i;

export function isAllowedImageSrc(src: string): boolean {
  return ALLOWED_SRC.test(src.trim());
}

/** Alt text and captions are one line of plain text. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The value of a figure (its first image and its caption's text) or of an image; null without a usable src. */
export function figureValueOf(node: Element): FigureValue | null {
  const img = node.tagName === 'IMG' ? node : node.querySelector('img');
  const src = img?.getAttribute('src')?.trim() ?? '';
  if (!src || !isAllowedImageSrc(src)) return null;
  const caption = node.tagName === 'IMG' ? '' : (node.querySelector('figcaption')?.textContent ?? '');
  return { src, alt: oneLine(img?.getAttribute('alt') ?? ''), caption: oneLine(caption) };
}
