import { useInfiniteQuery } from '@tanstack/react-query';
import * as endpoints from '@inkwell/contract/calls';
import { pagedPostsOptions, postPages, viewerBody } from './paged';

/** POST /api/user/view-posts {user_id?}: 'For you' (visitors send no user_id). */
export const forYouPostsQueryOptions = (viewerId: string | undefined) =>
  pagedPostsOptions(['posts', 'feed', 'foryou', viewerId ?? 'visitor'], postPages(endpoints.viewPosts, viewerBody(viewerId)));

export function useForYouPosts(viewerId: string | undefined, enabled = true) {
  return useInfiniteQuery({ ...forYouPostsQueryOptions(viewerId), enabled });
}
