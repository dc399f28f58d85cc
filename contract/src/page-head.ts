/**
 * What a page rendered on the server says of itself for its <head> (the web app's server entry
 * computes it; the server writes the tags, adding the site's address).
 */
export interface PageHead {
  title: string;
  description: string;
  /** The page's own path (no query), for the canonical link and og:url. */
  canonicalPath: string;
  /** A path under /storage, an https address, or null (the default picture). */
  image: string | null;
  kind: 'website' | 'article' | 'profile';
  article?: { title: string; published: string; modified: string; author: string; authorPath: string | null };
  /** Not to be indexed (a not-found page, a screen of one member). */
  noindex: boolean;
}
