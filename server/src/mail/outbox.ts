import type { Kysely, Transaction } from 'kysely';
import { backoffMs, claimOne, lease } from '../db/claims.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { type NewMail, findDueMail, insertMail, markFailedAttempt, markSent } from './outbox.repository.ts';
import type { MailTransport } from './transport.ts';

export interface OutboxOptions {
  from: string;
  maxAttempts: number;
  baseBackoffMs: number;
  maxBackoffMs: number;
  /** How long a claimed row stays with this worker before another may take it. */
  lockMs?: number;
}

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Mail goes through a table: enqueue() writes it in the caller's transaction, so a registration and
 * its mail commit together; the worker sends due rows, and on failure backs off exponentially
 * (base · 2^(attempts−1), capped) until maxAttempts. Nothing is lost while the SMTP server is down.
 */
export class MailOutbox {
  private running: Promise<void> | undefined;
  private stopped = false;

  private readonly db: Kysely<DB>;
  private readonly transport: MailTransport;
  private readonly options: OutboxOptions;
  private readonly log: Logger;

  constructor(db: Kysely<DB>, transport: MailTransport, options: OutboxOptions, log: Logger) {
    this.db = db;
    this.transport = transport;
    this.options = options;
    this.log = log;
  }

  enqueue(db: Kysely<DB> | Transaction<DB>, mail: NewMail): Promise<void> {
    return insertMail(db, mail, nowIso());
  }

  /** Sends what is due soon, without waiting for the next poll. */
  kick(): void {
    if (this.stopped) return;
    void this.drain().catch((err: unknown) => this.log.error({ err }, 'mail outbox drain failed'));
  }

  /** Sends every due row once; concurrent callers share the same run. */
  drain(): Promise<void> {
    this.running ??= this.sendDue().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => {});
    this.transport.close?.();
  }

  private backoffMs(attempts: number): number {
    return backoffMs(attempts, this.options.baseBackoffMs, this.options.maxBackoffMs);
  }

  private async sendDue(): Promise<void> {
    const lockMs = this.options.lockMs ?? 60_000;
    for (;;) {
      const due = await findDueMail(this.db, nowIso(), 20);
      if (due.length === 0) return;
      for (const row of due) {
        if (this.stopped) return;
        if (!(await claimOne(this.db, 'mail_outbox', row.id, lease(lockMs)))) continue;
        try {
          await this.transport.send({
            from: this.options.from,
            to: row.to_address,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body,
            headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : null,
          });
          await markSent(this.db, row.id, nowIso());
        } catch (err) {
          const attempts = row.attempts + 1;
          const giveUp = attempts >= this.options.maxAttempts;
          const nextAttemptAt = new Date(Date.now() + this.backoffMs(attempts)).toISOString();
          await markFailedAttempt(this.db, row.id, { attempts, error: String((err as Error)?.message ?? err), nextAttemptAt, giveUp });
          this.log.warn({ mailId: row.id, attempts, giveUp, err: (err as Error)?.message }, 'mail not sent');
        }
      }
      // Rows that failed now are not due again yet, so the loop ends once the due ones are handled.
    }
  }
}
