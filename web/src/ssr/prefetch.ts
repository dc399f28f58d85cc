import type { QueryClient } from '@tanstack/react-query';
import { decodeId } from '@inkwell/contract';
import { draftPreviewQueryOptions } from '../features/draft-preview/api/get-draft-preview';
import { categoriesQueryOptions } from '../features/feed/api/categories';
import { authorPostsQueryOptions } from '../features/feed/api/author-posts';
import { userCategoriesQueryOptions } from '../features/feed/api/user-categories';
import { forYouPostsQueryOptions } from '../features/feed/api/view-posts';
import { recommendedPostsQueryOptions, recommendedUsersQueryOptions } from '../features/home/api/recommendations';
import { notificationsQueryOptions } from '../features/notifications/api/get-notifications';
import { postDetailsQueryOptions } from '../features/post/api/post-details';
import { relatedPostsQueryOptions } from '../features/post/api/related-posts';
import { ownProfileQueryOptions } from '../features/profile/api/get-own-profile';
import { profileDataQueryOptions } from '../features/profile/api/get-profile-data';

function idAfter(prefix: string, pathname: string): number | null {
  const match = new RegExp(`^/${prefix}/([^/]+)/?$`).exec(pathname);
  if (!match) return null;
  try {
    return decodeId(decodeURIComponent(match[1]!));
  } catch {
    return null;
  }
}

/** The token of a /preview/{token} address, as the router hands it to the screen (decoded), or null. */
function previewToken(pathname: string): string | null {
  const match = /^\/preview\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * What a screen will ask for, asked for at once before the first render (the same query options the
 * components use), so that a page is rendered once or twice instead of once per level of data it
 * names. Anything left out is still found by the render loop; a wrong guess costs a call, not a page.
 */
export function prefetchFor(url: URL, client: QueryClient, viewerId: string | undefined): Promise<unknown> {
  const asked: Promise<unknown>[] = [];
  if (viewerId) {
    asked.push(client.prefetchQuery(ownProfileQueryOptions(viewerId)));
    asked.push(client.prefetchQuery(notificationsQueryOptions(viewerId)));
  }
  const postId = idAfter('view-post', url.pathname);
  const profileId = idAfter('view-profile', url.pathname);
  const token = previewToken(url.pathname);
  if (token !== null) {
    asked.push(client.prefetchQuery(draftPreviewQueryOptions(token)));
    asked.push(client.prefetchQuery(categoriesQueryOptions()));
  } else if (postId !== null) {
    asked.push(client.prefetchQuery(postDetailsQueryOptions(postId, viewerId)));
    asked.push(client.prefetchQuery(relatedPostsQueryOptions(postId, viewerId)));
    asked.push(client.prefetchQuery(categoriesQueryOptions()));
  } else if (profileId !== null) {
    asked.push(client.prefetchQuery(profileDataQueryOptions(profileId)));
    asked.push(client.prefetchInfiniteQuery(authorPostsQueryOptions(profileId, viewerId)));
  } else if (url.pathname === '/') {
    if (!url.searchParams.has('tab')) asked.push(client.prefetchInfiniteQuery(forYouPostsQueryOptions(viewerId)));
    asked.push(client.prefetchQuery(categoriesQueryOptions()));
    asked.push(client.prefetchQuery(recommendedPostsQueryOptions(viewerId)));
    asked.push(client.prefetchQuery(recommendedUsersQueryOptions(viewerId)));
    if (viewerId) asked.push(client.prefetchQuery(userCategoriesQueryOptions(viewerId)));
  }
  return Promise.all(asked);
}
