import type { Kysely } from 'kysely';
import type { DB, NotificationsTable } from '../db/schema';

export interface NoticeValues {
  user_id: number;
  actor_id: number;
  type: NotificationsTable['type'];
  post_id: number | null;
  message: string;
  now: string;
}

export async function insertNotice(db: Kysely<DB>, values: NoticeValues): Promise<void> {
  const { now, ...rest } = values;
  await db
    .insertInto('notifications')
    .values({ ...rest, read_at: null, created_at: now, updated_at: now })
    .execute();
}

/**
 * One notification per recipient, actor, type and post: an existing one is refreshed (text, time,
 * unread) rather than repeated. Callers write it while holding the like or follow row, so two
 * writers for the same key never meet.
 */
export async function upsertNotice(db: Kysely<DB>, values: NoticeValues): Promise<void> {
  const existing = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', values.user_id)
    .where('actor_id', '=', values.actor_id)
    .where('type', '=', values.type)
    .$if(values.post_id === null, (qb) => qb.where('post_id', 'is', null))
    .$if(values.post_id !== null, (qb) => qb.where('post_id', '=', values.post_id))
    .orderBy('id')
    .executeTakeFirst();
  if (!existing) return insertNotice(db, values);
  await db
    .updateTable('notifications')
    .set({ message: values.message, updated_at: values.now, read_at: null })
    .where('id', '=', existing.id)
    .execute();
}
