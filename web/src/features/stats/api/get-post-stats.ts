import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostStatsResponse, StatsPeriod } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/stats/post {user_id, post_id, days}: one of the caller's posts, day by day. */
export function getPostStats(userId: string, postId: number, days: StatsPeriod, signal?: AbortSignal): Promise<PostStatsResponse> {
  return api(endpoints.statsPost, { user_id: Number(userId), post_id: postId, days }, { signal });
}

export const postStatsQueryOptions = (userId: string, postId: number, days: StatsPeriod) =>
  queryOptions({
    queryKey: ['stats', userId, 'post', postId, days],
    queryFn: ({ signal }) => getPostStats(userId, postId, days, signal),
    staleTime: 60_000,
  });

/** The same post's last period stays on screen while another period loads. */
export function usePostStats(userId: string, postId: number, days: StatsPeriod) {
  return useQuery({
    ...postStatsQueryOptions(userId, postId, days),
    placeholderData: (previous) => (previous?.post.id === postId ? previous : undefined),
  });
}
