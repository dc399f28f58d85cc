import type { Acting } from '../access/policy.ts';
import {
  type NewsletterConfirmationResponse,
  type NewsletterConfirmResponse,
  type NewsletterSubscribeResponse,
  type NewsletterSubscribersResponse,
  type NewsletterUnsubscribeResponse,
  maskEmail,
} from '@inkwell/contract';
import { NEWSLETTER_CHECK_INBOX, NEWSLETTER_INVALID_LINK, NEWSLETTER_PENDING_DAYS, newsletterResubscribedText, newsletterSubscribedText } from '@inkwell/contract/newsletters';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { notFound, validationError } from '../lib/errors.ts';
import { sentByProgram } from '../lib/form-guard.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { confirmationMail, newsletterLinks, welcomeMail, writerName } from './newsletter-mails.ts';
import type { MailReport } from './mail-report.ts';
import type { NewsletterTokens, UnsubscribeTarget } from './newsletter-tokens.ts';
import * as repo from './newsletters.repository.ts';
import * as sends from './sends.repository.ts';
import { subscribersCsv } from './subscribers-csv.ts';
import { normaliseEmail } from '../lib/email-address.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const PENDING_MS = NEWSLETTER_PENDING_DAYS * DAY;
export const SUBSCRIBERS_PAGE = 50;

type Source = 'profile' | 'story' | 'follow' | 'settings';

export interface NewsletterDeps {
  db: Kysely<DB>;
  outbox: MailOutbox;
  tokens: NewsletterTokens;
  publicUrl: string;
  /** Confirmation mails one address may get in 24 hours (NEWSLETTER_CONFIRMATIONS_PER_ADDRESS). */
  confirmationsPerAddress: number;
  /** A subscribe sent back sooner than this was filled by a program (SPAM_MIN_FILL_SECONDS; lib/form-guard.ts); 0: off. */
  minFillMs?: number;
  log: { info(obj: object, msg: string): void };
}

const invalidLink = () => validationError({ token: [NEWSLETTER_INVALID_LINK] });
const writerOf = (row: { writer_id: number; writer_name: string | null; writer_username: string | null }) => ({
  id: row.writer_id,
  name: writerName({ name: row.writer_name, username: row.writer_username }),
  user_name: row.writer_username,
});

/**
 * Subscribing to a writer's new stories by email: double opt-in for an address someone typed, at once
 * for a member's own verified address; the confirmation and unsubscribe pages' calls; the writer's list.
 */
export function createNewsletters({ db, outbox, tokens, publicUrl, confirmationsPerAddress, minFillMs = 0, log }: NewsletterDeps) {
  const links = newsletterLinks(publicUrl);

  /** The welcome mail of a subscription just confirmed, in the transaction that confirmed it (`sign`: tokens.signer()). */
  async function queueWelcome(
    trx: Kysely<DB>,
    subscriber: { id: number; email: string },
    writer: { name: string; welcome: string | null },
    sign: (id: number) => string,
  ): Promise<void> {
    const unsubscribe = links.unsubscribe(sign(subscriber.id));
    await outbox.enqueue(trx, welcomeMail(subscriber.email, writer.name, writer.welcome, unsubscribe, publicUrl));
  }

  /** A typed address: a confirmation mail, unless one went to it for this writer within the hour or it had its share of the day. */
  async function askToConfirm(writer: { id: number; name: string | null; username: string | null }, email: string, source: Source): Promise<void> {
    const now = Date.now();
    const token = newToken();
    await db.transaction().execute(async (trx) => {
      const today = await repo.countConfirmationsSince(trx, email, new Date(now - DAY).toISOString());
      if (today >= confirmationsPerAddress) {
        log.info({ writerId: writer.id }, 'newsletter confirmation not sent: the address had its share of the day');
        return;
      }
      const id = await repo.askConfirmation(trx, {
        writerId: writer.id,
        email,
        source,
        tokenHash: hashToken(token),
        now: new Date(now).toISOString(),
        notBefore: new Date(now - HOUR).toISOString(),
      });
      if (id === undefined) return; // confirmed already, or a confirmation went within the hour
      await outbox.enqueue(trx, confirmationMail(email, writerName(writer), links.confirm(token), publicUrl));
    });
    outbox.kick();
  }

  /** The subscription a confirmation token names, while its link still works. */
  async function confirmable(token: string) {
    const row = await repo.findByConfirmHash(db, hashToken(token.trim()));
    if (!row || row.writer_deactivated_at !== null) throw invalidLink();
    const expired = row.status === 'pending' && (!row.confirm_sent_at || Date.parse(row.confirm_sent_at) < Date.now() - PENDING_MS);
    if (expired || row.status === 'suppressed' || row.status === 'unsubscribed') throw invalidLink();
    return row;
  }

  /** The subscription an unsubscribe token names, and the story whose mail carried the link. */
  async function tokenSubscriber(token: string) {
    const target = await tokens.readUnsubscribeToken(token);
    const row = target === null ? undefined : await repo.findSubscriber(db, target.subscriberId);
    if (!row) throw invalidLink();
    return { row, fromPost: target!.postId };
  }

  /** Confirmed → unsubscribed, counted for the story whose mail said how (null: the welcome mail). */
  async function end(subscriberId: number, fromPost: number | null): Promise<void> {
    const now = nowIso();
    if ((await repo.unsubscribeSubscriber(db, subscriberId, now)) && fromPost !== null) await sends.markUnsubscribedFrom(db, fromPost, subscriberId, now);
  }

  return {
    async subscribe(
      caller: Acting | null,
      body: { writer_id: number; email?: string; source?: Source; website?: string; filled_ms?: number },
    ): Promise<NewsletterSubscribeResponse> {
      // A program's (its honeypot filled, or sent back at once): the answer a new address gets, and nothing done.
      if (sentByProgram(body, minFillMs)) {
        log.info({ writer: body.writer_id }, 'a subscribe filled by a program, answered as done');
        return { status: 'pending', message: NEWSLETTER_CHECK_INBOX };
      }
      const writer = await repo.findWriter(db, body.writer_id);
      if (!writer) throw notFound('This writer was not found.');
      const source = body.source ?? 'profile';
      const name = writerName(writer);
      const member = caller === null ? undefined : await repo.findMemberAddress(db, caller);
      const typed = body.email === undefined ? undefined : normaliseEmail(body.email);
      const own = member ? normaliseEmail(member.email) : undefined;
      if (caller !== null && caller === writer.id && (typed === undefined || typed === own)) {
        throw validationError({ writer_id: ['You cannot subscribe to your own stories.'] });
      }
      // A member with their own verified address: no mail to confirm what their sign-in already proves.
      if (member && own && member.email_verified_at && (typed === undefined || typed === own)) {
        const now = nowIso();
        const sign = await tokens.signer();
        await db.transaction().execute(async (trx) => {
          const id = await repo.subscribeMember(trx, { writerId: writer.id, email: own, memberId: caller!, source, now });
          if (id !== undefined) await queueWelcome(trx, { id, email: own }, { name, welcome: writer.newsletter_welcome }, sign);
        });
        outbox.kick();
        return { status: 'confirmed', message: newsletterSubscribedText(name) };
      }
      const email = typed ?? own;
      if (email === undefined) throw validationError({ email: ['The email field is required.'] });
      await askToConfirm(writer, email, source);
      return { status: 'pending', message: NEWSLETTER_CHECK_INBOX };
    },

    /** What the confirmation page shows: it confirms nothing (a mail scanner may open the link). */
    async confirmation(token: string): Promise<NewsletterConfirmationResponse> {
      const row = await confirmable(token);
      return { writer: writerOf(row), email: maskEmail(row.email), confirmed: row.status === 'confirmed' };
    },

    /** The confirmation page's button: pending → confirmed, with the welcome mail. Pressing it again changes nothing. */
    async confirm(token: string): Promise<NewsletterConfirmResponse> {
      const row = await confirmable(token);
      const writer = writerOf(row);
      if (row.status === 'pending') {
        const sign = await tokens.signer();
        await db.transaction().execute(async (trx) => {
          if (await repo.confirmSubscriber(trx, row.id, nowIso())) await queueWelcome(trx, row, { name: writer.name, welcome: row.newsletter_welcome }, sign);
        });
        outbox.kick();
      }
      return { message: `You are subscribed: new stories by ${writer.name} will come to your inbox.`, writer };
    },

    /** The unsubscribe page's button (and a mail program's one-click POST), or its Undo with `subscribe`. */
    async unsubscribe(token: string, subscribe = false): Promise<NewsletterUnsubscribeResponse> {
      const { row, fromPost } = await tokenSubscriber(token);
      const writer = writerOf(row);
      if (subscribe) {
        // Undo brings back what this link ended; a bounced address must subscribe again.
        if (row.status === 'unsubscribed') await repo.resubscribeSubscriber(db, row.id, nowIso());
        else if (row.status !== 'confirmed') throw invalidLink();
        return { message: newsletterResubscribedText(writer.name), writer, subscribed: true };
      }
      await end(row.id, fromPost);
      return { message: `You will no longer get new stories by ${writer.name} by email.`, writer, subscribed: false };
    },

    /** A mail to a List-Unsubscribe mailto address (inbound-mail.ts): the same as the link's button. */
    unsubscribedByMail: (target: UnsubscribeTarget) => end(target.subscriberId, target.postId),

    /**
     * A mail that came back to a story mail's return path (inbound-mail.ts): a permanent failure
     * suppresses the address, a complaint ends the subscription for good (suppressed, counted as
     * unsubscribed from that story), a failure after the sender's retries marks the mail failed.
     * Resolves to what was done.
     */
    async mailReturned(deliveryId: number, report: MailReport): Promise<'suppressed' | 'failed' | 'complaint' | 'ignored'> {
      const delivery = await sends.findDelivery(db, deliveryId);
      if (!delivery || report.kind === 'other') return 'ignored';
      const now = nowIso();
      if (report.kind === 'complaint') {
        await repo.suppressSubscriber(db, delivery.subscriber_id, now);
        await sends.markUnsubscribedFrom(db, delivery.post_id, delivery.subscriber_id, now);
        return 'complaint';
      }
      const error = `returned: ${report.status} ${report.diagnostic}`.trim();
      if (report.permanent) {
        await sends.markBounced(db, deliveryId, error, now);
        return 'suppressed';
      }
      await sends.markFailedLater(db, deliveryId, error);
      return 'failed';
    },

    /** The writer's own list, newest first, with how many are in each state. */
    async subscribers(writerId: Acting, cursor: number | undefined): Promise<NewsletterSubscribersResponse> {
      const [rows, counted, welcome] = await Promise.all([
        repo.listSubscribers(db, writerId, cursor, SUBSCRIBERS_PAGE + 1),
        repo.countSubscribers(db, writerId),
        repo.welcomeOf(db, writerId),
      ]);
      const counts = { confirmed: 0, pending: 0, unsubscribed: 0, suppressed: 0 };
      for (const c of counted) counts[c.status] = Number(c.n);
      const page = rows.slice(0, SUBSCRIBERS_PAGE);
      return { welcome, counts, subscribers: page, next_cursor: rows.length > SUBSCRIBERS_PAGE ? page.at(-1)!.id : null };
    },

    /** The writer's list as CSV for another service's import (subscribers-csv.ts). */
    async exportCsv(writerId: Acting): Promise<string> {
      return subscribersCsv(await repo.exportableSubscribers(db, writerId));
    },

    /** The writer's welcome mail text; blank means the default one. */
    async setWelcome(writerId: Acting, text: string): Promise<{ message: string; welcome: string | null }> {
      const welcome = text.trim() === '' ? null : text.trim();
      await repo.setWelcome(db, writerId, welcome, nowIso());
      return { message: welcome ? 'Your welcome mail is saved.' : 'New subscribers get the default welcome mail.', welcome };
    },

    async remove(writerId: Acting, subscriberId: number): Promise<{ message: string }> {
      if (!(await repo.removeSubscriber(db, writerId, subscriberId))) throw notFound('This address is not on your list.');
      return { message: 'The address was removed from your list.' };
    },

    /** The clean-up job: unconfirmed addresses are forgotten NEWSLETTER_PENDING_DAYS after their last confirmation mail. */
    forgetUnconfirmed: () => repo.forgetUnconfirmed(db, new Date(Date.now() - PENDING_MS).toISOString()),
  };
}

export type Newsletters = ReturnType<typeof createNewsletters>;
