import { type Kysely, type Transaction, sql } from 'kysely';
import { freeIn } from '../db/claims.ts';
import type { DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * A story is owed to its writer's subscribers: in the publishing transaction, and only when the writer
 * has a confirmed subscriber (a story of a writer without a list leaves no row). Twice is once.
 */
export async function queueSend(db: Db, postId: number, writerId: number, now: string): Promise<void> {
  await db
    .insertInto('newsletter_sends')
    .columns(['post_id', 'writer_id', 'status', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('users as w')
        .select([sql.lit(postId).as('post_id'), 'w.id', sql.lit('queued').as('status'), eb.val(now).as('created_at')])
        .where('w.id', '=', writerId)
        .where((w) => w.exists(w.selectFrom('newsletter_subscribers as s').select('s.id').where('s.writer_id', '=', writerId).where('s.status', '=', 'confirmed'))),
    )
    .onConflict((oc) => oc.column('post_id').doNothing())
    .execute();
}

/** Stories owed whose recipients are not listed yet, oldest first. */
export function queuedSends(db: Db, limit: number) {
  return db.selectFrom('newsletter_sends').select(['post_id', 'writer_id']).where('status', '=', 'queued').orderBy('created_at').limit(limit).execute();
}

/**
 * Lists a story's recipients (every confirmed subscriber of its writer now, each once: a delivery row
 * with its own Message-ID) and marks the send under way; one transaction, so a process that dies here
 * leaves it queued and the next lists it whole. `idPrefix`/`idDomain` make each Message-ID
 * `<prefix.subscriber@domain>`. Resolves to how many were listed, or null when another process did it.
 */
export async function listRecipients(
  trx: Transaction<DB>,
  send: { postId: number; writerId: number },
  ids: { prefix: string; domain: string },
  now: string,
): Promise<number | null> {
  const taken = await trx
    .updateTable('newsletter_sends')
    .set({ status: 'sending', started_at: now })
    .where('post_id', '=', send.postId)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return null;
  const messageId = sql<string>`${'<' + ids.prefix + '.'} || cast(s.id as text) || ${'@' + ids.domain + '>'}`;
  await trx
    .insertInto('newsletter_deliveries')
    .columns(['post_id', 'subscriber_id', 'status', 'next_attempt_at', 'message_id'])
    .expression((eb) =>
      eb
        .selectFrom('newsletter_subscribers as s')
        .select([sql.lit(send.postId).as('post_id'), 's.id', sql.lit('pending').as('status'), eb.val(now).as('next_attempt_at'), messageId.as('message_id')])
        .where('s.writer_id', '=', send.writerId)
        .where('s.status', '=', 'confirmed'),
    )
    .onConflict((oc) => oc.columns(['post_id', 'subscriber_id']).doNothing())
    .execute();
  const counted = await trx
    .selectFrom('newsletter_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('post_id', '=', send.postId)
    .executeTakeFirstOrThrow();
  const recipients = Number(counted.n);
  await trx.updateTable('newsletter_sends').set({ recipients }).where('post_id', '=', send.postId).execute();
  return recipients;
}

/** Deliveries due now and claimed by nobody (but those of `skip`), oldest first, with their subscriber's address and state. */
export function dueDeliveries(db: Db, now: string, limit: number, skip: number[] = []) {
  return db
    .selectFrom('newsletter_deliveries as d')
    .innerJoin('newsletter_subscribers as s', 's.id', 'd.subscriber_id')
    .select(['d.id', 'd.post_id', 'd.subscriber_id', 'd.attempts', 'd.message_id', 's.email', 's.status as subscriber_status'])
    .where('d.next_attempt_at', '<=', now)
    .where(freeIn('newsletter_deliveries', now, 'd'))
    .$if(skip.length > 0, (q) => q.where('d.id', 'not in', skip))
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

/** The SMTP server took it. */
export async function markDelivered(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable('newsletter_deliveries')
    .set((eb) => ({ status: 'sent', sent_at: now, locked_until: null, last_error: null, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** A 4xx or a network error: tried again at `next`, or 'failed' after the last attempt. */
export async function markRetry(db: Db, id: number, values: { attempts: number; error: string; next: string; giveUp: boolean }): Promise<void> {
  await db
    .updateTable('newsletter_deliveries')
    .set({ status: values.giveUp ? 'failed' : 'pending', attempts: values.attempts, last_error: values.error.slice(0, 1000), next_attempt_at: values.next, locked_until: null })
    .where('id', '=', id)
    .execute();
}

/**
 * A 5xx for the recipient (now, or a bounce that came back later): the delivery 'bounced' and the
 * address suppressed, so nothing more goes to it until it subscribes again.
 */
export async function markBounced(db: Db, id: number, error: string, now: string): Promise<void> {
  const row = await db
    .updateTable('newsletter_deliveries')
    .set((eb) => ({ status: 'bounced', last_error: error.slice(0, 1000), locked_until: null, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('subscriber_id')
    .executeTakeFirst();
  if (!row) return;
  await db.updateTable('newsletter_subscribers').set({ status: 'suppressed', ended_at: now }).where('id', '=', row.subscriber_id).where('status', '=', 'confirmed').execute();
}

/** A delivery's story and subscriber (a mail that came back names it). */
export function findDelivery(db: Db, id: number) {
  return db.selectFrom('newsletter_deliveries').select(['post_id', 'subscriber_id']).where('id', '=', id).executeTakeFirst();
}

/** The SMTP server took it, then gave up on it later with a temporary failure (a bounce that came back): failed, the address kept. */
export async function markFailedLater(db: Db, id: number, error: string): Promise<void> {
  await db
    .updateTable('newsletter_deliveries')
    .set({ status: 'failed', last_error: error.slice(0, 1000) })
    .where('id', '=', id)
    .where('status', '=', 'sent')
    .execute();
}

/** A delivery whose subscriber left the list after it was listed: nothing goes, and it is not counted. */
export async function dropDelivery(db: Db, id: number): Promise<void> {
  await db.deleteFrom('newsletter_deliveries').where('id', '=', id).where('status', '=', 'pending').execute();
}

/** Sends with no delivery left pending are done. Resolves to how many ended now. */
export async function finishSends(db: Db, now: string): Promise<number> {
  const result = await db
    .updateTable('newsletter_sends')
    .set({ status: 'sent', finished_at: now })
    .where('status', '=', 'sending')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('newsletter_deliveries as d').select('d.id').whereRef('d.post_id', '=', 'newsletter_sends.post_id').where('d.status', '=', 'pending'))),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A story as its mail shows it: its fields, its topic's name and its writer. Undefined when it is gone. */
export function storyForMail(db: Db, postId: number) {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.title',
      'p.sub_title',
      'p.description',
      'p.image',
      'c.name as topic',
      'u.id as writer_id',
      'u.name as writer_name',
      'u.username as writer_username',
      'u.deactivated_at as writer_deactivated_at',
    ])
    .where('p.id', '=', postId)
    .executeTakeFirst();
}

/** The unsubscribe link of one story's mail was used: counted for that story. */
export async function markUnsubscribedFrom(db: Db, postId: number, subscriberId: number, now: string): Promise<void> {
  await db
    .updateTable('newsletter_deliveries')
    .set({ unsubscribed_at: now })
    .where('post_id', '=', postId)
    .where('subscriber_id', '=', subscriberId)
    .where('unsubscribed_at', 'is', null)
    .execute();
}
