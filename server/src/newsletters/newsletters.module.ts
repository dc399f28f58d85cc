import { plural } from '@inkwell/contract';
import type { FastifyInstance } from 'fastify';
import type { AppModule } from '../deps.ts';
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
import { newsletterOneClickRoutes, newslettersPlugin } from './newsletters.plugin.ts';

/** How often unconfirmed newsletter addresses are looked for (they are forgotten 7 days after their last confirmation mail). */
const NEWSLETTER_CLEANUP_MS = 60 * 60 * 1000;

/**
 * The newsletter's services on one key (app_keys 'newsletter'): subscribing and the writer's list
 * (mails through the outbox), and the sender of stories (through `transport`, its own pooled SMTP
 * connections), which stops starting mails when the app closes; and, with MAIL_INBOUND_PORT, the SMTP
 * port where bounces and mailed unsubscribes come back (inbound-mail.ts).
 */
export function newslettersModule(app: FastifyInstance, deps: { db: Kysely<DB>; config: Config; outbox: MailOutbox; transport: MailTransport; events: DomainEventBus }): AppModule {
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
    minFillMs: config.spam.minFillMs,
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
  return {
    name: 'newsletters',
    api: (api) => api.register(newslettersPlugin, { newsletters, importSubscribers, memberSubscriptions }),
    routes: (root) => root.register(newsletterOneClickRoutes, { newsletters }),
    jobs: [
      {
        // One process of all the servers mails the stories (its lease), each delivery claimed before it goes.
        name: 'newsletter-send',
        everyMs: config.newsletter.pollMs,
        lease: true,
        atStart: true,
        run: async () => {
          const r = await newsletterSender.runOnce();
          const said = r.listed + r.sent + r.bounced + r.failed + r.finished > 0;
          return said
            ? {
                said: `Newsletter: ${r.listed} listed, ${r.sent} sent, ${r.retried} to retry, ${r.bounced} bounced, ${r.failed} failed, ${plural(r.finished, 'story', 'stories')} done`,
              }
            : {};
        },
      },
      {
        name: 'newsletter-unconfirmed',
        everyMs: NEWSLETTER_CLEANUP_MS,
        lease: true,
        run: async () => {
          const forgotten = await newsletters.forgetUnconfirmed();
          return forgotten > 0 ? { said: `Forgot ${plural(forgotten, 'unconfirmed newsletter address', 'unconfirmed newsletter addresses')}` } : {};
        },
      },
    ],
  };
}
