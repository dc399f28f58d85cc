import { type Kysely, sql } from 'kysely';
import type { NotificationType } from '@inkwell/contract';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { NOTICE_CHANNEL } from '../notify/notify.repository.ts';

/**
 * A member's notifications as they may see them: leaving out those brought by someone they blocked
 * (a member, or an account of another server: both rows of users, ADR 0083) or by a member who
 * deactivated their account.
 */
function visibleTo(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .where('n.user_id', '=', userId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('blocks as b').select('b.blocker_id').where('b.blocker_id', '=', userId).whereRef('b.blocked_id', '=', 'n.actor_id'))))
    .where((eb) => eb.or([eb('n.actor_id', 'is', null), eb('a.deactivated_at', 'is', null)]));
}

export interface NoticeRow {
  id: number;
  type: NotificationType;
  message: string;
  updated_at: string;
  read_at: string | null;
  post_id: number | null;
  comment_id: number | null;
  reply_id: number | null;
  report_id: number | null;
  actor_id: number | null;
  actor_name: string | null;
  actor_picture: string | null;
  /** Set when the actor is an account of another server (ADR 0083), with its handle and page. */
  actor_domain: string | null;
  remote_handle: string | null;
  remote_url: string | null;
}

/**
 * Newest first; `ids` narrows to those, `afterId` to those written after it (a stream's catch-up),
 * `stories` to the new stories of whom the member follows (true) or to everything else (false).
 */
export function listNotifications(db: Kysely<DB>, userId: number, limit: number, only: { ids?: number[]; afterId?: number; stories?: boolean } = {}): Promise<NoticeRow[]> {
  let query = visibleTo(db, userId).select([
    'n.id',
    'n.type',
    'n.message',
    'n.updated_at',
    'n.read_at',
    'n.post_id',
    'n.comment_id',
    'n.reply_id',
    'n.report_id',
    'n.actor_id',
    'a.name as actor_name',
    'a.profile_picture as actor_picture',
    'a.domain as actor_domain',
    'a.handle as remote_handle',
    'a.url as remote_url',
  ]);
  if (only.ids) query = query.where('n.id', 'in', only.ids.length > 0 ? only.ids : [0]);
  if (only.afterId !== undefined) query = query.where('n.id', '>', only.afterId);
  if (only.stories !== undefined) query = query.where('n.type', only.stories ? '=' : '<>', 'post');
  return query.orderBy('n.updated_at', 'desc').orderBy('n.id', 'desc').limit(limit).execute();
}

/**
 * How many of them the member has not seen (the top bar's dot): of the new stories, only among the
 * newest `storiesListed`, which is all the list shows (and so can mark seen) of them; a member back
 * after a month of prolific authors would otherwise keep a dot nothing could clear.
 */
export async function countUnseen(db: Kysely<DB>, userId: number, storiesListed: number): Promise<number> {
  const others = visibleTo(db, userId)
    .where('n.read_at', 'is', null)
    .where('n.type', '<>', 'post')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const newest = visibleTo(db, userId).where('n.type', '=', 'post').select('n.read_at').orderBy('n.updated_at', 'desc').orderBy('n.id', 'desc').limit(storiesListed);
  const stories = db
    .selectFrom(newest.as('w'))
    .where('w.read_at', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const [a, b] = await Promise.all([others, stories]);
  return Number(a.count) + Number(b.count);
}

/** Marks the member's own notifications among `ids` as seen (others' ids change nothing). */
export async function markSeen(db: Kysely<DB>, userId: number, ids: number[], now: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('id', 'in', ids).where('read_at', 'is', null).execute();
}

/** The newest notification's id (0 when none): where a SQLite watcher starts. Committed rows only. */
export async function latestNoticeId(database: Database): Promise<number> {
  const rows = await database.all<{ id: number | null }>('SELECT max(id) AS id FROM notifications', []);
  return Number(rows[0]?.id ?? 0);
}

/** Notifications written after `afterId`, oldest first (committed rows only; SQLite writes them in id order). */
export function noticesAfter(database: Database, afterId: number, limit: number): Promise<Array<{ id: number; user_id: number }>> {
  return database.all('SELECT id, user_id FROM notifications WHERE id > ? ORDER BY id LIMIT ?', [afterId, limit]);
}

/** The new-story notifications of one NOTIFY (a fan-out batch: post, id range) with their members (PostgreSQL). */
export function storyNoticesBetween(database: Database, postId: number, from: number, to: number): Promise<Array<{ id: number; user_id: number }>> {
  return database.all('SELECT id, user_id FROM notifications WHERE id >= ? AND id <= ? AND post_id = ? AND type = ? ORDER BY id', [from, to, postId, 'post']);
}

/** PostgreSQL: tells every app server that a member's unseen count changed (another tab saw some). */
export async function announceSeen(db: Kysely<DB>, userId: number): Promise<void> {
  await sql`select pg_notify(${NOTICE_CHANNEL}, ${JSON.stringify({ u: userId, seen: true })})`.execute(db);
}
