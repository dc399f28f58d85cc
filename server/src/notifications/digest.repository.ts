import type { Kysely } from 'kysely';
import type { MailKind } from '@inkwell/contract';
import type { DB } from '../db/schema.ts';
import { type MemberAddress, isMember } from '../db/shared.repository.ts';

/**
 * The members and kinds with a digest due: the oldest waiting notification of that member and kind
 * was written at or before `cutoff` (help answers go at once: `cutoffHelp`).
 */
export function dueDigests(db: Kysely<DB>, cutoff: string, cutoffHelp: string, limit: number) {
  return db
    .selectFrom('notification_mails')
    .select(['user_id', 'kind'])
    .groupBy(['user_id', 'kind'])
    .having((eb) => eb.or([eb(eb.fn.min('created_at'), '<=', cutoff), eb.and([eb('kind', '=', 'help'), eb(eb.fn.min('created_at'), '<=', cutoffHelp)])]))
    .limit(limit)
    .execute();
}

/**
 * Takes a member's waiting notifications of one kind out of the queue, in the caller's transaction:
 * of two app servers taking the same rows, one gets them (the rows are gone for the other), so each
 * notification is mailed once.
 */
export async function takeDigest(db: Kysely<DB>, userId: number, kind: MailKind, upTo: string): Promise<number[]> {
  const rows = await db
    .deleteFrom('notification_mails')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('created_at', '<=', upTo)
    .returning('notification_id')
    .execute();
  return rows.map((r) => r.notification_id);
}

/** The recipient as the digest needs them: address, name, whether they still want this kind, whether active; members only. */
export function digestRecipient(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'notify_like', 'notify_comment', 'notify_follow', 'notify_help', 'notify_post', 'deactivated_at'])
    .where('id', '=', userId)
    .where(isMember())
    .$narrowType<MemberAddress>()
    .executeTakeFirst();
}

/**
 * The notifications of a digest with what the mail shows of them: the actor, the post, the comment or
 * reply, the help request; leaving out actors the recipient blocked or who deactivated. Newest first.
 */
export function digestItems(db: Kysely<DB>, recipientId: number, ids: number[]) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .leftJoin('posts as p', 'p.id', 'n.post_id')
    .leftJoin('comments as c', 'c.id', 'n.comment_id')
    .leftJoin('replies as r', 'r.id', 'n.reply_id')
    .leftJoin('help_requests as h', 'h.id', 'n.help_request_id')
    .select([
      'n.id',
      'n.type',
      'n.message',
      'n.created_at',
      'n.actor_id',
      'a.name as actor_name',
      'a.profile_picture as actor_picture',
      // An account of another server is a row of users too (ADR 0083): its domain says so.
      'a.domain as actor_domain',
      'a.handle as remote_handle',
      'n.post_id',
      'p.title as post_title',
      'p.image as post_image',
      'p.sub_title as post_subtitle',
      'n.comment_id',
      'c.body as comment_body',
      'n.reply_id',
      'r.body as reply_body',
      'n.help_request_id',
      'n.report_id',
      'h.message as help_request',
      'h.answer as help_answer',
    ])
    .where('n.id', 'in', ids.length > 0 ? ids : [0])
    .where('n.user_id', '=', recipientId)
    .where((eb) => eb.or([eb('n.actor_id', 'is', null), eb('a.deactivated_at', 'is', null)]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('blocks as b').select('b.blocker_id').where('b.blocker_id', '=', recipientId).whereRef('b.blocked_id', '=', 'n.actor_id'))))
    .orderBy('n.id', 'desc')
    .execute();
}

export type DigestRow = Awaited<ReturnType<typeof digestItems>>[number];
