/**
 * Post HTML as the editor writes it (SPEC §5), and nothing else, before it reaches the page: the
 * server already cleans it with sanitize-html; this is the second fence (DESIGN: HTML). The app
 * imports it only with import() (post-html.ts): DOMPurify stays out of the pages' first load.
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { POST_IMAGE_SIZES, imageSrcSet } from '@inkwell/contract';
import { COLOR_VALUE } from '../lib/inline-colours';

const ALLOWED_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'blockquote',
  'ol',
  'ul',
  'li',
  'a',
  'span',
  'img',
  'pre',
  'code',
  'div',
  'figure',
  'figcaption',
  'hr',
];
/**
 * No `style` (the CSP refuses it): Quill's colour travels as `data-color` (lib/inline-colours.ts).
 * Images keep the size and srcset the server gives stored ones (server/src/storage/responsive.ts).
 */
const ALLOWED_ATTR = ['href', 'src', 'alt', 'class', 'data-list', 'data-color', 'width', 'height', 'srcset', 'sizes', 'loading', 'decoding'];

/** Quill's own classes (code blocks) and nothing that could pull in the app's utility classes. */
const QUILL_CLASS = /^ql-[a-z0-9-]+$/;
/** The server's code highlighting (server/src/post-html/highlight.ts): token classes on spans. */
const TOKEN_CLASS = /^hljs-[a-z0-9-]+$/;
/** Links: web and mail; images: same-site paths and web addresses (never data: or javascript:). */
const SAFE_HREF = /^(https?:|mailto:|\/(?!\/)|#)/i;
const SAFE_SRC = /^(https?:\/\/|\/(?!\/))/i;
/** What only an image may carry. */
const IMAGE_ONLY = new Set(['width', 'height', 'srcset', 'sizes', 'loading', 'decoding']);
/** A width or height: a whole number of pixels. */
const PIXELS = /^[1-9][0-9]{0,4}$/;

/**
 * An image's srcset and sizes stay only as the contract builds them from its src and width (copies of a
 * stored image, contract/images.ts); lazy and decoded off the main thread, as the server writes them.
 */
function settleImage(node: Element): void {
  const srcset = imageSrcSet(node.getAttribute('src') ?? '', Number(node.getAttribute('width')));
  if (srcset && node.getAttribute('srcset') === srcset) {
    node.setAttribute('sizes', POST_IMAGE_SIZES);
  } else {
    node.removeAttribute('srcset');
    node.removeAttribute('sizes');
  }
  if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
  node.setAttribute('loading', 'lazy');
  node.setAttribute('decoding', 'async');
}

let purifier: Purifier | null = null;

function getPurifier(): Purifier {
  if (purifier) return purifier;
  // Its own instance, so these hooks never touch another feature's DOMPurify use.
  const instance = DOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    if (IMAGE_ONLY.has(data.attrName) && node.nodeName !== 'IMG') {
      data.keepAttr = false;
    } else if (data.attrName === 'data-color') {
      data.keepAttr = COLOR_VALUE.test(data.attrValue.trim());
    } else if (data.attrName === 'class') {
      const kept = data.attrValue.split(/\s+/).filter((name) => QUILL_CLASS.test(name) || (node.nodeName === 'SPAN' && TOKEN_CLASS.test(name)));
      data.attrValue = kept.join(' ');
      data.keepAttr = kept.length > 0;
    } else if (data.attrName === 'href') {
      data.keepAttr = SAFE_HREF.test(data.attrValue.trim());
    } else if (data.attrName === 'src') {
      data.keepAttr = SAFE_SRC.test(data.attrValue.trim());
    } else if (data.attrName === 'width' || data.attrName === 'height') {
      data.keepAttr = PIXELS.test(data.attrValue.trim());
    }
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow ugc');
    }
    if (node.tagName === 'IMG') {
      if (!node.getAttribute('src')) {
        node.remove();
        return;
      }
      settleImage(node);
    }
  });
  purifier = instance;
  return instance;
}

/**
 * Post HTML cleaned in the browser (DOMPurify needs a DOM), its colours already turned into
 * `data-color` (post-html.ts does, before any parsing). This module is a chunk of its own, loaded on
 * first need through post-html.ts, which PostBody asks; the server cleans with its own allowlist.
 */
export function purifyPostHtml(html: string): string {
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
  });
}
