import { useEffect, useRef } from 'react';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/**
 * What the app knows of whether the reader follows someone: the server's answer, or only the flag
 * (a followers or following list says it of every person, a Follow press before the answer).
 */
export interface FollowState {
  is_following: boolean;
  followers_count?: number;
  /** An account elsewhere asked to follow whose server has not said yes yet (is_following is true meanwhile). */
  pending?: boolean;
}

/** POST /api/user/is-following {user_id, follow_id}. */
export async function getIsFollowing(userId: number, followId: number, signal?: AbortSignal): Promise<FollowState> {
  const answer = await api(endpoints.isFollowing, { user_id: userId, follow_id: followId }, { signal });
  return { is_following: answer.is_following, followers_count: answer.followers_count, ...(answer.pending === undefined ? {} : { pending: answer.pending }) };
}

export const isFollowingQueryOptions = (userId: number, followId: number) =>
  queryOptions({
    queryKey: ['is-following', userId, followId],
    queryFn: ({ signal }): Promise<FollowState> => getIsFollowing(userId, followId, signal),
    staleTime: 60_000,
  });

/**
 * Asked only when the hover card is open and a viewer is signed in; not at all when the answer is
 * already `known` (a followers or following list says it of every person, and `pending` of a follow
 * asked of an account elsewhere). When the list, read again, says otherwise than it said (the account's
 * server said yes meanwhile), what it now says is kept.
 */
export function useIsFollowing(userId: number | null, followId: number, enabled: boolean, known?: boolean, pending?: boolean) {
  const queryClient = useQueryClient();
  const said = useRef({ known, pending });
  useEffect(() => {
    if (known === undefined || userId === null || (said.current.known === known && said.current.pending === pending)) return;
    said.current = { known, pending };
    queryClient.setQueryData<FollowState>(isFollowingQueryOptions(userId, followId).queryKey, (state) => ({ ...state, is_following: known, pending }));
  }, [queryClient, userId, followId, known, pending]);
  return useQuery({
    ...isFollowingQueryOptions(userId ?? 0, followId),
    enabled: enabled && userId !== null && userId !== followId,
    ...(known === undefined ? {} : { initialData: { is_following: known, ...(pending === undefined ? {} : { pending }) } }),
  });
}

/** Asks ahead whether the reader follows each of these people (those a page's Follow buttons will show). */
export function prefetchFollows(client: QueryClient, viewerId: string | undefined, personIds: readonly number[]): Promise<unknown> {
  if (!viewerId) return Promise.resolve();
  const viewer = Number(viewerId);
  return Promise.all([...new Set(personIds)].filter((id) => id !== viewer).map((id) => client.prefetchQuery(isFollowingQueryOptions(viewer, id))));
}
