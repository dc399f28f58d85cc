import { paths } from '@inkwell/contract';
import { idAfter } from '../lib/page-ids.ts';

/** What a page announces of itself to the fediverse: `<link rel="alternate" type="application/activity+json">`. */
export interface ActivityLink {
  href: string;
  type: 'application/activity+json';
}

/**
 * The ActivityPub object behind a page, for a server that fetches the page's address (a Mastodon
 * member pasting a story's or a profile's link into their search): a profile's actor
 * (`/ap/users/<id>`) and a story's Article (`/ap/posts/<id>`), as Mastodon finds them in an HTML
 * answer. Pure, as the RSS links are: one of a member who does not federate answers 404 there.
 */
export function activityLinksFor(urlPath: string, publicUrl: string): ActivityLink[] {
  const path = urlPath.split(/[?#]/)[0] ?? '/';
  const type = 'application/activity+json';
  const member = idAfter(path, paths.viewProfile.path.replace(':id', ''));
  if (member !== null) return [{ type, href: `${publicUrl}/ap/users/${member}` }];
  const story = idAfter(path, paths.viewPost.path.replace(':id', ''));
  if (story !== null) return [{ type, href: `${publicUrl}/ap/posts/${story}` }];
  return [];
}
