import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedPostsOptions, viewerBody } from './paged';

/** POST /api/user/view-posts {user_id?}: 'For you' (visitors send no user_id). */
export const forYouPostsQueryOptions = (viewerId: string | undefined) =>
  pagedPostsOptions(['posts', 'feed', 'foryou', viewerId ?? 'visitor'], 'view-posts', viewerBody(viewerId));

export function useForYouPosts(viewerId: string | undefined, enabled = true) {
  return useInfiniteQuery({ ...forYouPostsQueryOptions(viewerId), enabled });
}
