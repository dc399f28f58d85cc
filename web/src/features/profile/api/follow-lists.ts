import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FollowListPage } from '@inkwell/contract';
import * as endpoints from '@inkwell/contract/calls';
import { api } from '../../../lib/api-client';

export type FollowList = 'followers' | 'following';

/**
 * POST /api/user/followers or /following {profile_id, user_id?}: the people who follow the member, or
 * whom they follow, newest first; each next page by POSTing the same body to next_page_url.
 */
export function getFollowList(list: FollowList, url: string | undefined, profileId: number, viewerId: string | undefined, signal?: AbortSignal): Promise<FollowListPage> {
  const body = { profile_id: profileId, ...(viewerId ? { user_id: Number(viewerId) } : {}) };
  return api(list === 'followers' ? endpoints.followers : endpoints.following, body, { url, signal });
}

/**
 * Not under ['profile']: a follow from the open list (which invalidates ['profile'] for the counts)
 * must not reload it and move its rows; it is read afresh each time the dialog opens.
 */
export const followListQueryOptions = (list: FollowList, profileId: number, viewerId: string | undefined) =>
  infiniteQueryOptions({
    queryKey: ['follow-list', list, profileId, viewerId ?? 'visitor'],
    queryFn: ({ pageParam, signal }) => getFollowList(list, pageParam ?? undefined, profileId, viewerId, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FollowListPage) => last.next_page_url ?? undefined,
    staleTime: 0,
  });

export function useFollowList(list: FollowList, profileId: number, viewerId: string | undefined) {
  return useInfiniteQuery(followListQueryOptions(list, profileId, viewerId));
}
