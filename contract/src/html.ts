import { readTimeFromText } from './rules.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * The words of an HTML fragment as plain text, for counting: tags become spaces, common entities are
 * decoded. Used on sanitised HTML (server) and on the editor's HTML (preview), so both agree. Spans
 * (a colour, the server's code highlighting) sit inside words and go without a space.
 */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/?span\b[^>]*>/gi, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*|#39);/gi, (match, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16) || 32);
      if (name.startsWith('#') && name !== '#39') return String.fromCodePoint(Number(name.slice(1)) || 32);
      return ENTITIES[name.toLowerCase()] ?? match;
    });
}

/** SPEC §5: read_time of a post body: words / 100, rounded up, 0 when empty. */
export function readTimeFromHtml(html: string): number {
  return readTimeFromText(htmlToPlainText(html));
}
