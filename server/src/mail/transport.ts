import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  /** An address, or a display name with one (nodemailer quotes and encodes the name). */
  from: string | { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  headers?: Record<string, string> | null;
  /** `<…@…>`; nodemailer makes one when absent. */
  messageId?: string;
  /** The SMTP envelope's return path (MAIL FROM), where bounces go; the From address when absent. */
  returnPath?: string;
}

/**
 * Whether a failed send may succeed later: an SMTP 5xx for the message or its recipient is permanent
 * (RFC 5321 §4.2.1); a 4xx, a refused connection, a timeout or a dropped one is temporary.
 */
export function isPermanentFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** nodemailer's own options for one mail. */
function mailOptions(mail: OutgoingMail) {
  const { returnPath, ...rest } = mail;
  return {
    ...rest,
    html: mail.html ?? undefined,
    headers: mail.headers ?? undefined,
    ...(returnPath ? { envelope: { from: returnPath, to: mail.to } } : {}),
  };
}

/** DKIM signing (config DKIM_*): the signing domain, the selector of its DNS key, the PEM private key. */
export interface DkimOptions {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** A pool of SMTP connections for bulk mail: at most `connections` open, at most `ratePerSecond` messages a second over all of them. */
export interface PoolOptions {
  connections: number;
  ratePerSecond: number;
}

/** Where mail leaves the app. Throws when the message was not accepted. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close?(): void;
}

/**
 * SMTP through nodemailer (SMTP_URL). A send gives up well within the outbox's claim on the mail
 * (60 s): a server that stops answering must not hold it past that, or another app process could
 * claim the mail again and send it a second time.
 */
export function smtpTransport(smtpUrl: string, pool?: PoolOptions, dkim?: DkimOptions): MailTransport {
  // nodemailer's DKIM signs From, Subject, Date, Message-ID, To, the MIME headers and the List-* ones,
  // List-Unsubscribe-Post included (RFC 8058 asks for both to be signed).
  const common = { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, ...(dkim ? { dkim } : {}) };
  const transporter = pool
    ? nodemailer.createTransport({ ...common, pool: true, maxConnections: pool.connections, maxMessages: 100, rateDelta: 1000, rateLimit: pool.ratePerSecond })
    : nodemailer.createTransport(common);
  return {
    async send(mail) {
      await transporter.sendMail(mailOptions(mail));
    },
    close: () => transporter.close(),
  };
}

/**
 * No SMTP_URL: each mail becomes an .eml file in DATA_DIR/mail and its links are logged, so a local
 * install can still verify an address.
 */
export function fileTransport(dir: string, log: (message: string) => void): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await builder.sendMail(mailOptions(mail));
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      const file = path.join(dir, name);
      await fs.writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log(`mail to ${mail.to} written to ${file}${links.length ? `; links: ${links.join(' ')}` : ''}`);
    },
  };
}
