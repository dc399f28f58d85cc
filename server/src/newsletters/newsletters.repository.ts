import type { Kysely, Transaction } from 'kysely';
import type { DB, NewsletterSubscribersTable } from '../db/schema.ts';
import { type MemberAddress, isMember } from '../db/shared.repository.ts';

type Db = Kysely<DB> | Transaction<DB>;
type Source = NewsletterSubscribersTable['source'];

/** A writer who can have a newsletter: a member whose account is not deactivated. */
export function findWriter(db: Db, writerId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'username', 'email', 'newsletter_welcome'])
    .where('id', '=', writerId)
    .where('deactivated_at', 'is', null)
    .where(isMember())
    .$narrowType<MemberAddress>()
    .executeTakeFirst();
}

/** A member's own address, and whether it was verified. */
export function findMemberAddress(db: Db, memberId: number) {
  return db.selectFrom('users').select(['email', 'email_verified_at']).where('id', '=', memberId).where(isMember()).$narrowType<MemberAddress>().executeTakeFirst();
}

/** Confirmation mails sent to an address since `since`, for every writer. */
export async function countConfirmationsSince(db: Db, email: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('newsletter_subscribers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .where('confirm_sent_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A new row of a writer's list: pending with a confirmation token, or confirmed at once. */
function newRow(row: { writerId: number; email: string; status: 'pending' | 'confirmed'; source: Source; memberId: number | null; tokenHash: string | null; now: string }) {
  const pending = row.status === 'pending';
  return {
    writer_id: row.writerId,
    email: row.email,
    status: row.status,
    source: row.source,
    member_id: row.memberId,
    confirm_token_hash: row.tokenHash,
    confirm_sent_at: pending ? row.now : null,
    created_at: row.now,
    confirmed_at: pending ? null : row.now,
    ended_at: null,
  };
}

/**
 * Asks for a confirmation of `email` on `writerId`'s list: a new pending row, or an existing one that
 * is not confirmed and had no confirmation mail since `notBefore` made pending again with the new
 * token. One statement, so two requests at once cannot both send a mail. The row's id when a
 * confirmation mail is to go, else undefined.
 */
export async function askConfirmation(
  db: Db,
  row: { writerId: number; email: string; source: Source; tokenHash: string; now: string; notBefore: string },
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('newsletter_subscribers')
    .values(newRow({ ...row, status: 'pending', memberId: null }))
    .onConflict((oc) =>
      oc
        .columns(['writer_id', 'email'])
        .doUpdateSet({ status: 'pending', source: row.source, confirm_token_hash: row.tokenHash, confirm_sent_at: row.now, ended_at: null })
        .where('newsletter_subscribers.status', '<>', 'confirmed')
        .where((eb) => eb.or([eb('newsletter_subscribers.confirm_sent_at', 'is', null), eb('newsletter_subscribers.confirm_sent_at', '<=', row.notBefore)])),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/**
 * A member's own verified address on the list, confirmed at once. The row's id when it was not
 * confirmed before (a welcome mail is due), else undefined.
 */
export async function subscribeMember(db: Db, row: { writerId: number; email: string; memberId: number; source: Source; now: string }): Promise<number | undefined> {
  const changed = await db
    .insertInto('newsletter_subscribers')
    .values(newRow({ ...row, status: 'confirmed', tokenHash: null }))
    .onConflict((oc) =>
      oc
        .columns(['writer_id', 'email'])
        .doUpdateSet({ status: 'confirmed', member_id: row.memberId, confirmed_at: row.now, ended_at: null })
        .where('newsletter_subscribers.status', '<>', 'confirmed'),
    )
    .returning('id')
    .executeTakeFirst();
  return changed?.id;
}

/** A subscription with its writer, by the hash of its confirmation token or by its id. */
function withWriter(db: Db) {
  return db
    .selectFrom('newsletter_subscribers as s')
    .innerJoin('users as w', 'w.id', 's.writer_id')
    .select([
      's.id',
      's.writer_id',
      's.email',
      's.status',
      's.created_at',
      's.confirm_sent_at',
      'w.name as writer_name',
      'w.username as writer_username',
      'w.newsletter_welcome',
      'w.deactivated_at as writer_deactivated_at',
    ]);
}

export function findByConfirmHash(db: Db, tokenHash: string) {
  return withWriter(db).where('s.confirm_token_hash', '=', tokenHash).executeTakeFirst();
}

export function findSubscriber(db: Db, id: number) {
  return withWriter(db).where('s.id', '=', id).executeTakeFirst();
}

type Status = NewsletterSubscribersTable['status'];

/** Moves a subscription from one state to another; true when this call moved it (not another at the same time). */
async function move(db: Db, id: number, from: Status, to: Status, now: string): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscribers')
    .set(to === 'confirmed' ? { status: to, confirmed_at: now, ended_at: null } : { status: to, ended_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Pending → confirmed (the confirmation page's button). */
export const confirmSubscriber = (db: Db, id: number, now: string) => move(db, id, 'pending', 'confirmed', now);
/** Confirmed → unsubscribed (the unsubscribe page, a mail program's one-click). */
export const unsubscribeSubscriber = (db: Db, id: number, now: string) => move(db, id, 'confirmed', 'unsubscribed', now);
/** Confirmed → suppressed (the reader reported a story mail as spam): nothing more until they subscribe again. */
export const suppressSubscriber = (db: Db, id: number, now: string) => move(db, id, 'confirmed', 'suppressed', now);
/** Unsubscribed → confirmed again (the unsubscribe page's Undo). */
export const resubscribeSubscriber = (db: Db, id: number, now: string) => move(db, id, 'unsubscribed', 'confirmed', now);

/** A writer's list, newest first, a page of `limit` after `cursor` (an id). */
export function listSubscribers(db: Db, writerId: number, cursor: number | undefined, limit: number) {
  return db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'email', 'status', 'source', 'created_at', 'confirmed_at'])
    .where('writer_id', '=', writerId)
    .$if(cursor !== undefined, (q) => q.where('id', '<', cursor!))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** How many addresses of a writer's list are in each state. */
export function countSubscribers(db: Db, writerId: number) {
  return db
    .selectFrom('newsletter_subscribers')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('writer_id', '=', writerId)
    .groupBy('status')
    .execute();
}

/** Takes one address off a writer's list; false when it is not on it. */
export async function removeSubscriber(db: Db, writerId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('newsletter_subscribers').where('id', '=', id).where('writer_id', '=', writerId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Forgets the addresses that were never confirmed and whose last confirmation mail went before `before`. */
export async function forgetUnconfirmed(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('newsletter_subscribers').where('status', '=', 'pending').where('confirm_sent_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every address of a writer's list that confirmed once (not the unconfirmed), oldest first, with the member's name when it is one. */
export function exportableSubscribers(db: Db, writerId: number) {
  return db
    .selectFrom('newsletter_subscribers as s')
    .leftJoin('users as m', 'm.id', 's.member_id')
    .select(['s.email', 's.status', 's.source', 's.created_at', 's.confirmed_at', 'm.name'])
    .where('s.writer_id', '=', writerId)
    .where('s.status', '<>', 'pending')
    .orderBy('s.id')
    .execute();
}

/** The writer's welcome mail text. */
export async function welcomeOf(db: Db, writerId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('newsletter_welcome').where('id', '=', writerId).executeTakeFirst();
  return row?.newsletter_welcome ?? null;
}

export async function setWelcome(db: Db, writerId: number, text: string | null, now: string): Promise<void> {
  await db.updateTable('users').set({ newsletter_welcome: text, updated_at: now }).where('id', '=', writerId).execute();
}

/** The states of those of `emails` (lower case) already on the writer's list, by address. */
export async function statusesOf(db: Db, writerId: number, emails: readonly string[]): Promise<Map<string, Status>> {
  const found = new Map<string, Status>();
  for (let from = 0; from < emails.length; from += 500) {
    const rows = await db
      .selectFrom('newsletter_subscribers')
      .select(['email', 'status'])
      .where('writer_id', '=', writerId)
      .where('email', 'in', emails.slice(from, from + 500))
      .execute();
    for (const row of rows) found.set(row.email, row.status);
  }
  return found;
}

/** Those of `emails` that got `cap` confirmation mails or more since `since`, from every writer. */
export async function mailedTooOften(db: Db, emails: readonly string[], since: string, cap: number): Promise<Set<string>> {
  const found = new Set<string>();
  for (let from = 0; from < emails.length; from += 500) {
    const rows = await db
      .selectFrom('newsletter_subscribers')
      .select('email')
      .where('email', 'in', emails.slice(from, from + 500))
      .where('confirm_sent_at', '>', since)
      .groupBy('email')
      .having((eb) => eb.fn.countAll(), '>=', cap)
      .execute();
    for (const row of rows) found.add(row.email);
  }
  return found;
}

/** Confirmation mails the writer's imports sent since `since`. */
export async function countImportConfirmationsSince(db: Db, writerId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('newsletter_subscribers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('writer_id', '=', writerId)
    .where('source', '=', 'import')
    .where('confirm_sent_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Imported addresses onto the writer's list, 500 a statement: confirmed (the writer attested consent)
 * or pending with their own confirmation token. An address that is on the list by now is left as it
 * is. Resolves to the rows written, with their tokens' owners.
 */
export async function insertImported(
  db: Db,
  writerId: number,
  rows: ReadonlyArray<{ email: string; tokenHash: string | null }>,
  now: string,
): Promise<Array<{ id: number; email: string }>> {
  const written: Array<{ id: number; email: string }> = [];
  for (let from = 0; from < rows.length; from += 500) {
    const values = rows
      .slice(from, from + 500)
      .map((r) => newRow({ writerId, email: r.email, status: r.tokenHash ? 'pending' : 'confirmed', source: 'import', memberId: null, tokenHash: r.tokenHash, now }));
    written.push(
      ...(await db
        .insertInto('newsletter_subscribers')
        .values(values)
        .onConflict((oc) => oc.columns(['writer_id', 'email']).doNothing())
        .returning(['id', 'email'])
        .execute()),
    );
  }
  return written;
}
