import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/feed-tuning {user_id}: what the reader tuned of For you (more, less, muted authors). */
export async function getFeedTuning(userId: string, signal?: AbortSignal) {
  const data = await api(endpoints.feedTuning, { user_id: Number(userId) }, { signal });
  return data.tuning;
}

export const feedTuningQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['feed-tuning', userId], queryFn: ({ signal }) => getFeedTuning(userId, signal), staleTime: 60_000 });

export function useFeedTuning(userId: string) {
  return useQuery(feedTuningQueryOptions(userId));
}
