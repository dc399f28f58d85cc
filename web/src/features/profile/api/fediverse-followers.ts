import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FediverseFollowersPage } from '@inkwell/contract';
import * as endpoints from '@inkwell/contract/calls';
import { api } from '../../../lib/api-client';

/** POST /api/user/fediverse-followers {profile_id, cursor?}: the member's followers on other servers, newest first. */
export function getFediverseFollowers(profileId: number, cursor: number | null, signal?: AbortSignal): Promise<FediverseFollowersPage> {
  return api(endpoints.fediverseFollowers, { profile_id: profileId, ...(cursor === null ? {} : { cursor }) }, { signal });
}

/** Read afresh each time the list opens, as the members' lists are. */
export function useFediverseFollowers(profileId: number) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['fediverse-followers', profileId],
      queryFn: ({ pageParam, signal }) => getFediverseFollowers(profileId, pageParam, signal),
      initialPageParam: null as number | null,
      getNextPageParam: (last: FediverseFollowersPage) => last.next_cursor ?? undefined,
      staleTime: 0,
    }),
  );
}

/** POST /api/user/fediverse-followers/remove {user_id, follower_id}: one of the member's own followers elsewhere stops following them. */
export function useRemoveFediverseFollower(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (followerId: number) => api(endpoints.removeFediverseFollower, { user_id: userId, follower_id: followerId }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['fediverse-followers', userId] }), queryClient.invalidateQueries({ queryKey: ['profile', 'public', userId] })]),
  });
}
