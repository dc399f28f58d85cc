import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const isFollowingResponse = z.object({ is_following: z.boolean(), followers_count: z.number().optional() });

/** POST /api/user/is-following {user_id, follow_id}. */
export function getIsFollowing(userId: number, followId: number, signal?: AbortSignal) {
  return apiRequest('is-following', { body: { user_id: userId, follow_id: followId }, schema: isFollowingResponse, signal });
}

export const isFollowingQueryOptions = (userId: number, followId: number) =>
  queryOptions({
    queryKey: ['is-following', userId, followId],
    queryFn: ({ signal }) => getIsFollowing(userId, followId, signal),
    staleTime: 60_000,
  });

/** Asked only when the hover card is open and a viewer is signed in. */
export function useIsFollowing(userId: number | null, followId: number, enabled: boolean) {
  return useQuery({ ...isFollowingQueryOptions(userId ?? 0, followId), enabled: enabled && userId !== null && userId !== followId });
}
