const IMG = /<img\b[^>]*>/gi;
const ALT = /\salt\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

/**
 * How many images of a body have no alt text (none, or only spaces): the editor's HTML or a stored
 * body. Read with patterns, not a DOMParser: parsing the body's colour styles would be refused by the
 * page's Content-Security-Policy (lib/inline-colours.ts).
 */
export function imagesWithoutAlt(html: string): number {
  let missing = 0;
  for (const [tag] of html.matchAll(IMG)) {
    const alt = ALT.exec(tag);
    const value = alt ? (alt[1] ?? alt[2] ?? alt[3] ?? '') : '';
    if (!value.replace(/&nbsp;|&#160;/gi, ' ').trim()) missing += 1;
  }
  return missing;
}
