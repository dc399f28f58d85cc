import { MAX_ID, paths } from '@inkwell/contract';
import { w3cDate, xmlText } from './xml.ts';

/** Sitemaps (sitemaps.org 0.9) and robots.txt, as text. Pure. */

/** The protocol's limit of urls in one sitemap and of sitemaps in one index. */
export const SITEMAP_PROTOCOL_MAX = 50_000;

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export interface SitemapEntry {
  /** Absolute address. */
  loc: string;
  /** ISO time of the latest change, when known. */
  lastmod?: string | null;
}

function entryXml(tag: 'url' | 'sitemap', entry: SitemapEntry): string {
  const lastmod = w3cDate(entry.lastmod);
  return `<${tag}><loc>${xmlText(entry.loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</${tag}>\n`;
}

export function urlSet(entries: readonly SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}">\n${entries.map((e) => entryXml('url', e)).join('')}</urlset>\n`;
}

export function sitemapIndex(entries: readonly SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">\n${entries.map((e) => entryXml('sitemap', e)).join('')}</sitemapindex>\n`;
}

/** Page n (from 1) of a keyset sitemap: the ids in (after, upTo]; null past the largest id a table holds. */
export function idRange(page: number, size: number): { after: number; upTo: number } | null {
  const after = (page - 1) * size;
  return page >= 1 && after < MAX_ID ? { after, upTo: Math.min(page * size, MAX_ID) } : null;
}

/** How many pages ids up to maxId make (0 when there are none). */
export function pageCount(maxId: number, size: number): number {
  return maxId > 0 ? Math.ceil(maxId / size) : 0;
}

/** A page number as written in an address: 1, 2, … without sign, zeros or anything else; null otherwise. */
export function pageNumber(text: string): number | null {
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;
}

/**
 * The screens a crawler has no business with: the API, a member's own screens (they need a session
 * and show nothing to a visitor), the editor, and the pages of mailed links (tokens in the address).
 * Everything else (home, posts, profiles, categories, sign-in) is allowed: a category page sends a
 * visitor to Login, so the sitemap does not list it, but nothing there is to hide.
 */
const PRIVATE_PATHS: readonly string[] = [
  '/api/',
  paths.createPost.path,
  '/edit-post/',
  paths.notifications.path,
  paths.profile.path,
  paths.saved.path,
  paths.library.path,
  paths.settings.path,
  paths.help.path,
  paths.recommendation.path,
  paths.postsAlias.path,
  paths.forgotPassword.path,
  paths.resetPassword.path,
  paths.unsubscribe.path,
  paths.verified.path,
];

export function robotsTxt(publicUrl: string): string {
  const disallow = PRIVATE_PATHS.map((path) => `Disallow: ${path}\n`).join('');
  return `User-agent: *\nAllow: /\n${disallow}\nSitemap: ${publicUrl}/sitemap.xml\n`;
}
