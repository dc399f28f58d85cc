import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedPostsOptions } from './paged';

/** POST /api/user/saved-posts {user_id}: the viewer's saved posts, newest save first. */
export const savedPostsQueryOptions = (viewerId: string) =>
  pagedPostsOptions(['posts', 'saved', viewerId], 'saved-posts', { user_id: Number(viewerId) });

export function useSavedPosts(viewerId: string) {
  return useInfiniteQuery(savedPostsQueryOptions(viewerId));
}
