import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StatsPeriod, StatsResponse } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/stats {user_id, days}: the caller's posts with their numbers over the period. */
export function getStats(userId: string, days: StatsPeriod, signal?: AbortSignal): Promise<StatsResponse> {
  return api(endpoints.stats, { user_id: Number(userId), days }, { signal });
}

export const statsQueryOptions = (userId: string, days: StatsPeriod) =>
  queryOptions({
    queryKey: ['stats', userId, 'overview', days],
    queryFn: ({ signal }) => getStats(userId, days, signal),
    staleTime: 60_000,
  });

/** The last period's answer stays on screen while another period loads. */
export function useStats(userId: string, days: StatsPeriod) {
  return useQuery({ ...statsQueryOptions(userId, days), placeholderData: keepPreviousData });
}
