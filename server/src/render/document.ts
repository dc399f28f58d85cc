import { DEFAULT_POST_IMAGE, type PageHead, escapeHtml } from '@inkwell/contract';

/** A `<link rel="alternate">` of a page: an RSS feed (the default type), or its ActivityPub object (no title). */
export interface FeedLink {
  title?: string;
  href: string;
  type?: string;
}

/** JSON inside <script type="application/ld+json">: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

function absoluteImage(publicUrl: string, image: string | null): string {
  if (image && /^https:\/\//.test(image)) return image;
  if (image) return `${publicUrl}/storage/${image.replace(/^\/?(storage\/)?/, '')}`;
  return `${publicUrl}${DEFAULT_POST_IMAGE}`;
}

/** The <head> tags of a rendered page: title, description, canonical link, Open Graph, JSON-LD, feeds. */
export function headTags(head: PageHead, publicUrl: string, feeds: FeedLink[]): string {
  const url = `${publicUrl}${head.canonicalPath}`;
  const image = absoluteImage(publicUrl, head.image);
  const title = head.article?.title || head.title;
  const meta: [string, string, string][] = [
    ['name', 'description', head.description],
    ['property', 'og:type', head.kind],
    ['property', 'og:site_name', 'Inkwell'],
    ['property', 'og:title', title],
    ['property', 'og:description', head.description],
    ['property', 'og:image', image],
    ['property', 'og:url', url],
    ['name', 'twitter:card', head.kind === 'article' ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', head.description],
    ['name', 'twitter:image', image],
  ];
  if (head.article) {
    meta.push(
      ['property', 'article:published_time', head.article.published],
      ['property', 'article:modified_time', head.article.modified],
      ['property', 'article:author', head.article.author],
      ['name', 'author', head.article.author],
    );
  }
  if (head.noindex) meta.push(['name', 'robots', 'noindex']);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    ...(head.noindex ? [] : [`<link rel="canonical" href="${escapeHtml(url)}">`]),
    ...meta.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`),
    ...feeds.map(
      (feed) =>
        `<link rel="alternate" type="${escapeHtml(feed.type ?? 'application/rss+xml')}"${feed.title === undefined ? '' : ` title="${escapeHtml(feed.title)}"`} href="${escapeHtml(feed.href)}">`,
    ),
  ];
  if (head.article) {
    const article = {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: head.article.title.slice(0, 110),
      description: head.description,
      image: [image],
      datePublished: head.article.published,
      dateModified: head.article.modified,
      author: {
        '@type': 'Person',
        name: head.article.author,
        ...(head.article.authorPath ? { url: `${publicUrl}${head.article.authorPath}` } : {}),
      },
      publisher: { '@type': 'Organization', name: 'Inkwell' },
      mainEntityOfPage: url,
    };
    tags.push(`<script type="application/ld+json">${scriptJson(article)}</script>`);
  }
  return tags.join('\n    ');
}

/** The page's first image fetched with high priority (the post's cover, a feed's first card), as rendered. */
const FIRST_IMAGE = /<img\s[^>]*\bfetchpriority="high"[^>]*>/i;
/**
 * An attribute of that tag, value as written (already escaped by the renderer). Its name in any case,
 * as HTML reads it: React writes props as named (`srcSet`, `fetchPriority`).
 */
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

/**
 * A preload of that image for the head: the browser asks for it beside the stylesheet and scripts,
 * before it has parsed the markup down to the image.
 */
export function imagePreload(html: string): string {
  const tag = FIRST_IMAGE.exec(html)?.[0];
  const href = tag && attribute(tag, 'src');
  if (!tag || !href) return '';
  const srcset = attribute(tag, 'srcset');
  const sizes = attribute(tag, 'sizes');
  return `<link rel="preload" as="image" href="${href}"${srcset ? ` imagesrcset="${srcset}"` : ''}${sizes ? ` imagesizes="${sizes}"` : ''} fetchpriority="high">`;
}

/**
 * The built index.html with a rendered page in it: the head's generic title and description give way
 * to the page's, #root holds the markup, and the data follows in a JSON script (never executed: the
 * Content-Security-Policy allows no inline script, and this is data).
 */
export function pageDocument(template: string, parts: { head: string; html: string; state: string; session: string; renderedAt: number }): string {
  const preload = imagePreload(parts.html);
  const head = preload ? `${parts.head}\n    ${preload}` : parts.head;
  const { html } = parts;
  const withoutGeneric = template.replace(/\s*<title>[^<]*<\/title>/, '').replace(/\s*<meta name="description"[^>]*>/, '');
  const state = `<script type="application/json" id="inkwell-state" data-session="${escapeHtml(parts.session)}" data-rendered-at="${parts.renderedAt}">${parts.state}</script>`;
  return withoutGeneric.replace('</head>', () => `    ${head}\n  </head>`).replace('<div id="root"></div>', () => `<div id="root">${html}</div>\n    ${state}`);
}
