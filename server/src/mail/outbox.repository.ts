import type { Kysely, Transaction } from 'kysely';
import { freeIn } from '../db/claims.ts';
import type { DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string> | null;
}

export async function insertMail(db: Db, mail: NewMail, now: string): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
      next_attempt_at: now,
      locked_until: null,
      last_error: null,
      created_at: now,
      sent_at: null,
    })
    .execute();
}

export function findDueMail(db: Db, now: string, limit: number) {
  return db.selectFrom('mail_outbox').selectAll().where('next_attempt_at', '<=', now).where(freeIn('mail_outbox', now)).orderBy('id').limit(limit).execute();
}

export async function markSent(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({ status: 'sent', sent_at: now, locked_until: null, last_error: null, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function markFailedAttempt(db: Db, id: number, values: { attempts: number; error: string; nextAttemptAt: string; giveUp: boolean }): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      attempts: values.attempts,
      last_error: values.error.slice(0, 1000),
      next_attempt_at: values.nextAttemptAt,
      locked_until: null,
      status: values.giveUp ? 'failed' : 'pending',
    })
    .where('id', '=', id)
    .execute();
}

/** Mails waiting to be sent (pending, including those being retried): the outbox's depth. */
export async function countPendingMail(db: Db): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
