import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Env, bad, readPositiveInt } from './config-readers.ts';

const MINUTE = 60_000;

/** How a writer's stories go out to their subscribers (newsletters/newsletter-sender.ts). */
export interface NewsletterSendingConfig {
  /** MAIL_RATE_PER_SECOND: story mails a second at most, over every pooled connection (10 000 subscribers at 10/s take under 17 minutes). */
  ratePerSecond: number;
  /** MAIL_POOL_CONNECTIONS: SMTP connections kept open for story mails. */
  connections: number;
  /** How often the sender looks for stories to send (the one process holding its lease). */
  pollMs: number;
  /** NEWSLETTER_CLAIM_SECONDS: how long a claimed delivery stays with the process sending it; after a crash it goes again after this. */
  claimMs: number;
  /** Deliveries claimed at a time. */
  batchSize: number;
  /** A 4xx or a network error is retried this many times in all, backing off from baseBackoffMs to maxBackoffMs. */
  maxAttempts: number;
  baseBackoffMs: number;
  maxBackoffMs: number;
}

export function readNewsletterSending(env: Env): NewsletterSendingConfig {
  const ratePerSecond = readPositiveInt(env, 'MAIL_RATE_PER_SECOND', 10);
  return {
    ratePerSecond,
    connections: readPositiveInt(env, 'MAIL_POOL_CONNECTIONS', 3),
    pollMs: 5000,
    claimMs: readPositiveInt(env, 'NEWSLETTER_CLAIM_SECONDS', 120) * 1000,
    // A claim holds what the rate sends in well under the claim's time.
    batchSize: Math.max(1, Math.min(200, ratePerSecond * 30)),
    maxAttempts: 8,
    baseBackoffMs: MINUTE,
    maxBackoffMs: 6 * 60 * MINUTE,
  };
}

/** DKIM signing of every mail sent over SMTP (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY): all three or none. */
export interface DkimConfig {
  domainName: string;
  keySelector: string;
  /** PEM. */
  privateKey: string;
}

/**
 * DKIM_PRIVATE_KEY is the PEM itself (its line breaks may be written `\n`, as an environment often
 * needs) or the path of a file holding it.
 */
export function readDkim(env: Env, cwd: string): DkimConfig | undefined {
  const domainName = env.DKIM_DOMAIN?.trim() || undefined;
  const keySelector = env.DKIM_SELECTOR?.trim() || undefined;
  const key = env.DKIM_PRIVATE_KEY?.trim() || undefined;
  if (!domainName && !keySelector && !key) return undefined;
  if (!domainName || !keySelector || !key) bad('DKIM_DOMAIN', domainName ?? '', 'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY together (or none of them)');
  if (!/^[a-z0-9.-]{1,253}$/i.test(domainName)) bad('DKIM_DOMAIN', domainName, 'a domain name such as example.com');
  if (!/^[a-z0-9._-]{1,63}$/i.test(keySelector)) bad('DKIM_SELECTOR', keySelector, 'a selector such as mail2026');
  let pem = key.replace(/\\n/g, '\n');
  if (!pem.startsWith('-----BEGIN')) {
    try {
      pem = fs.readFileSync(path.resolve(cwd, key), 'utf8');
    } catch {
      bad('DKIM_PRIVATE_KEY', '(hidden)', 'a PEM private key, or the path of a file holding one');
    }
  }
  try {
    createPrivateKey(pem);
  } catch {
    bad('DKIM_PRIVATE_KEY', '(hidden)', 'a PEM private key (RSA or Ed25519) that can be read');
  }
  return { domainName: domainName.toLowerCase(), keySelector, privateKey: pem };
}

/** An address of ours whose local part takes a `+tag` (MAIL_BOUNCE_ADDRESS, MAIL_UNSUBSCRIBE_MAILTO). */
export interface TaggedAddress {
  /** The local part before the `+`, lower case. */
  local: string;
  domain: string;
}

/**
 * Where mail comes back to Inkwell (newsletters/inbound-mail.ts): the return path of every story mail
 * (`<local>+b<delivery>-<mac>@domain`, VERP), the List-Unsubscribe mailto (`<local>+u…@domain`), and the
 * SMTP port that takes the mail sent to either (the operator's MX hands it on). The tag takes 45
 * characters at most, so the local part keeps to 18 for the whole to fit the 64 SMTP allows.
 */
export interface InboundMailConfig {
  /** MAIL_BOUNCE_ADDRESS: unset, bounces go to MAIL_FROM's address and only an SMTP server's immediate 5xx suppresses. */
  bounce: TaggedAddress | undefined;
  /** MAIL_UNSUBSCRIBE_MAILTO: unset, List-Unsubscribe holds the https link only. */
  unsubscribe: TaggedAddress | undefined;
  /** MAIL_INBOUND_PORT: the SMTP port that takes them (0: none on this server). */
  port: number;
  /** MAIL_INBOUND_HOST: the interface it listens on. */
  host: string;
  /** MAIL_INBOUND_MAX_BYTES: a larger message is refused (552). */
  maxBytes: number;
  /** RATE_LIMIT_INBOUND_MAIL: messages a minute one client address may hand over. */
  perClientPerMinute: number;
}

function readTaggedAddress(env: Env, name: string): TaggedAddress | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const m = /^([a-z0-9._-]{1,18})@([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/i.exec(raw);
  if (!m) bad(name, raw, 'an address such as bounces@mail.example.com (a local part of up to 18 letters, digits, dots, dashes or underscores, without +)');
  return { local: m[1]!.toLowerCase(), domain: m[2]!.toLowerCase() };
}

export function readInboundMail(env: Env, appHost: string): InboundMailConfig {
  const bounce = readTaggedAddress(env, 'MAIL_BOUNCE_ADDRESS');
  const unsubscribe = readTaggedAddress(env, 'MAIL_UNSUBSCRIBE_MAILTO');
  if (bounce && unsubscribe && bounce.local === unsubscribe.local && bounce.domain === unsubscribe.domain) {
    bad('MAIL_UNSUBSCRIBE_MAILTO', env.MAIL_UNSUBSCRIBE_MAILTO ?? '', 'another address than MAIL_BOUNCE_ADDRESS');
  }
  const rawPort = env.MAIL_INBOUND_PORT?.trim() ?? '';
  if (rawPort !== '' && (!/^\d+$/.test(rawPort) || Number(rawPort) > 65535)) bad('MAIL_INBOUND_PORT', rawPort, 'a port from 1 to 65535 (0 or unset: none)');
  return {
    bounce,
    unsubscribe,
    port: Number(rawPort || 0),
    host: env.MAIL_INBOUND_HOST?.trim() || appHost,
    maxBytes: readPositiveInt(env, 'MAIL_INBOUND_MAX_BYTES', 2 * 1024 * 1024),
    perClientPerMinute: readPositiveInt(env, 'RATE_LIMIT_INBOUND_MAIL', 60),
  };
}
