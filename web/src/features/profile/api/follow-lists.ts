import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowListPage } from '@inkwell/contract';
import * as endpoints from '@inkwell/contract/calls';
import { api } from '../../../lib/api-client';
import { useNotice } from '../../../components/NoticeProvider';

export type FollowList = 'followers' | 'following';

/** How often one's own following list is read again while an account elsewhere has not said yes. */
export const PENDING_REFRESH_MS = 3_000;

/**
 * POST /api/user/followers or /following {profile_id, user_id?}: the people who follow the member, or
 * whom they follow, members and accounts elsewhere (`elsewhere` set) together, newest first; each next
 * page by POSTing the same body to next_page_url.
 */
export function getFollowList(list: FollowList, url: string | undefined, profileId: number, viewerId: string | undefined, signal?: AbortSignal): Promise<FollowListPage> {
  const body = { profile_id: profileId, ...(viewerId ? { user_id: Number(viewerId) } : {}) };
  return api(list === 'followers' ? endpoints.followers : endpoints.following, body, { url, signal });
}

/** The keys of a member's list, whoever reads it: what a change of that list invalidates. */
export const followListKey = (list: FollowList, profileId: number) => ['follow-list', list, profileId] as const;

/**
 * Not under ['profile']: a follow from the open list (which invalidates ['profile'] for the counts)
 * must not reload it and move its rows; it is read afresh each time the dialog opens.
 */
export const followListQueryOptions = (list: FollowList, profileId: number, viewerId: string | undefined) =>
  infiniteQueryOptions({
    queryKey: [...followListKey(list, profileId), viewerId ?? 'visitor'],
    queryFn: ({ pageParam, signal }) => getFollowList(list, pageParam ?? undefined, profileId, viewerId, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FollowListPage) => last.next_page_url ?? undefined,
    staleTime: 0,
  });

/** Whether a row of the list waits for an account elsewhere's server to accept the follow (only in one's own following list). */
const anyPending = (pages: FollowListPage[] | undefined) => pages?.some((page) => page.data.some((person) => person.pending)) ?? false;

/** The list; read again every few seconds while a follow asked of an account elsewhere waits for its yes. */
export function useFollowList(list: FollowList, profileId: number, viewerId: string | undefined) {
  return useInfiniteQuery({
    ...followListQueryOptions(list, profileId, viewerId),
    refetchInterval: (query) => (anyPending(query.state.data?.pages) ? PENDING_REFRESH_MS : false),
  });
}

/**
 * POST /api/user/followers/remove {user_id, follower_id}: someone (a member or an account elsewhere)
 * stops following the member; the answer is said in a notice, and the list and the counts are read again.
 */
export function useRemoveFollower(userId: number) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: (followerId: number) => api(endpoints.removeFollower, { user_id: userId, follower_id: followerId }),
    onSuccess: (answer) => {
      showNotice(answer.message, 'success_light');
      return Promise.all([queryClient.invalidateQueries({ queryKey: followListKey('followers', userId) }), queryClient.invalidateQueries({ queryKey: ['profile'] })]);
    },
  });
}
