/**
 * Matching the terms the moderators watch (issue 47, ADR 0104), without the database: a word or phrase
 * as a whole word in any case (not inside another word: "ass" does not match "class"), a domain as
 * itself or any of its subdomains (not "notspam.example" for "spam.example"). Who reads the terms and
 * acts on a match is social's (comments and replies) and auth's (sign-ups).
 */

export interface WatchedTerm {
  kind: 'word' | 'link-domain' | 'email-domain';
  term: string;
  action: 'hold' | 'refuse';
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `text` uses the word or phrase as a whole (letters and digits around it do not count as a match). */
export function usesWord(text: string, word: string): boolean {
  const spaced = escapeRegExp(word.trim()).replace(/\s+/g, '\\s+');
  return spaced !== '' && new RegExp(`(?<![\\p{L}\\p{N}])${spaced}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

/** Whether `host` is `domain` or one of its subdomains. */
export const withinDomain = (host: string, domain: string): boolean => {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === domain || h.endsWith(`.${domain}`);
};

/** Links in a text as a reader would see them: an address with its scheme, or one starting with www. */
const LINK = /\bhttps?:\/\/[^\s<>"]+|\bwww\.[^\s<>"]+/gi;

export const linksIn = (text: string): number => text.match(LINK)?.length ?? 0;

/** The hosts of the links in a text (an address with its scheme, or one starting with www.). */
export function linkHosts(text: string): string[] {
  const hosts: string[] = [];
  for (const link of text.match(LINK) ?? []) {
    try {
      hosts.push(new URL(link.startsWith('www.') || link.startsWith('WWW.') ? `http://${link}` : link).hostname.toLowerCase());
    } catch {
      // Not an address after all.
    }
  }
  return hosts;
}

/**
 * The first term a text trips, refusals before holds (a text with both is refused): its words and its
 * links' domains against the watched words and link domains.
 */
export function trippedBy(text: string, terms: readonly WatchedTerm[]): WatchedTerm | undefined {
  const hosts = linkHosts(text);
  const trips = (t: WatchedTerm) => (t.kind === 'word' ? usesWord(text, t.term) : t.kind === 'link-domain' ? hosts.some((h) => withinDomain(h, t.term)) : false);
  return terms.find((t) => t.action === 'refuse' && trips(t)) ?? terms.find((t) => t.action === 'hold' && trips(t));
}

/** A term as it is kept: trimmed, lower case, a domain without a scheme, path, leading dot or trailing dot; undefined when it is none. */
export function normaliseTerm(kind: WatchedTerm['kind'], raw: string): string | undefined {
  const text = raw.trim().toLowerCase();
  if (kind === 'word') return text.length >= 2 && text.length <= 100 ? text.replace(/\s+/g, ' ') : undefined;
  const domain = text
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^\*?\./, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '')
    .replace(/^@/, '');
  return /^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z0-9-]{2,63}$/.test(domain) ? domain : undefined;
}
