import type { NotificationItem } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { Auth } from '../plugins/session.ts';
import { type NoticeRow, countUnseen, listNotifications, markSeen } from './notifications.repository.ts';

const MAX_NOTIFICATIONS = 200;
/** New stories of whom the member follows are listed beside those, at most this many: they never crowd the rest out. */
const MAX_STORIES = 50;
/** A stream's catch-up after a reconnect sends at most this many missed notifications. */
const MAX_CATCH_UP = 50;

function toItem(row: NoticeRow): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    updated_at: row.updated_at,
    seen: row.read_at !== null,
    // The contract still tells the two apart (an account elsewhere is named by its handle); both have their profile here.
    actor: row.actor_id === null || row.actor_domain !== null ? null : { id: row.actor_id, name: row.actor_name, profile_picture: row.actor_picture },
    remote_actor:
      row.actor_id === null || row.actor_domain === null ? null : { id: row.actor_id, handle: row.remote_handle ?? row.actor_domain, name: row.actor_name, url: row.remote_url },
    post_id: row.post_id,
    comment_id: row.comment_id,
    reply_id: row.reply_id,
    report_id: row.report_id,
  };
}

export function createNotificationsService(db: Kysely<DB>) {
  return {
    /** The caller's own notifications and how many are unseen (the guard has matched user_id to the session). */
    async list(auth: Auth): Promise<{ notifications: NotificationItem[]; unseen_count: number }> {
      const [rows, stories, unseen] = await Promise.all([
        listNotifications(db, auth.userId, MAX_NOTIFICATIONS, { stories: false }),
        listNotifications(db, auth.userId, MAX_STORIES, { stories: true }),
        countUnseen(db, auth.userId, MAX_STORIES),
      ]);
      const newestFirst = [...rows, ...stories].sort((a, b) => (a.updated_at === b.updated_at ? b.id - a.id : a.updated_at < b.updated_at ? 1 : -1));
      return { notifications: newestFirst.map(toItem), unseen_count: unseen };
    },

    /** Marks what the member was shown as seen; ids of others' notifications change nothing. */
    async seen(auth: Auth, ids: number[]): Promise<{ message: string; unseen_count: number }> {
      await markSeen(db, auth.userId, [...new Set(ids)], nowIso());
      return { message: 'Marked as seen.', unseen_count: await countUnseen(db, auth.userId, MAX_STORIES) };
    },

    unseenCount: (userId: number): Promise<number> => countUnseen(db, userId, MAX_STORIES),

    /** One notification as the member may see it (null when it is gone or hidden from them). */
    async one(userId: number, id: number): Promise<NotificationItem | null> {
      const [row] = await listNotifications(db, userId, 1, { ids: [id] });
      return row ? toItem(row) : null;
    },

    /** What a reconnecting stream missed: written after `afterId`, oldest first. */
    async after(userId: number, afterId: number): Promise<NotificationItem[]> {
      const rows = await listNotifications(db, userId, MAX_CATCH_UP, { afterId });
      return rows.map(toItem).sort((a, b) => a.id - b.id);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
