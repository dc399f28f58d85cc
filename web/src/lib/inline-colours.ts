/**
 * The page's Content-Security-Policy refuses inline style attributes, and the browser reports one as
 * soon as any HTML holding `style="…"` is parsed, even in a detached DOMParser document. Post HTML
 * carries only one style, Quill's colour (`style="color: …"`), so before such HTML is parsed it is
 * rewritten to `data-color="…"` (any other style is dropped); PostBody and the editor apply it again
 * through the CSSOM, which the policy allows.
 *
 * Rewriting is done inside tags only: in serialised HTML every `<` of text is escaped, so a tag never
 * starts inside text and a paragraph that talks about `style="…"` is left as written.
 */
const TAG = /<[a-z][a-z0-9-]*(?:\s[^<>]*)?>/gi;
const STYLE_ATTRIBUTE = /\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>`=]+))/gi;
const COLOR_DECLARATION = /^\s*color\s*:\s*(#[0-9a-f]{3,8}|rgba?\(\s*[\d.\s,%]+\)|[a-z]{3,20})\s*;?\s*$/i;
/** What a data-color may hold: a hex colour, rgb()/rgba() or a colour name. */
export const COLOR_VALUE = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.\s,%]+\)|[a-z]{3,20})$/i;

export function styleToDataColor(html: string): string {
  return html.replace(TAG, (tag) =>
    tag.replace(STYLE_ATTRIBUTE, (_match, double?: string, single?: string, bare?: string) => {
      const color = COLOR_DECLARATION.exec(double ?? single ?? bare ?? '')?.[1];
      return color ? ` data-color="${color}"` : '';
    }),
  );
}
