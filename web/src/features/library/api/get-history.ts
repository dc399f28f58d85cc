import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { HistoryResponse } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/**
 * POST /api/user/history {user_id, cursor?}: whether the member keeps a reading history, and its
 * entries, last opened first, one page at a time (next_cursor is null on the last page).
 */
export function getHistory(userId: string, cursor: string | null, signal?: AbortSignal): Promise<HistoryResponse> {
  return api(endpoints.history, { user_id: Number(userId), ...(cursor ? { cursor } : {}) }, { signal });
}

/** Under ['library', 'history', …]: the switch, Remove and Clear change it in place. */
export const historyQueryKey = (userId: string) => ['library', 'history', userId] as const;

export const historyQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: historyQueryKey(userId),
    queryFn: ({ pageParam, signal }) => getHistory(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: HistoryResponse) => last.next_cursor ?? undefined,
  });

export function useHistory(userId: string) {
  return useInfiniteQuery(historyQueryOptions(userId));
}
