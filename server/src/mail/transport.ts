import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  headers?: Record<string, string> | null;
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
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    async send(mail) {
      await transporter.sendMail({ ...mail, html: mail.html ?? undefined, headers: mail.headers ?? undefined });
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
      const info = await builder.sendMail({ ...mail, html: mail.html ?? undefined, headers: mail.headers ?? undefined });
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      const file = path.join(dir, name);
      await fs.writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log(`mail to ${mail.to} written to ${file}${links.length ? `; links: ${links.join(' ')}` : ''}`);
    },
  };
}
