import { escapeXml, xmlChars } from '@inkwell/contract';

/**
 * The few XML rules the feeds and sitemaps need. Every text that comes from a member (titles, names,
 * bodies) goes through xmlText, the escaping module's escapeXml: characters XML 1.0 cannot hold are
 * removed (control characters, lone surrogates, U+FFFE/U+FFFF), then `&`, `<`, `>`, both quotes and CR
 * become references, so no text can open or close an element, and `]]>` cannot occur in the output at
 * all (no CDATA is written).
 */

/** Text safe in an element or a quoted attribute (escapeXml, contract/src/escape.ts). */
export const xmlText = escapeXml;
export { xmlChars };

/** `<name>escaped text</name>`, with optional attributes (values escaped too). */
export function element(name: string, text: string, attributes: Record<string, string> = {}): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${xmlText(value)}"`)
    .join('');
  return `<${name}${attrs}>${xmlText(text)}</${name}>`;
}

/** A stored ISO timestamp as RFC 822 (RSS pubDate), or null when it is not a date. */
export function rfc822(iso: string): string | null {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time).toUTCString();
}

/** A stored ISO timestamp as a W3C datetime to the second (sitemap lastmod), or null when it is not a date. */
export function w3cDate(iso: string | null | undefined): string | null {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The later of two ISO timestamps (either may be missing). */
export function later(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}
