// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { loadXssPayloads } from '../../testdata/xss.ts';
import { escapeHtml, escapeMail, escapeText, escapeXml, unescapeHtml, xmlChars } from './escape.ts';

/**
 * Each payload, escaped, is put where hand-written markup puts text (an element's content and a quoted
 * attribute) and parsed by jsdom's HTML and XML parsers: exactly the one element comes out, with no
 * attribute of its own beyond the one written, and both read back as the payload.
 */
const payloads = [...loadXssPayloads(), '"\'`=: ]]> &amp; \r\n', 'a\u0000b\uFFFEc\uD800d'];

function parseHtml(markup: string): Element[] {
  const document = new DOMParser().parseFromString(`<!doctype html><body>${markup}</body>`, 'text/html');
  return [...document.body.querySelectorAll('*')];
}

describe('escaping hand-written markup', () => {
  it('keeps every shared XSS payload as text in HTML content and attributes (escapeHtml, escapeMail)', () => {
    for (const escape of [escapeHtml, escapeMail]) {
      for (const payload of payloads) {
        // What the HTML parser itself rewrites in any text (NUL, CR) is not what this checks.
        const text = payload.replaceAll('\u0000', '').replaceAll('\r', '');
        const escaped = escape(text);
        const elements = parseHtml(`<p title="${escaped}" data-x='${escaped}'>${escaped}</p>`);
        expect(
          elements.map((element) => element.tagName),
          payload,
        ).toEqual(['P']);
        const [p] = elements as [Element];
        expect(p.getAttributeNames(), payload).toEqual(['title', 'data-x']);
        expect(p.textContent, payload).toBe(text);
        expect(p.getAttribute('title'), payload).toBe(text);
        expect(p.getAttribute('data-x'), payload).toBe(text);
      }
    }
  });

  it('leaves no markup-like words in a mail: no "=", ":" or backtick as characters (escapeMail)', () => {
    for (const payload of payloads) expect(escapeMail(payload), payload).not.toMatch(/[<>"'`=:]/);
  });

  it('keeps every payload as text in element content (escapeText)', () => {
    for (const payload of payloads) {
      const elements = parseHtml(`<pre>${escapeText(payload)}</pre>`);
      expect(
        elements.map((element) => element.tagName),
        payload,
      ).toEqual(['PRE']);
    }
  });

  it('writes well-formed XML that reads back as the text, less what XML cannot hold (escapeXml)', () => {
    for (const payload of payloads) {
      const escaped = escapeXml(payload);
      expect(escaped, payload).not.toContain(']]>');
      const document = new DOMParser().parseFromString(`<item title="${escaped}">${escaped}</item>`, 'application/xml');
      expect(document.getElementsByTagName('parsererror'), payload).toHaveLength(0);
      const item = document.documentElement;
      expect(item.children, payload).toHaveLength(0);
      expect(item.textContent, payload).toBe(xmlChars(payload));
      // XML reads a tab or a line feed in an attribute as a space (the feeds' attributes hold addresses).
      expect(item.getAttribute('title'), payload).toBe(xmlChars(payload).replace(/[\t\n]/g, ' '));
    }
  });

  it("reads escapeHtml back (unescapeHtml), React's &#x27; too, each reference once", () => {
    for (const payload of payloads) expect(unescapeHtml(escapeHtml(payload))).toBe(payload);
    expect(unescapeHtml('It&#x27;s &amp;lt; &quot;x&quot;')).toBe('It\'s &lt; "x"');
  });
});
