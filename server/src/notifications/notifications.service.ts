import type { NotificationItem } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Auth } from '../plugins/session';
import { listNotifications } from './notifications.repository';

const MAX_NOTIFICATIONS = 200;

export function createNotificationsService(db: Kysely<DB>) {
  return {
    /** The caller's own notifications (the guard has already matched user_id to the session). */
    async list(auth: Auth): Promise<NotificationItem[]> {
      return listNotifications(db, auth.userId, MAX_NOTIFICATIONS);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
