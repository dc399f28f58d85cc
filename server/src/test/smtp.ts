import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a local port that keeps what it receives. stop() and start() simulate an
 * outage; refuse() makes it answer a recipient with a 4xx or 5xx, as a real one does.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | undefined;
  private readonly refusals = new Map<string, { code: number; times: number }>();
  port = 0;
  /**
   * Once this many mails were taken, the next ones are read but never answered (the client waits for
   * its 250 until it gives up or dies): a mail held so is not received, as SMTP has it.
   */
  stallAfter: number | undefined;
  /** Mails held unanswered so far. */
  stalled = 0;

  /** RCPT TO `address` is answered `code` (451: try later, 550: no such mailbox) the next `times` times. */
  refuse(address: string, code: number, times = Number.POSITIVE_INFINITY): void {
    this.refusals.set(address.toLowerCase(), { code, times });
  }

  async start(port = this.port): Promise<number> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        const rule = this.refusals.get(address.address.toLowerCase());
        if (!rule || rule.times <= 0) return callback();
        rule.times -= 1;
        const text = rule.code >= 500 ? 'No such mailbox here' : 'Mailbox busy, try again later';
        callback(Object.assign(new Error(text), { responseCode: rule.code }));
      },
      onData: (stream, session, callback) => {
        if (this.stallAfter !== undefined && this.received.length >= this.stallAfter) {
          stream.on('data', () => {});
          stream.on('end', () => (this.stalled += 1));
          return;
        }
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.server.address() as AddressInfo).port;
    return this.port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

/** The first http(s) link of a raw mail, with quoted-printable soft breaks undone. */
export function linkFromMail(raw: string): string | undefined {
  const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return /https?:\/\/[^\s"<>]+/.exec(unfolded)?.[0];
}
