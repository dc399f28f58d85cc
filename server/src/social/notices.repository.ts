import type { ExpressionBuilder, Kysely } from 'kysely';
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

/** What makes a like's or a follow's notification one of a kind: recipient, actor, type and post. */
type NoticeKey = Pick<NoticeValues, 'user_id' | 'actor_id' | 'type' | 'post_id'>;

function sameKey(eb: ExpressionBuilder<DB, 'notifications'>, key: NoticeKey) {
  return eb.and([
    eb('user_id', '=', key.user_id),
    eb('actor_id', '=', key.actor_id),
    eb('type', '=', key.type),
    key.post_id === null ? eb('post_id', 'is', null) : eb('post_id', '=', key.post_id),
  ]);
}

/** Takes back the one notification of a like (post) or a follow (post null) that was undone. */
export async function retractNotice(db: Kysely<DB>, key: NoticeKey): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where((eb) => sameKey(eb, key))
    .execute();
}

/** Removes what was told of a comment and of its replies, or of one reply (before they are deleted). */
export async function deleteNoticesOf(db: Kysely<DB>, of: { commentId: number } | { replyId: number }): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where((eb) =>
      'replyId' in of
        ? eb('reply_id', '=', of.replyId)
        : eb.or([
            eb('comment_id', '=', of.commentId),
            eb('reply_id', 'in', eb.selectFrom('replies').select('replies.id').where('replies.comment_id', '=', of.commentId)),
          ]),
    )
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
    .where((eb) => sameKey(eb, values))
    .orderBy('id')
    .executeTakeFirst();
  if (!existing) return insertNotice(db, values);
  await db
    .updateTable('notifications')
    .set({ message: values.message, updated_at: values.now, read_at: null })
    .where('id', '=', existing.id)
    .execute();
}
