import { DEFAULT_POST_IMAGE, type MailKind, paths } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { type DigestItem, notificationDigestMail } from '../mail/notification-templates.ts';
import { absoluteImageUrl } from '../storage/addresses.ts';
import { type DigestRow, digestItems, digestRecipient, dueDigests, takeDigest } from './digest.repository.ts';
import type { Unsubscribe } from './unsubscribe.ts';

export interface DigestOptions {
  /** Notifications of one kind for one member within this window become one mail. */
  windowMs: number;
  pollMs: number;
  publicUrl: string;
  /** STORAGE_PUBLIC_URL: pictures and covers point straight at it. */
  storagePublicUrl?: string | undefined;
}

const wants: Record<MailKind, 'notify_like' | 'notify_comment' | 'notify_follow' | 'notify_help' | 'notify_post'> = {
  like: 'notify_like',
  comment: 'notify_comment',
  follow: 'notify_follow',
  help: 'notify_help',
  post: 'notify_post',
};

/**
 * Turns waiting notifications into mails: a member's notifications of one kind are gathered from the
 * first one for `windowMs` (less one poll, so even a lone one leaves within the window), then one
 * digest goes to the outbox in the transaction that takes them from the queue. Help answers do not
 * wait. The recipient's choice and state are read again then: an unticked box or a deactivated
 * account gets nothing, and what an unlike or a deleted comment took back is no longer there.
 */
export class NotificationMailer {
  private running: Promise<number> | undefined;

  private readonly db: Kysely<DB>;
  private readonly outbox: MailOutbox;
  private readonly unsubscribe: Unsubscribe;
  private readonly options: DigestOptions;

  constructor(db: Kysely<DB>, outbox: MailOutbox, unsubscribe: Unsubscribe, options: DigestOptions) {
    this.db = db;
    this.outbox = outbox;
    this.unsubscribe = unsubscribe;
    this.options = options;
  }

  /** Sends every digest due at `now`; concurrent callers share one run. Resolves to the number of mails queued. */
  flush(now: number = Date.now()): Promise<number> {
    this.running ??= this.sendDue(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async sendDue(now: number): Promise<number> {
    const cutoff = new Date(now - Math.max(0, this.options.windowMs - this.options.pollMs)).toISOString();
    const upTo = new Date(now).toISOString();
    let queued = 0;
    for (;;) {
      const due = await dueDigests(this.db, cutoff, upTo, 100);
      if (due.length === 0) break;
      for (const { user_id, kind } of due) if (await this.sendOne(user_id, kind, upTo)) queued += 1;
      if (due.length < 100) break;
    }
    if (queued > 0) this.outbox.kick();
    return queued;
  }

  private async sendOne(userId: number, kind: MailKind, upTo: string): Promise<boolean> {
    // Before the transaction: the key may be read or made on another connection (SQLite has one).
    const unsubscribeUrl = this.options.publicUrl + paths.unsubscribe.getHref(await this.unsubscribe.token(userId, kind));
    return this.db.transaction().execute(async (trx) => {
      const ids = await takeDigest(trx, userId, kind, upTo);
      const recipient = await digestRecipient(trx, userId);
      if (ids.length === 0 || !recipient || recipient.deactivated_at !== null || recipient[wants[kind]] !== 1) return false;
      const rows = await digestItems(trx, userId, ids);
      if (rows.length === 0) return false;
      const mail = notificationDigestMail({
        to: recipient.email,
        recipientName: recipient.name,
        kind,
        items: rows.map((row) => this.item(row)),
        publicUrl: this.options.publicUrl,
        unsubscribeUrl,
        settingsUrl: `${this.options.publicUrl}${paths.settings.getHref()}`,
      });
      await this.outbox.enqueue(trx, mail);
      return true;
    });
  }

  private item(row: DigestRow): DigestItem {
    const base = this.options.publicUrl;
    // A picture is a stored path or an address of its own (a Google sign-in's): the contract's one rule.
    const image = (value: string) => absoluteImageUrl(value, this.options);
    const postUrl = row.post_id === null ? null : base + paths.viewPost.getHref(row.post_id);
    const anchor = row.reply_id !== null ? `#reply-${row.reply_id}` : row.comment_id !== null ? `#comment-${row.comment_id}` : '';
    const actor =
      row.actor_id === null
        ? null
        : row.actor_domain !== null
          ? // An account of another server: its picture is not fetched for a mail; its profile is here too (ADR 0085).
            { id: row.actor_id, name: row.actor_name ?? row.remote_handle, pictureUrl: null, profileUrl: base + paths.viewProfile.getHref(row.actor_id) }
          : {
              id: row.actor_id,
              name: row.actor_name,
              pictureUrl: row.actor_picture ? image(row.actor_picture) : null,
              profileUrl: base + paths.viewProfile.getHref(row.actor_id),
            };
    const post =
      row.post_id === null || postUrl === null
        ? null
        : {
            id: row.post_id,
            title: row.post_title ?? '',
            subtitle: row.post_subtitle,
            coverUrl: image(row.post_image ?? DEFAULT_POST_IMAGE),
            url: postUrl,
          };
    // A 'responses' row without a help request is the moderators' word (issue 47): a report's outcome
    // (to the reader's reports) or a warning (to the notifications).
    const fromModerators = row.type === 'responses' && row.help_request_id === null;
    const url = fromModerators
      ? row.report_id !== null
        ? `${base}${paths.reports.getHref()}#report-${row.report_id}`
        : `${base}${paths.notifications.getHref()}`
      : row.type === 'responses'
        ? base + paths.help.getHref()
        : row.type === 'follow' && actor
          ? actor.profileUrl
          : postUrl
            ? postUrl + anchor
            : `${base}${paths.notifications.getHref()}`;
    return {
      actor,
      post,
      message: row.message,
      excerpt: fromModerators ? null : row.type === 'responses' ? row.help_answer : (row.reply_body ?? row.comment_body ?? null),
      request: row.help_request ?? null,
      ...(fromModerators ? { from: row.report_id !== null ? ('report' as const) : ('moderators' as const) } : {}),
      url,
      at: row.created_at,
    };
  }
}
