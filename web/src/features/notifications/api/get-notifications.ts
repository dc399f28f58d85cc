import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationsResponse } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** The cache key of the member's notifications: the top bar's dot, the screen and the live stream share it. */
export const notificationsQueryKey = (userId: string) => ['notifications', userId] as const;

/** POST /api/user/notifications {user_id}: the caller's notifications, newest first, and how many are unseen. */
export async function getNotifications(userId: string, signal?: AbortSignal): Promise<NotificationsResponse> {
  return api(endpoints.notifications, { user_id: Number(userId) }, { signal });
}

export const notificationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: notificationsQueryKey(userId),
    queryFn: ({ signal }) => getNotifications(userId, signal),
    staleTime: 30_000,
  });

export function useNotifications(userId: string | undefined) {
  return useQuery({ ...notificationsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
