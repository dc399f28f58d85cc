import { element, rfc822, xmlText } from './xml.ts';

/**
 * An RSS 2.0 document (with the Atom self link, Dublin Core's creator and content:encoded). Pure:
 * everything it is given is text, escaped here; the body HTML travels escaped inside content:encoded,
 * which feed readers unescape and render as HTML.
 */

export interface RssChannel {
  title: string;
  /** The page the feed stands for (absolute). */
  link: string;
  description: string;
  /** The feed's own address (absolute). */
  selfUrl: string;
  /** ISO time of the latest change; the channel's lastBuildDate. */
  updated: string;
}

export interface RssItem {
  title: string;
  /** The post's page (absolute): link and permalink guid. */
  link: string;
  /** ISO time the post was published. */
  published: string;
  author: string;
  category: string;
  /** Plain text: the post's subtitle. */
  summary: string;
  /** The post's sanitised body, with absolute addresses. */
  html: string;
}

const NAMESPACES = {
  'xmlns:atom': 'http://www.w3.org/2005/Atom',
  'xmlns:content': 'http://purl.org/rss/1.0/modules/content/',
  'xmlns:dc': 'http://purl.org/dc/elements/1.1/',
};

function itemXml(item: RssItem): string {
  const published = rfc822(item.published);
  return [
    '<item>',
    element('title', item.title),
    element('link', item.link),
    element('guid', item.link, { isPermaLink: 'true' }),
    published ? element('pubDate', published) : '',
    element('dc:creator', item.author),
    element('category', item.category),
    element('description', item.summary),
    element('content:encoded', item.html),
    '</item>',
  ].join('');
}

export function rssDocument(channel: RssChannel, items: readonly RssItem[]): string {
  const attrs = Object.entries(NAMESPACES)
    .map(([key, value]) => ` ${key}="${value}"`)
    .join('');
  const built = rfc822(channel.updated) ?? new Date().toUTCString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<rss version="2.0"${attrs}>\n<channel>\n`,
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    element('language', 'en'),
    element('lastBuildDate', built),
    `<atom:link href="${xmlText(channel.selfUrl)}" rel="self" type="application/rss+xml"/>\n`,
    items.map((item) => `${itemXml(item)}\n`).join(''),
    '</channel>\n</rss>\n',
  ].join('');
}
