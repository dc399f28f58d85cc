import type { Kysely } from 'kysely';
import type { DB, NotificationsTable } from '../db/schema';

export interface NoticeValues {
  user_id: number;
  actor_id: number;
  type: NotificationsTable['type'];
  post_id: number | null;
  comment_id?: number | null;
  reply_id?: number | null;
  message: string;
  now: string;
}

export async function insertNotice(db: Kysely<DB>, values: NoticeValues): Promise<void> {
  const { now, comment_id = null, reply_id = null, ...rest } = values;
  await db
    .insertInto('notifications')
    .values({ ...rest, comment_id, reply_id, read_at: null, created_at: now, updated_at: now })
    .execute();
}

/** Takes back the one notification of a like (post) or a follow (post null) that was undone. */
export async function retractNotice(db: Kysely<DB>, key: Pick<NoticeValues, 'user_id' | 'actor_id' | 'type' | 'post_id'>): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where('user_id', '=', key.user_id)
    .where('actor_id', '=', key.actor_id)
    .where('type', '=', key.type)
    .$if(key.post_id === null, (qb) => qb.where('post_id', 'is', null))
    .$if(key.post_id !== null, (qb) => qb.where('post_id', '=', key.post_id))
    .execute();
}

/** Removes what was told of these comments and replies (before they are deleted). */
export async function deleteNoticesOf(db: Kysely<DB>, of: { commentIds?: number[]; replyIds?: number[] }): Promise<void> {
  if (of.commentIds?.length) await db.deleteFrom('notifications').where('comment_id', 'in', of.commentIds).execute();
  if (of.replyIds?.length) await db.deleteFrom('notifications').where('reply_id', 'in', of.replyIds).execute();
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
