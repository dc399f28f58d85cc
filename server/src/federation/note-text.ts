import sanitizeHtml from 'sanitize-html';
import { COMMENT_MAX_LENGTH, escapeHtml, unescapeHtml } from '@inkwell/contract';

/**
 * The text of a Note from the fediverse as a comment shows it (ADR 0073): plain text, as members'
 * comments are, so that nothing of the other server's HTML reaches a page. Paragraphs become blank
 * lines and <br> a line break; links keep their text (Mastodon shortens long ones with invisible
 * spans, whose text is kept too); the mentions that open a reply (`@ada@inkwell.example …`, how
 * Mastodon addresses it) are left out; control characters go; at most COMMENT_MAX_LENGTH characters.
 * Null when nothing is left.
 */
export function noteText(html: string): string | null {
  const marked = sanitizeHtml(html.slice(0, 200_000), {
    allowedTags: ['p', 'br'],
    allowedAttributes: {},
    // Their text would otherwise stay (a script's source, a style sheet).
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template'],
  });
  const text = unescapeHtml(
    marked
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/p>\s*<p>/gi, '\n\n')
      .replace(/<\/?p>/gi, ''),
  )
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[ \t\u00a0]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .replace(/^(?:@[\w.-]+(?:@[\w.-]+(?::\d{1,5})?)?(?:\s+|$))+/, '');
  const kept = [...text].slice(0, COMMENT_MAX_LENGTH).join('').trim();
  return kept || null;
}

/**
 * A member's plain text as the HTML a Note carries: paragraphs at blank lines, <br> at line breaks, all
 * escaped, the first paragraph opening with the mention of whom it answers (as Mastodon writes one).
 */
export function noteHtml(text: string, mention: { uri: string; url: string | null; handle: string } | undefined): string {
  const tag = mention ? `<span class="h-card"><a href="${escapeHtml(mention.url ?? mention.uri)}" class="u-url mention">${escapeHtml(mention.handle)}</a></span> ` : '';
  return text
    .split(/\n{2,}/)
    .map((paragraph, index) => `<p>${index === 0 ? tag : ''}${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
