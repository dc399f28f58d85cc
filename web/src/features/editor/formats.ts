/**
 * What the editor may produce (SPEC §5): headers 1 and 2, bold, italic, underline, strike, blockquote,
 * ordered and bullet lists, link, colour, image and code block; issue 13 makes the image a figure
 * (alt text, caption: quill/blots.ts) and adds the divider (`---`). The toolbar and Quill's `formats`
 * option both come from here, so nothing else can be typed, pasted or dropped in.
 */
export const EDITOR_FORMATS = ['header', 'bold', 'italic', 'underline', 'strike', 'blockquote', 'list', 'link', 'color', 'figure', 'divider', 'code-block'] as const;

export const EDITOR_TOOLBAR = [
  [{ header: 1 }, { header: 2 }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }],
  ['blockquote', 'code-block'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['link', 'image'],
];

/** Image types the editor accepts from the picker, a paste or a drop. */
export const EDITOR_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'];

/**
 * The HTML to send and preview. Quill 2.0.3's getSemanticHTML() writes every space of the text as
 * &nbsp; (core/editor.js convertHTML), which stops lines from wrapping and breaks word counts: a lone
 * one becomes a space again, runs alternate so the writer's extra spaces survive. Images still held
 * as data: URLs (an upload under way) are left out, and an editor holding nothing gives ''.
 */
export function normalizeEditorHtml(html: string): string {
  let out = html.replace(/(?:&nbsp;)+/g, (run) => {
    const count = run.length / 6;
    if (count === 1) return ' ';
    return Array.from({ length: count }, (_, i) => (i % 2 === 0 ? '&nbsp;' : ' ')).join('');
  });
  out = out.replace(/<img\b[^>]*\bsrc=["']data:[^"']*["'][^>]*>/gi, '');
  const hasText = out.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
  return hasText || /<img\b/i.test(out) ? out : '';
}
