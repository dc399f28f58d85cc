import { useInfiniteQuery } from '@tanstack/react-query';
import * as endpoints from '@inkwell/contract/calls';
import { pagedPostsOptions, postPages } from './paged';

/** POST /api/user/saved-posts {user_id}: the viewer's saved posts, newest save first. */
export const savedPostsQueryOptions = (viewerId: string) => pagedPostsOptions(['posts', 'saved', viewerId], postPages(endpoints.savedPosts, { user_id: Number(viewerId) }));

export function useSavedPosts(viewerId: string) {
  return useInfiniteQuery(savedPostsQueryOptions(viewerId));
}
