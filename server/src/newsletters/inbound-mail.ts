import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import type { InboundMailConfig, TaggedAddress } from '../config-newsletter.ts';
import { readMailReport } from './mail-report.ts';
import type { AddressTarget, NewsletterTokens } from './newsletter-tokens.ts';
import type { Newsletters } from './newsletters.service.ts';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** An SMTP reply: the code and its text, as smtp-server sends a callback's error. */
const reply = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

/** The tagged address `address` is one of ours: what its tag names, else null. */
async function targetOf(address: string, config: InboundMailConfig, tokens: NewsletterTokens): Promise<AddressTarget | null> {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).toLowerCase();
  const domain = address.slice(at + 1).toLowerCase();
  const plus = local.indexOf('+');
  if (at <= 0 || plus <= 0) return null;
  const target = await tokens.readTag(local.slice(plus + 1));
  if (!target) return null;
  const ours: TaggedAddress | undefined = target.kind === 'bounce' ? config.bounce : config.unsubscribe;
  return ours && ours.local === local.slice(0, plus) && ours.domain === domain ? target : null;
}

/**
 * The SMTP port where mail comes back (MAIL_INBOUND_PORT; the operator's MX hands on what is sent to
 * MAIL_BOUNCE_ADDRESS's and MAIL_UNSUBSCRIBE_MAILTO's `+tag` addresses). Hostile until checked: a
 * recipient is taken only when its tag is one this app signed (anything else is refused at RCPT TO,
 * so the port relays nothing and takes no other mail), a message is read only up to
 * MAIL_INBOUND_MAX_BYTES, one client address hands over RATE_LIMIT_INBOUND_MAIL messages a minute at
 * most, and nothing in a message but its report (which story mail it answers is the tag's to say)
 * decides anything. A mail to a bounce tag is read as a delivery report (mail-report.ts), one to an
 * unsubscribe tag unsubscribes whatever it says (RFC 2369). An error while acting answers 451, so the
 * sending server tries again later.
 */
export function inboundMail(deps: { config: InboundMailConfig; serverName: string; tokens: NewsletterTokens; newsletters: Newsletters; log: Logger }) {
  const { config, tokens, newsletters, log } = deps;
  const MAX_RECIPIENTS = 10;
  const windows = new Map<string, { start: number; count: number }>();
  // What each accepted recipient's tag named, read once at RCPT TO (smtp-server keeps that same object in the envelope).
  const targets = new WeakMap<SMTPServerAddress, AddressTarget>();

  /** One more message from `client` this minute: false past the limit. */
  function allowed(client: string): boolean {
    const now = Date.now();
    if (windows.size > 10_000) for (const [key, w] of windows) if (now - w.start >= 60_000) windows.delete(key);
    const window = windows.get(client);
    if (!window || now - window.start >= 60_000) {
      windows.set(client, { start: now, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= config.perClientPerMinute;
  }

  async function act(raw: Buffer, recipients: SMTPServerAddress[]): Promise<void> {
    const named = recipients.map((r) => targets.get(r)).filter((t) => t !== undefined);
    const report = named.some((t) => t.kind === 'bounce') ? await readMailReport(raw) : undefined;
    for (const target of named) {
      if (target.kind === 'unsubscribe') {
        await newsletters.unsubscribedByMail(target);
        log.info({ subscriberId: target.subscriberId, postId: target.postId }, 'newsletter unsubscribe by mail');
      } else {
        const done = await newsletters.mailReturned(target.deliveryId, report!);
        log.info({ deliveryId: target.deliveryId, report: report!.kind, done }, 'newsletter mail returned');
      }
    }
  }

  const server = new SMTPServer({
    name: deps.serverName,
    banner: 'Inkwell: bounces and unsubscribes only',
    logger: false,
    authOptional: true,
    disabledCommands: ['AUTH'],
    // The port sits behind the operator's MX, which took the mail over TLS if it was offered any.
    hideSTARTTLS: true,
    size: config.maxBytes,
    rejectOversized: true,
    maxClients: 50,
    socketTimeout: 60_000,
    closeTimeout: 5_000,
    onMailFrom(_address, session, callback) {
      if (!allowed(session.remoteAddress)) return callback(reply(451, '4.7.1 Too many messages from your address, try again later'));
      callback();
    },
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(reply(452, '4.5.3 Too many recipients'));
      targetOf(address.address, config, tokens).then(
        (target) => {
          if (target) targets.set(address, target);
          callback(target ? null : reply(550, '5.1.1 No such recipient here'));
        },
        () => callback(reply(451, '4.3.0 Try again later')),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(reply(552, '5.3.4 Message too big'));
        act(Buffer.concat(chunks), session.envelope.rcptTo).then(
          () => callback(null, 'Thank you'),
          (err: unknown) => {
            log.warn({ err: String((err as Error)?.message ?? err) }, 'inbound mail not handled: asked to try again');
            callback(reply(451, '4.3.0 Try again later'));
          },
        );
      });
    },
  });

  return {
    /** Listens on MAIL_INBOUND_PORT (0 in tests: a free port); resolves to the port. */
    listen(port = config.port): Promise<number> {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, config.host, () => {
          server.off('error', reject);
          server.on('error', (err: Error) => log.warn({ err: err.message }, 'inbound mail port error'));
          resolve((server.server.address() as AddressInfo).port);
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
