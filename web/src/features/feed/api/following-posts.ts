import { useInfiniteQuery } from '@tanstack/react-query';
import * as endpoints from '@inkwell/contract/calls';
import { pagedPostsOptions, postPages } from '../../../api/paged';

/** POST /api/user/following/posts {user_id}: posts of the authors the viewer follows. */
export const followingPostsQueryOptions = (viewerId: string) =>
  pagedPostsOptions(['posts', 'feed', 'following', viewerId], postPages(endpoints.followingPosts, { user_id: Number(viewerId) }));

export function useFollowingPosts(viewerId: string | undefined, enabled = true) {
  return useInfiniteQuery({ ...followingPostsQueryOptions(viewerId ?? '0'), enabled: enabled && Boolean(viewerId) });
}
