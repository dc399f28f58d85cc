import { encodeId } from '@inkwell/contract';
import { idAfter } from '../lib/page-ids.ts';

/** The feeds' addresses, site-relative (the same shapes seo.routes.ts answers). */
export const feedPaths = {
  site: '/rss.xml',
  author: (userId: number) => `/rss/author/${encodeId(userId)}.xml`,
  category: (categoryId: number) => `/rss/category/${encodeId(categoryId)}.xml`,
} as const;

export interface FeedLink {
  title: string;
  href: string;
}

/**
 * The RSS feeds a page announces in its <head> (`<link rel="alternate" type="application/rss+xml">`):
 * the site's on every page, and the author's on a profile (`/view-profile/{sqid}`) or the category's
 * on a category page (`/recommended/{catogary}`). Hrefs are site-relative; `publicUrl` makes them
 * absolute. Pure: it does not look the author or category up, so an unknown one's feed answers 404.
 */
export function feedLinksFor(urlPath: string, publicUrl = ''): FeedLink[] {
  const links: FeedLink[] = [{ title: 'Inkwell', href: `${publicUrl}${feedPaths.site}` }];
  const author = idAfter(urlPath, '/view-profile/');
  if (author !== null) links.push({ title: 'Inkwell — posts by this author', href: `${publicUrl}${feedPaths.author(author)}` });
  const category = idAfter(urlPath, '/recommended/');
  if (category !== null) links.push({ title: 'Inkwell — posts in this category', href: `${publicUrl}${feedPaths.category(category)}` });
  return links;
}
