import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { DomainEventBus } from '../events/domain-events.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { MailTransport } from '../mail/transport.ts';
import { inboundMail } from './inbound-mail.ts';
import { createMemberSubscriptions } from './member-subscriptions.ts';
import { NewsletterSender } from './newsletter-sender.ts';
import { newsletterTokens } from './newsletter-tokens.ts';
import { createNewsletters } from './newsletters.service.ts';
import { createImport } from './subscribers-import.ts';

/**
 * The newsletter's services on one key (app_keys 'newsletter'): subscribing and the writer's list
 * (mails through the outbox), and the sender of stories (through `transport`, its own pooled SMTP
 * connections), which stops starting mails when the app closes; and, with MAIL_INBOUND_PORT, the SMTP
 * port where bounces and mailed unsubscribes come back (inbound-mail.ts).
 */
export function newsletterParts(app: FastifyInstance, deps: { db: Kysely<DB>; config: Config; outbox: MailOutbox; transport: MailTransport; events: DomainEventBus }) {
  const { db, config } = deps;
  const tokens = newsletterTokens(db);
  const newsletterSender = new NewsletterSender({
    db,
    transport: deps.transport,
    tokens,
    options: {
      ...config.newsletter,
      publicUrl: config.publicUrl,
      storagePublicUrl: config.storage.publicUrl,
      mailFrom: config.mailFrom,
      bounceAddress: config.inboundMail.bounce,
      unsubscribeAddress: config.inboundMail.unsubscribe,
    },
    log: app.log,
  });
  app.decorate('newsletterSender', newsletterSender);
  // A story published with "Publish and email" is owed to its writer's subscribers (the sender's job mails it).
  deps.events.on('story.published', { owe: async (trx, story) => (story.email ? newsletterSender.queue(trx, story.postId, story.writerId) : undefined) });
  app.addHook('preClose', () => newsletterSender.stop());
  const newsletters = createNewsletters({
    db,
    outbox: deps.outbox,
    tokens,
    publicUrl: config.publicUrl,
    confirmationsPerAddress: config.newsletterConfirmationsPerAddress,
    log: app.log,
  });
  // Where bounces and mailed unsubscribes come back, when this server takes them.
  if (config.inboundMail.port > 0) {
    const inbound = inboundMail({ config: config.inboundMail, serverName: new URL(config.publicUrl).hostname, tokens, newsletters, log: app.log });
    app.addHook('onReady', async () => void (await inbound.listen()));
    app.addHook('onClose', () => inbound.close());
  }
  const importSubscribers = createImport({
    db,
    outbox: deps.outbox,
    publicUrl: config.publicUrl,
    limits: config.newsletterImport,
    confirmationsPerAddress: config.newsletterConfirmationsPerAddress,
  });
  const memberSubscriptions = createMemberSubscriptions({ db, newsletters });
  return { newsletters, newsletterSender, importSubscribers, memberSubscriptions };
}
