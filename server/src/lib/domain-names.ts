import { domainToASCII } from 'node:url';

/** Domain names as the blocks of servers elsewhere keep and match them (ADR 0070): no database, no network. */

/** A domain as blocks keep it (lower case, punycode, no port or path), or null when it is not one. */
export function normalDomain(text: string): string | null {
  const bare = text
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');
  const ascii = domainToASCII(bare);
  return ascii && ascii.length <= 253 && /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(ascii) ? ascii : null;
}

/** A host and every domain above it (`a.b.example` → itself, `b.example`, `example`): a block of any covers it. */
export function domainsAbove(host: string): string[] {
  const domain = normalDomain(host);
  if (!domain) return [];
  const parts = domain.split('.');
  return parts.map((_, i) => parts.slice(i).join('.'));
}

/**
 * The domain as the public list shows it when its block asks to hide part of it, in Mastodon's manner: the
 * first and last quarter kept, every other character but the dots a star (`sp*m.ex*****e`… readable
 * to who knows it, not a link to who does not).
 */
export function obfuscatedDomain(domain: string): string {
  const visible = Math.floor(domain.length / 4);
  return [...domain].map((c, i) => (i > visible && i < domain.length - visible && c !== '.' ? '*' : c)).join('');
}
