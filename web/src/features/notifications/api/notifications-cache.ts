import type { QueryClient } from '@tanstack/react-query';
import type { NotificationItem, NotificationsResponse } from '@inkwell/contract';
import { notificationsQueryKey } from './get-notifications';

/**
 * Changes to the cached notifications ({notifications, unseen_count}) from the live stream and the
 * seen call; nothing when the list is not cached (yet): its fetch brings the count.
 */
function update(queryClient: QueryClient, userId: string, change: (data: NotificationsResponse) => NotificationsResponse): void {
  queryClient.setQueryData<NotificationsResponse>(notificationsQueryKey(userId), (data) => (data ? change(data) : data));
}

/** When nothing is unseen any more (e.g. another tab showed them), no item is either. */
function withCount(data: NotificationsResponse, unseenCount: number): NotificationsResponse {
  const notifications =
    unseenCount === 0 && data.notifications.some((item) => !item.seen) ? data.notifications.map((item) => (item.seen ? item : { ...item, seen: true })) : data.notifications;
  return { notifications, unseen_count: unseenCount };
}

/**
 * A notification that just came: first in the list (an older copy of it goes), with the new count.
 * Before the list is cached (its first fetch may have been answered before the notification was
 * made), the list is fetched again.
 */
export function addNotification(queryClient: QueryClient, userId: string, notification: NotificationItem, unseenCount: number): void {
  // The outcome of a report: the reader's list of their reports (issue 47, its key in moderation's api/reports.ts) is read again.
  if (notification.report_id) void queryClient.invalidateQueries({ queryKey: ['moderation', 'mine'] });
  const key = notificationsQueryKey(userId);
  if (queryClient.getQueryData(key) === undefined) {
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
    return;
  }
  update(queryClient, userId, (data) => ({
    notifications: [notification, ...data.notifications.filter((item) => item.id !== notification.id)],
    unseen_count: unseenCount,
  }));
}

/** Whether the cached list holds `count` (anything) as its unseen count already. */
export function showsUnseenCount(queryClient: QueryClient, userId: string, count: unknown): boolean {
  const data = queryClient.getQueryData<NotificationsResponse>(notificationsQueryKey(userId));
  return data !== undefined && data.unseen_count === count;
}

export function setUnseenCount(queryClient: QueryClient, userId: string, unseenCount: number): void {
  update(queryClient, userId, (data) => withCount(data, unseenCount));
}

/** After the seen call: those items are seen, and the server's count stands. */
export function markSeen(queryClient: QueryClient, userId: string, ids: readonly number[], unseenCount: number): void {
  const seen = new Set(ids);
  update(queryClient, userId, (data) =>
    withCount({ ...data, notifications: data.notifications.map((item) => (seen.has(item.id) && !item.seen ? { ...item, seen: true } : item)) }, unseenCount),
  );
}
