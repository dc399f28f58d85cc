/**
 * The one place markup written by hand is escaped: the rendered document's head, link previews, mails,
 * RSS and sitemaps on the server; the editor's figures and the server render's title in the web app.
 * Every function maps characters through the same table of references, valid in HTML and XML alike;
 * they differ only in which characters they take:
 *
 * - escapeText: element content (`&`, `<`, `>`), as sanitize-html writes text;
 * - escapeHtml: element content or a quoted attribute value (also both quotes): the default;
 * - escapeMail: what escapeHtml takes, and the backtick, `=` and `:`, so text that merely reads like
 *   markup ('onerror=', 'javascript:') stays inert for any filter a mail program runs;
 * - escapeXml: what escapeHtml takes and the carriage return (an XML parser reads a literal one as a
 *   line feed), after removing what XML 1.0 cannot hold (xmlChars), so no text can open or close an
 *   element and `]]>` never occurs.
 *
 * A browser or an XML parser reads each output back as the text it was given (xmlChars's removals
 * aside): contract/src/escape.test.ts parses every one of the shared XSS payloads so.
 */

const REFERENCES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
  '=': '&#61;',
  ':': '&#58;',
  '\r': '&#13;',
};
const reference = (character: string) => REFERENCES[character]!;

/** Text for an element's content: `&`, `<` and `>` as references. */
export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, reference);
}

/** Text for an element's content or a quoted attribute value (either quote). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, reference);
}

/** escapeHtml, and the backtick, `=` and `:` as references too: for mails. */
export function escapeMail(text: string): string {
  return text.replace(/[&<>"'`=:]/g, reference);
}

/** What XML 1.0's Char production leaves out: C0 controls but tab, LF and CR; U+FFFE, U+FFFF; lone surrogates. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text without the characters XML 1.0 cannot hold. */
export function xmlChars(text: string): string {
  return text.replace(NOT_XML, '');
}

/** XML's own name for the apostrophe, as the feeds have always written it; the rest as for HTML. */
const xmlReference = (character: string) => (character === "'" ? '&apos;' : REFERENCES[character]!);

/** Text for an XML element's content or a quoted attribute value. */
export function escapeXml(text: string): string {
  return xmlChars(text).replace(/[&<>"'\r]/g, xmlReference);
}

const CHARACTERS: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/** Back to text: the references escapeHtml writes, and `&#x27;` as React writes a quote. */
export function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_match, name: string) => CHARACTERS[name]!);
}
