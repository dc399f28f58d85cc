import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/user/is-following {user_id, follow_id}. */
export function getIsFollowing(userId: number, followId: number, signal?: AbortSignal) {
  return apiRequest('is-following', { body: { user_id: userId, follow_id: followId }, schema: 'isFollowingResponse', signal });
}

export const isFollowingQueryOptions = (userId: number, followId: number) =>
  queryOptions({
    queryKey: ['is-following', userId, followId],
    queryFn: ({ signal }) => getIsFollowing(userId, followId, signal),
    staleTime: 60_000,
  });

/**
 * Asked only when the hover card is open and a viewer is signed in; not at all when the answer is
 * already `known` (a followers or following list says it of every person).
 */
export function useIsFollowing(userId: number | null, followId: number, enabled: boolean, known?: boolean) {
  return useQuery({
    ...isFollowingQueryOptions(userId ?? 0, followId),
    enabled: enabled && userId !== null && userId !== followId,
    ...(known === undefined ? {} : { initialData: { is_following: known } }),
  });
}
