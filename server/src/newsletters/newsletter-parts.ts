import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { MailTransport } from '../mail/transport.ts';
import { NewsletterSender } from './newsletter-sender.ts';
import { newsletterTokens } from './newsletter-tokens.ts';
import { createNewsletters } from './newsletters.service.ts';

/**
 * The newsletter's services on one key (app_keys 'newsletter'): subscribing and the writer's list
 * (mails through the outbox), and the sender of stories (through `transport`, its own pooled SMTP
 * connections), which stops starting mails when the app closes.
 */
export function newsletterParts(app: FastifyInstance, deps: { db: Kysely<DB>; config: Config; outbox: MailOutbox; transport: MailTransport }) {
  const { db, config } = deps;
  const tokens = newsletterTokens(db);
  const newsletterSender = new NewsletterSender({
    db,
    transport: deps.transport,
    tokens,
    options: { ...config.newsletter, publicUrl: config.publicUrl, mailFrom: config.mailFrom },
    log: app.log,
  });
  app.decorate('newsletterSender', newsletterSender);
  app.addHook('preClose', () => newsletterSender.stop());
  const newsletters = createNewsletters({
    db,
    outbox: deps.outbox,
    tokens,
    publicUrl: config.publicUrl,
    confirmationsPerAddress: config.newsletterConfirmationsPerAddress,
    log: app.log,
  });
  return { newsletters, newsletterSender };
}
