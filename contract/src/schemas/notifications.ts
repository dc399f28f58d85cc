import { z } from 'zod';
import { idField } from './common';

export const NOTIFICATION_TYPES = ['follow', 'responses', 'like', 'comment'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** POST /api/user/notifications: body {user_id}; the caller's notifications, newest first. */
export const notificationsBody = z.object({ user_id: idField('user_id') });
export const notificationItem = z.object({
  id: z.number(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  updated_at: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;
export const notificationsResponse = z.object({ notifications: z.array(notificationItem) });
export type NotificationsResponse = z.infer<typeof notificationsResponse>;
