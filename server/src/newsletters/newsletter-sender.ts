import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { backoffMs, claim, lease } from '../db/claims.ts';
import { nowIso } from '../db/database.ts';
import type { TaggedAddress } from '../config-newsletter.ts';
import type { DB } from '../db/schema.ts';
import { eachAtMost } from '../lib/concurrency.ts';
import { type MailTransport, isPermanentFailure } from '../mail/transport.ts';
import { newsletterLinks, writerName } from './newsletter-mails.ts';
import type { AddressTarget, NewsletterTokens } from './newsletter-tokens.ts';
import * as sends from './sends.repository.ts';
import { type StoryMail, renderStoryMail } from './story-mail.ts';

export interface SenderOptions {
  publicUrl: string;
  /** STORAGE_PUBLIC_URL: the mails' images point straight at it. */
  storagePublicUrl?: string | undefined;
  /** MAIL_FROM: its address is the From of every story mail, under the writer's name. */
  mailFrom: string;
  /** Deliveries taken per claim (and per query). */
  batchSize: number;
  /** How many mails are under way at once: one per pooled SMTP connection. */
  connections: number;
  /** How long a claimed delivery stays with this process (it is claimed again after, if still pending). */
  claimMs: number;
  /** Attempts of a delivery that fails with a 4xx or a network error before it is given up. */
  maxAttempts: number;
  baseBackoffMs: number;
  maxBackoffMs: number;
  /** MAIL_BOUNCE_ADDRESS: each mail's return path is its `+b<delivery>` tag there (VERP), so a later bounce names it. */
  bounceAddress?: TaggedAddress | undefined;
  /** MAIL_UNSUBSCRIBE_MAILTO: each mail's List-Unsubscribe has its subscriber's `+u…` address there too. */
  unsubscribeAddress?: TaggedAddress | undefined;
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** What one round did. */
export interface SendRound {
  listed: number;
  sent: number;
  retried: number;
  failed: number;
  bounced: number;
  /** Listed, then unsubscribed (or the writer left) before it went: not sent, not counted. */
  skipped: number;
  finished: number;
}

type Due = Awaited<ReturnType<typeof sends.dueDeliveries>>[number];

/** A story rendered once for all its recipients: the writer's name (the From name), the mail, the List-Id. */
interface Story {
  name: string;
  mail: ReturnType<typeof renderStoryMail>;
  listId: string;
}

/** The address part of MAIL_FROM ('Inkwell <no-reply@example.com>' or a bare address). */
export function fromAddress(mailFrom: string): string {
  return /<([^<>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

/**
 * Mails each new story to its writer's confirmed subscribers (issue 29). The publishing transaction
 * owes it (`queue`: a newsletter_sends row); the newsletter-send job, on the one process holding its
 * lease, lists the recipients (a delivery row each, with its Message-ID), then sends the due ones: one
 * SMTP transaction per recipient, `concurrency` at a time through the pooled transport, which keeps to
 * MAIL_RATE_PER_SECOND. Each delivery is claimed before it goes and marked the moment the SMTP server
 * answered: a 4xx or a network error is retried with backoff, a 5xx suppresses the address. A process
 * killed mid-send leaves its claimed rows pending; they go after their claim lapses, so nobody is
 * skipped, and only a mail the server accepted in the instant before the kill can go twice (with the
 * same Message-ID, which receiving systems take as one message).
 */
export class NewsletterSender {
  private stopped = false;
  private readonly links: ReturnType<typeof newsletterLinks>;
  private readonly from: string;
  private readonly domain: string;

  private readonly db: Kysely<DB>;
  private readonly transport: MailTransport;
  private readonly tokens: NewsletterTokens;
  private readonly options: SenderOptions;
  private readonly log: Logger;

  constructor(deps: { db: Kysely<DB>; transport: MailTransport; tokens: NewsletterTokens; options: SenderOptions; log: Logger }) {
    this.db = deps.db;
    this.transport = deps.transport;
    this.tokens = deps.tokens;
    this.options = deps.options;
    this.log = deps.log;
    this.links = newsletterLinks(deps.options.publicUrl);
    this.from = fromAddress(deps.options.mailFrom);
    this.domain = new URL(deps.options.publicUrl).hostname;
  }

  /** In the publishing transaction: the story is owed to the writer's subscribers. */
  queue(trx: Kysely<DB>, postId: number, writerId: number): Promise<void> {
    return sends.queueSend(trx, postId, writerId, nowIso());
  }

  stop(): void {
    this.stopped = true;
  }

  /** One round: list what was queued, send what is due until nothing is, close the sends that are done. */
  async runOnce(): Promise<SendRound> {
    const round: SendRound = { listed: 0, sent: 0, retried: 0, failed: 0, bounced: 0, skipped: 0, finished: 0 };
    for (const send of await sends.queuedSends(this.db, 20)) {
      const prefix = `inkwell.${send.post_id}.${randomBytes(6).toString('hex')}`;
      const listed = await this.db
        .transaction()
        .execute((trx) => sends.listRecipients(trx, { postId: send.post_id, writerId: send.writer_id }, { prefix, domain: this.domain }, nowIso()));
      if (listed !== null) this.log.info({ postId: send.post_id, recipients: listed }, 'newsletter send started');
      round.listed += listed ?? 0;
    }
    const stories = new Map<number, Story | null>();
    const sign = await this.tokens.signer();
    const tag = await this.tokens.tagger();
    // A delivery that failed for now waits for the next round, however short its backoff.
    const retried: number[] = [];
    while (!this.stopped) {
      const now = Date.now();
      const due = await sends.dueDeliveries(this.db, new Date(now).toISOString(), this.options.batchSize, retried);
      if (due.length === 0) break;
      const claimed = new Set(
        (
          await claim(
            this.db,
            'newsletter_deliveries',
            due.map((d) => d.id),
            lease(this.options.claimMs, now),
          )
        ).map((row) => row.id),
      );
      const mine = due.filter((d) => claimed.has(d.id));
      if (mine.length === 0) break; // another process has them
      for (const postId of new Set(mine.map((d) => d.post_id))) {
        if (!stories.has(postId)) stories.set(postId, await this.story(postId));
      }
      let accepted = 0;
      await eachAtMost(this.options.connections, mine, async (delivery) => {
        if (this.stopped) return; // its claim lapses; the next round sends it
        const outcome = await this.deliver(delivery, stories.get(delivery.post_id) ?? null, sign, tag);
        round[outcome] += 1;
        if (outcome === 'retried') retried.push(delivery.id);
        else accepted += 1;
      });
      if (accepted === 0) break; // the SMTP server takes nothing now (down, or busy): the next round tries again
    }
    round.finished = await sends.finishSends(this.db, nowIso());
    return round;
  }

  /** The story's mail for everyone, or null when the story or its writer is gone. */
  private async story(postId: number): Promise<Story | null> {
    const row = await sends.storyForMail(this.db, postId);
    if (!row || row.writer_deactivated_at !== null) return null;
    const name = writerName({ name: row.writer_name, username: row.writer_username });
    return {
      name,
      mail: renderStoryMail(
        { postId, title: row.title, subTitle: row.sub_title, description: row.description, image: row.image, topic: row.topic, writer: { id: row.writer_id, name } },
        { publicUrl: this.options.publicUrl, storagePublicUrl: this.options.storagePublicUrl },
        `You get this mail because you subscribed to ${name} on Inkwell.`,
      ),
      // RFC 2919: a phrase (the writer's name without the characters a phrase may not hold), then the
      // list's own id. Not quoted: a quoted value would be MIME-encoded whole, which readers of List-Id do not undo.
      listId: `${
        name
          .replace(/[()<>[\]:;@\\,."\r\n]+/g, ' ')
          .replace(/\s+/g, ' ')
          .trim() || 'Inkwell'
      } <writer-${row.writer_id}.newsletter.${this.domain}>`,
    };
  }

  private async deliver(
    delivery: Due,
    story: Story | null,
    sign: (subscriberId: number, postId?: number) => string,
    tag: (target: AddressTarget) => string,
  ): Promise<'sent' | 'retried' | 'failed' | 'bounced' | 'skipped'> {
    if (!story || delivery.subscriber_status !== 'confirmed') {
      // Unsubscribed (or the story deleted, its writer gone) since it was listed: nothing goes.
      await sends.dropDelivery(this.db, delivery.id);
      return 'skipped';
    }
    const unsubscribe = this.links.unsubscribe(sign(delivery.subscriber_id, delivery.post_id));
    const mail: StoryMail = story.mail.forSubscriber(unsubscribe);
    const { bounceAddress, unsubscribeAddress } = this.options;
    const tagged = (address: TaggedAddress, target: AddressTarget) => `${address.local}+${tag(target)}@${address.domain}`;
    const mailto = unsubscribeAddress
      ? `, <mailto:${tagged(unsubscribeAddress, { kind: 'unsubscribe', subscriberId: delivery.subscriber_id, postId: delivery.post_id })}?subject=unsubscribe>`
      : '';
    try {
      await this.transport.send({
        from: { name: story.name, address: this.from },
        to: delivery.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: delivery.message_id,
        ...(bounceAddress ? { returnPath: tagged(bounceAddress, { kind: 'bounce', deliveryId: delivery.id }) } : {}),
        headers: {
          'List-Unsubscribe': `<${unsubscribe}>${mailto}`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'List-Id': story.listId,
          Precedence: 'bulk',
          'Auto-Submitted': 'auto-generated',
        },
      });
    } catch (err) {
      const error = String((err as Error)?.message ?? err);
      if (isPermanentFailure(err)) {
        await sends.markBounced(this.db, delivery.id, error, nowIso());
        this.log.warn({ deliveryId: delivery.id, err: error }, 'newsletter mail refused for good: the address is suppressed');
        return 'bounced';
      }
      const attempts = delivery.attempts + 1;
      const giveUp = attempts >= this.options.maxAttempts;
      const wait = backoffMs(attempts, this.options.baseBackoffMs, this.options.maxBackoffMs);
      await sends.markRetry(this.db, delivery.id, { attempts, error, next: new Date(Date.now() + wait).toISOString(), giveUp });
      this.log.warn({ deliveryId: delivery.id, attempts, giveUp, err: error }, 'newsletter mail not sent');
      return giveUp ? 'failed' : 'retried';
    }
    await sends.markDelivered(this.db, delivery.id, nowIso());
    return 'sent';
  }
}
