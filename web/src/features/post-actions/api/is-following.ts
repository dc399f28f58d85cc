import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/**
 * What the app knows of whether the reader follows someone: the server's answer, or only the flag
 * (a followers or following list says it of every person, a Follow press before the answer).
 */
export interface FollowState {
  is_following: boolean;
  followers_count?: number;
}

/** POST /api/user/is-following {user_id, follow_id}. */
export async function getIsFollowing(userId: number, followId: number, signal?: AbortSignal): Promise<FollowState> {
  const answer = await api(endpoints.isFollowing, { user_id: userId, follow_id: followId }, { signal });
  return { is_following: answer.is_following, followers_count: answer.followers_count };
}

export const isFollowingQueryOptions = (userId: number, followId: number) =>
  queryOptions({
    queryKey: ['is-following', userId, followId],
    queryFn: ({ signal }): Promise<FollowState> => getIsFollowing(userId, followId, signal),
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

/** Asks ahead whether the reader follows each of these people (those a page's Follow buttons will show). */
export function prefetchFollows(client: QueryClient, viewerId: string | undefined, personIds: readonly number[]): Promise<unknown> {
  if (!viewerId) return Promise.resolve();
  const viewer = Number(viewerId);
  return Promise.all([...new Set(personIds)].filter((id) => id !== viewer).map((id) => client.prefetchQuery(isFollowingQueryOptions(viewer, id))));
}
