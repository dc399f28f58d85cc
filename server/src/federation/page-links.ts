import { paths } from '@inkwell/contract';
import { idAfter } from '../lib/page-ids.ts';
import { ARTICLE_PATH } from './articles.ts';
import { ACTOR_PATH } from './federation.ts';

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
  const type = 'application/activity+json';
  const member = idAfter(urlPath, paths.viewProfile.path.replace(':id', ''));
  if (member !== null) return [{ type, href: `${publicUrl}${ACTOR_PATH.replace('{identifier}', String(member))}` }];
  const story = idAfter(urlPath, paths.viewPost.path.replace(':id', ''));
  if (story !== null) return [{ type, href: `${publicUrl}${ARTICLE_PATH.replace('{id}', String(story))}` }];
  return [];
}
