import type { Kysely } from 'kysely';
import { nowIso } from '../db/database.ts';
import type { DB, NewsletterSubscribersTable } from '../db/schema.ts';

type Status = NewsletterSubscribersTable['status'];

/** Test helpers of the newsletter: a writer's list written straight into the database. */

/** One address on a writer's list, as a profile's subscribe box leaves it once `status` was reached. */
export function subscriberRow(writerId: number, email: string, status: Status = 'confirmed', now = nowIso()) {
  return {
    writer_id: writerId,
    email,
    status,
    source: 'profile' as const,
    member_id: null,
    confirm_token_hash: null,
    confirm_sent_at: now,
    created_at: now,
    confirmed_at: status === 'pending' ? null : now,
    ended_at: status === 'unsubscribed' || status === 'suppressed' ? now : null,
  };
}

/** Puts `emails` on the writer's list (500 rows a statement). */
export async function addSubscribers(db: Kysely<DB>, writerId: number, emails: readonly string[], status: Status = 'confirmed'): Promise<void> {
  const now = nowIso();
  for (let from = 0; from < emails.length; from += 500) {
    await db
      .insertInto('newsletter_subscribers')
      .values(emails.slice(from, from + 500).map((email) => subscriberRow(writerId, email, status, now)))
      .execute();
  }
}
