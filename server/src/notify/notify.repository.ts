import { type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { isPostgres } from '../db/database.ts';
import { type MailKind, mailKindOf } from '@inkwell/contract';
import type { DB, NotificationsTable } from '../db/schema.ts';
import { isMember, unheardBy } from '../db/shared.repository.ts';

/** The PostgreSQL channel on which a committed notification is announced to every app server. */
export const NOTICE_CHANNEL = 'inkwell_notices';

export interface NoticeValues {
  user_id: number;
  actor_id: number | null;
  type: NotificationsTable['type'];
  post_id: number | null;
  comment_id?: number | null;
  reply_id?: number | null;
  help_request_id?: number | null;
  report_id?: number | null;
  message: string;
  now: string;
}

const preferenceColumn = {
  like: 'notify_like',
  comment: 'notify_comment',
  follow: 'notify_follow',
  help: 'notify_help',
  post: 'notify_post',
} as const satisfies Record<MailKind, string>;

/** The notification's row as inserted. */
function noticeRow(values: NoticeValues) {
  const { now, comment_id = null, reply_id = null, help_request_id = null, report_id = null, ...rest } = values;
  return { ...rest, comment_id, reply_id, help_request_id, report_id, read_at: null, created_at: now, updated_at: now };
}

/**
 * Whether `userId` is to be told of what `actorId` did: a member's row of users (an account elsewhere
 * is never notified) who has not blocked the actor, and follows it when it is limited (ADR 0111).
 */
export async function mayTell(db: Kysely<DB>, userId: number, actorId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .innerJoin('users as actor', (join) => join.on('actor.id', '=', actorId))
    .select('users.id')
    .where('users.id', '=', userId)
    .where(isMember('users'))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('blocks').select('blocks.blocker_id').where('blocks.blocker_id', '=', userId).where('blocks.blocked_id', '=', actorId))))
    .where(sql<SqlBool>`NOT ${unheardBy(sql.val(userId))}`)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Writes a notification and, in the same transaction, what makes it travel: a row waiting to be
 * mailed when the recipient ticked that kind of mail and is active (the digest worker re-checks both
 * when it sends), and on PostgreSQL a NOTIFY that reaches every app server once the transaction
 * commits (and never if it rolls back). On SQLite the one process sees the new id itself (live.ts).
 * With `replacing`, the older notification of the same key goes first (upsertNotice).
 * On PostgreSQL it is all one statement (a round trip instead of three or four: issue 45).
 */
async function writeNotice(db: Kysely<DB>, values: NoticeValues, replacing: boolean): Promise<number> {
  if (isPostgres(db)) return writeNoticeAtOnce(db, values, replacing);
  if (replacing) await retractNotice(db, values);
  const row = await db.insertInto('notifications').values(noticeRow(values)).returning('id').executeTakeFirstOrThrow();
  const kind = mailKindOf[values.type];
  await db
    .insertInto('notification_mails')
    .columns(['notification_id', 'user_id', 'kind', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select([
          eb.cast<number>(eb.val(row.id), 'integer').as('notification_id'),
          'users.id',
          eb.cast<string>(eb.val(kind), 'text').as('kind'),
          eb.cast<string>(eb.val(values.now), 'text').as('created_at'),
        ])
        .where('users.id', '=', values.user_id)
        .where(preferenceColumn[kind], '=', 1)
        .where('users.deactivated_at', 'is', null)
        // Mail goes to members only, never to an account elsewhere.
        .where(isMember('users')),
    )
    .execute();
  return row.id;
}

/**
 * PostgreSQL: writeNotice in one statement. The retraction, the insert and the mail are CTEs (all run
 * on one snapshot, so the retraction never sees the new row; the mail's foreign key is checked at the
 * statement's end, when the new row is there); the NOTIFY's payload is written as JSON.stringify
 * would ({"u":…,"n":…}).
 */
async function writeNoticeAtOnce(db: Kysely<DB>, values: NoticeValues, replacing: boolean): Promise<number> {
  const kind = mailKindOf[values.type];
  const row = await db
    .with('gone', (w) => w.deleteFrom('notifications').where((eb) => (replacing ? sameKey(eb, values) : sql<boolean>`false`)))
    .with('n', (w) => w.insertInto('notifications').values(noticeRow(values)).returning(['id', 'user_id']))
    .with('m', (w) =>
      w
        .insertInto('notification_mails')
        .columns(['notification_id', 'user_id', 'kind', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('n')
            .innerJoin('users', 'users.id', 'n.user_id')
            .select(['n.id', 'users.id as user_id', eb.cast<string>(eb.val(kind), 'text').as('kind'), eb.cast<string>(eb.val(values.now), 'text').as('created_at')])
            .where(preferenceColumn[kind], '=', 1)
            .where('users.deactivated_at', 'is', null)
            .where(isMember('users')),
        ),
    )
    .selectFrom('n')
    .select(['n.id', sql<string>`pg_notify(${NOTICE_CHANNEL}, '{"u":' || n.user_id || ',"n":' || n.id || '}')`.as('told')])
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new notification (a comment's, a reply's, a boost's, an answer to help): see writeNotice. */
export function insertNotice(db: Kysely<DB>, values: NoticeValues): Promise<number> {
  return writeNotice(db, values, false);
}

/**
 * What makes a like's or a follow's notification one of a kind: recipient, actor (a member or an
 * account elsewhere, both rows of users), type and post (a boost's is of type 'boost', apart from a like's).
 */
type NoticeKey = Pick<NoticeValues, 'user_id' | 'actor_id' | 'type' | 'post_id'>;

function sameKey(eb: ExpressionBuilder<DB, 'notifications'>, key: NoticeKey) {
  return eb.and([
    eb('user_id', '=', key.user_id),
    key.actor_id === null ? eb('actor_id', 'is', null) : eb('actor_id', '=', key.actor_id),
    eb('type', '=', key.type),
    key.post_id === null ? eb('post_id', 'is', null) : eb('post_id', '=', key.post_id),
  ]);
}

/** Takes back the one notification of a like (post) or a follow (post null) that was undone; its waiting mail goes with it. */
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
        : eb.or([eb('comment_id', '=', of.commentId), eb('reply_id', 'in', eb.selectFrom('replies').select('replies.id').where('replies.comment_id', '=', of.commentId))]),
    )
    .execute();
}

/**
 * One notification per recipient, actor, type and post: an older one of the same key is replaced by
 * a new row (a new id, unseen), so it reaches open tabs and the mail again like any new one. Callers
 * write it while holding the like or follow row, so two writers for the same key never meet.
 */
export function upsertNotice(db: Kysely<DB>, values: NoticeValues): Promise<number> {
  return writeNotice(db, values, true);
}

/** An operator's answer to a help request: the request is marked answered, in the caller's transaction. */
export async function markHelpAnswered(db: Kysely<DB>, requestId: number, answer: string, now: string, by: number | null = null): Promise<boolean> {
  const result = await db
    .updateTable('help_requests')
    .set({ status: 'answered', answer, answered_at: now, answered_by: by })
    .where('id', '=', requestId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
