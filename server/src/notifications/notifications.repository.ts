import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A user's notifications, newest first. */
export function listNotifications(db: Kysely<DB>, userId: number, limit: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'type', 'message', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
