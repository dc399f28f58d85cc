import sanitizeHtml from 'sanitize-html';
import { bodyImageAttributes } from '../storage/responsive.ts';
import type { ImageSize } from '../storage/storage.ts';
import { highlightCodeBlocks } from './highlight.ts';

/**
 * The post body's allowlist: exactly the editor's formats (SPEC §5: headers 1 and 2, bold, italic,
 * underline, strike, blockquote, ordered and bullet lists, link, color, image, code-block), in Quill 2's
 * getSemanticHTML() markup and in its raw markup (li[data-list], div.ql-code-block-container).
 * Issue 13 adds images as figures with alt text and a caption (`<figure><img alt><figcaption>`), the
 * divider (`<hr>`) and code highlighted on save (highlight.ts: `<span class="hljs-…">` inside `<pre>`).
 * Everything else is dropped: scripts, handlers, foreign URL schemes, styles other than a colour.
 */

const SAFE_COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+))?\s*\)$/i, /^[a-z]{3,20}$/i];
/** Our own stored images (relative) or any https image. */
const SAFE_IMAGE_SRC = /^(\/storage\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp|https:\/\/[^\s"'<>\\]+)$/i;
const SAFE_LANGUAGE = /^[a-z0-9+#._-]{1,30}$/i;
/** A tag name that is not allowed, so transformTags can drop an element by renaming it. */
const DROP = 'inkwell-drop';

function language(value: string | undefined): Record<string, string> {
  return value && SAFE_LANGUAGE.test(value) ? { 'data-language': value } : {};
}

/** A width or height as the ledger records it: a whole number of pixels. */
const PIXELS = /^[1-9][0-9]{0,4}$/;

/** The size a stored image's width and height attributes give, when both are whole numbers. */
function sizeOf(src: string, attribs: sanitizeHtml.Attributes): ImageSize | null {
  const { width, height } = attribs;
  if (!src.startsWith('/storage/') || !width || !height || !PIXELS.test(width) || !PIXELS.test(height)) return null;
  return { width: Number(width), height: Number(height) };
}

/**
 * An img with a safe src and its alt; on a page also its size, srcset, sizes, loading and decoding,
 * rebuilt from the src and the width and height (storage/responsive.ts): a srcset or sizes of the
 * input is never kept as it came.
 */
function image(attribs: sanitizeHtml.Attributes, onPage: boolean): sanitizeHtml.Tag {
  const src = (attribs.src ?? '').trim();
  if (!SAFE_IMAGE_SRC.test(src)) return { tagName: DROP, attribs: {} };
  const alt = (attribs.alt ?? '').replace(/\s+/g, ' ').trim();
  const kept = { src, ...(alt ? { alt } : {}) };
  return { tagName: 'img', attribs: onPage ? { ...kept, ...bodyImageAttributes(src, sizeOf(src, attribs)) } : kept };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'strong', 'em', 'u', 's', 'blockquote', 'ol', 'ul', 'li', 'a', 'span', 'img', 'pre', 'code', 'div', 'figure', 'figcaption', 'hr'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    span: ['style', 'class'],
    img: ['src', 'alt'],
    pre: ['data-language'],
    div: ['class', 'data-language'],
    li: ['data-list'],
  },
  allowedClasses: { div: ['ql-code-block-container', 'ql-code-block'], span: ['ql-ui'] },
  allowedStyles: { span: { color: SAFE_COLOR } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Elements whose content is dropped with them (not kept as text).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext', 'select'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
    img: (_tagName, attribs) => image(attribs, false),
    li: (tagName, attribs) => {
      const list = attribs['data-list'];
      const kept: sanitizeHtml.Attributes = list === 'bullet' || list === 'ordered' ? { 'data-list': list } : {};
      return { tagName, attribs: kept };
    },
    pre: (tagName, attribs) => ({ tagName, attribs: language(attribs['data-language']) }),
    div: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.class ? { class: attribs.class } : {}), ...language(attribs['data-language']) },
    }),
  },
  // Quill's UI elements (the list markers it draws) carry no content of the post; a figure is its image.
  exclusiveFilter: (frame) => (frame.tag === 'span' && /(^|\s)ql-ui(\s|$)/.test(frame.attribs.class ?? '')) || (frame.tag === 'figure' && !frame.mediaChildren.includes('img')),
};

/**
 * On a page, images also carry what the reading path adds to them (feed/feed.service.ts details:
 * width, height, srcset, sizes, loading, decoding), each rebuilt by `image`; code keeps the colours
 * highlight.ts gave it when the body was saved (hljs-* classes on spans).
 */
const PAGE_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedClasses: { ...OPTIONS.allowedClasses, span: ['ql-ui', 'hljs-*'] },
  allowedAttributes: { ...OPTIONS.allowedAttributes, img: ['src', 'alt', 'width', 'height', 'srcset', 'sizes', 'loading', 'decoding'] },
  transformTags: { ...OPTIONS.transformTags, img: (_tagName, attribs) => image(attribs, true) },
};

/**
 * The post body as it may be stored (and put in feeds and exports): images with src and alt only, code
 * blocks highlighted from their text (any hljs class of the input is dropped first, then made again).
 */
export function sanitizeDescription(html: string): string {
  return highlightCodeBlocks(sanitizeHtml(html, OPTIONS)).trim();
}

/** The post body as a page rendered on the server shows it: images also with their size and srcset. */
export function sanitizeForPage(html: string): string {
  return sanitizeHtml(html, PAGE_OPTIONS).trim();
}

/**
 * The post body as a mail carries it: images with src and alt only (a mail program has no use for a
 * srcset of relative addresses), code keeping its hljs-* classes, which the mail's inlined CSS colours.
 */
export function sanitizeForMail(html: string): string {
  return sanitizeHtml(html, { ...OPTIONS, allowedClasses: PAGE_OPTIONS.allowedClasses }).trim();
}

/** The /storage paths of the images of a sanitised body (their src attributes are quoted and escaped). */
export function storageImagePaths(sanitized: string): string[] {
  const paths = new Set<string>();
  for (const match of sanitized.matchAll(/<img\s[^>]*?src="\/storage\/([^"]+)"/g)) paths.add(match[1]!);
  return [...paths];
}

/** The stored images a post or draft uses: its cover first, then its (sanitised) body's, each once. */
export function usedImagePaths(image: string | null, sanitized: string): string[] {
  return [...new Set([...(image ? [image] : []), ...storageImagePaths(sanitized)])];
}
