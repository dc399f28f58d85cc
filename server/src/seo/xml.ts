/**
 * The few XML rules the feeds and sitemaps need. Every text that comes from a member (titles, names,
 * bodies) goes through xmlText: characters XML 1.0 cannot hold are removed (control characters, lone
 * surrogates, U+FFFE/U+FFFF), then `&`, `<`, `>`, both quotes and CR become references, so no text can open
 * or close an element, and `]]>` cannot occur in the output at all (no CDATA is written).
 */

/** What XML 1.0's Char production leaves out: C0 controls but tab, LF and CR; U+FFFE, U+FFFF; lone surrogates. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A carriage return as a reference: XML parsers turn a literal one into a line feed. */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\r': '&#13;' };

/** The text without the characters XML 1.0 cannot hold. */
export function xmlChars(text: string): string {
  return text.replace(NOT_XML, '');
}

/** Text safe in an element or a quoted attribute. */
export function xmlText(text: string): string {
  return xmlChars(text).replace(/[&<>"'\r]/g, (c) => ENTITIES[c]!);
}

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
