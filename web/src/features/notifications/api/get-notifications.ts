import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationsResponse, type NotificationItem } from '@inkwell/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/user/notifications {user_id} with the session headers, newest first. */
export async function getNotifications(userId: string, signal?: AbortSignal): Promise<NotificationItem[]> {
  const data = await apiRequest('notifications', { body: { user_id: Number(userId) }, schema: notificationsResponse, signal });
  return data.notifications;
}

export const notificationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['notifications', userId],
    queryFn: ({ signal }) => getNotifications(userId, signal),
    staleTime: 30_000,
  });

export function useNotifications(userId: string | undefined) {
  return useQuery({ ...notificationsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
