import { DEFAULT_POST_IMAGE, decodeId, escapeHtml as escape } from '@inkwell/contract';

export interface PostPreview {
  title: string;
  sub_title: string;
  image: string | null;
  created_at: string;
  author_name: string | null;
}

export type PostPreviewLookup = (postId: number) => Promise<PostPreview | undefined>;

function absoluteImage(publicUrl: string, image: string | null): string {
  if (image && /^https:\/\//.test(image)) return image;
  if (image) return `${publicUrl}/storage/${image.replace(/^\/?(storage\/)?/, '')}`;
  return `${publicUrl}${DEFAULT_POST_IMAGE}`;
}

/** The post id of a /view-post/{id} address, or null. */
export function postIdFromPath(urlPath: string): number | null {
  const match = /^\/view-post\/([^/]+)\/?$/.exec(urlPath);
  if (!match) return null;
  try {
    return decodeId(decodeURIComponent(match[1]!));
  } catch {
    return null;
  }
}

/**
 * index.html with the post's title and its Open Graph and Twitter card tags in <head>, so a shared
 * link unfolds into a card in apps that do not run JavaScript.
 */
export function withLinkPreview(indexHtml: string, post: PostPreview, publicUrl: string, urlPath: string): string {
  const title = post.title || 'Inkwell';
  const description = post.sub_title || 'A story on Inkwell';
  const image = absoluteImage(publicUrl, post.image);
  const url = `${publicUrl}${urlPath}`;
  const tags = [
    ['name', 'description', description],
    ['property', 'og:type', 'article'],
    ['property', 'og:site_name', 'Inkwell'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:image', image],
    ['property', 'og:url', url],
    ['property', 'article:published_time', post.created_at],
    ['property', 'article:author', post.author_name ?? 'Anonymous'],
    ['name', 'author', post.author_name ?? 'Anonymous'],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ]
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escape(value!)}">`)
    .join('\n    ');
  const head = `<title>${escape(title)} · Inkwell</title>\n    <link rel="canonical" href="${escape(url)}">\n    ${tags}\n  </head>`;
  return indexHtml.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<\/head>/i, head);
}
