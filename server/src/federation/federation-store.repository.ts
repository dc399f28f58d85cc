import { type Kysely, sql } from 'kysely';
import { isFree } from '../db/claims.ts';
import { isPostgres } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

/**
 * The SQL of Fedify's key–value store and message queue on our database (migration 0028, ADR 0066).
 * Keys and values arrive encoded (JSON text); times are ISO-8601 UTC text, compared as text.
 */

/** The NOTIFY channel on which an enqueue wakes the listeners of every app server (PostgreSQL). */
export const QUEUE_CHANNEL = 'inkwell_federation_queue';

/** The value of `key` while it has not expired, as stored (JSON text); undefined otherwise. */
export async function kvGet(db: Kysely<DB>, key: string, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('federation_kv')
    .select('value')
    .where('key', '=', key)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return row?.value;
}

/** Writes `key` (or overwrites it, expiry included) in one statement. */
export async function kvSet(db: Kysely<DB>, key: string, value: string, expiresAt: string | null): Promise<void> {
  await db
    .insertInto('federation_kv')
    .values({ key, value, expires_at: expiresAt })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, expires_at: expiresAt }))
    .execute();
}

export async function kvDelete(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('federation_kv').where('key', '=', key).execute();
}

/**
 * Compare-and-swap in one transaction: reads `key` (its row locked on PostgreSQL; SQLite's BEGIN
 * IMMEDIATE holds the write lock), and when `matches` its live value (undefined: absent or expired)
 * writes `next` (undefined: deletes). true when it wrote; false when the value did not match, or when
 * another writer created the key between the read and the insert.
 */
export async function kvSwap(
  db: Kysely<DB>,
  key: string,
  now: string,
  matches: (current: string | undefined) => boolean,
  next: { value: string; expiresAt: string | null } | undefined,
): Promise<boolean> {
  const postgres = isPostgres(db);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('federation_kv')
      .select(['value', 'expires_at'])
      .where('key', '=', key)
      .$if(postgres, (q) => q.forUpdate())
      .executeTakeFirst();
    const live = row && (row.expires_at === null || row.expires_at > now) ? row.value : undefined;
    if (!matches(live)) return false;
    if (next === undefined) {
      if (row) await trx.deleteFrom('federation_kv').where('key', '=', key).execute();
      return true;
    }
    if (row) {
      await trx.updateTable('federation_kv').set({ value: next.value, expires_at: next.expiresAt }).where('key', '=', key).execute();
      return true;
    }
    const inserted = await trx
      .insertInto('federation_kv')
      .values({ key, value: next.value, expires_at: next.expiresAt })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  });
}

/**
 * One page of live entries in key order after `after`: all of them, or those whose key is `exact` or
 * begins with `startsWith` (an encoded prefix up to and with the comma after its last element, so a
 * prefix ['a','b'] never takes ['a','bc']). Compared with substr, exactly and case-sensitively on both
 * databases (LIKE ignores ASCII case on SQLite).
 */
export function kvListPage(db: Kysely<DB>, now: string, limit: number, prefix?: { exact: string; startsWith: string }, after?: string) {
  return db
    .selectFrom('federation_kv')
    .select(['key', 'value'])
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .$if(prefix !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('key', '=', prefix!.exact),
          eb(eb.fn<string>('substr', ['key', sql.lit(1), eb.fn('length', [eb.cast(eb.val(prefix!.startsWith), 'text')])]), '=', prefix!.startsWith),
        ]),
      ),
    )
    .$if(after !== undefined, (q) => q.where('key', '>', after!))
    .orderBy('key')
    .limit(limit)
    .execute();
}

/** Deletes the entries that expired by `now`. */
export async function kvSweep(db: Kysely<DB>, now: string): Promise<void> {
  await db.deleteFrom('federation_kv').where('expires_at', '<=', now).execute();
}

/** Adds messages (encoded) due at `deliverAt`, all or none. */
export async function insertMessages(db: Kysely<DB>, payloads: readonly string[], deliverAt: string, orderingKey: string | null, now: string): Promise<void> {
  const rows = payloads.map((payload) => ({ payload, deliver_at: deliverAt, ordering_key: orderingKey, created_at: now }));
  const insert = async (d: Kysely<DB>) => {
    for (let i = 0; i < rows.length; i += 500)
      await d
        .insertInto('federation_messages')
        .values(rows.slice(i, i + 500))
        .execute();
  };
  if (rows.length <= 500) await insert(db);
  else await db.transaction().execute(insert);
}

/** PostgreSQL: wakes every listening app server (delivered at once: no transaction here). */
export async function notifyQueue(db: Kysely<DB>): Promise<void> {
  await sql`select pg_notify(${QUEUE_CHANNEL}, '')`.execute(db);
}

/**
 * Claims up to `limit` due messages for `holder` until `until`, in one statement, and returns them.
 * A message is due at deliver_at and free when unclaimed or its claim lapsed (its listener died).
 * Of one ordering key only one message is taken at a time: the one whose claim lapsed, else, while
 * none of the key is claimed, the oldest due one; the partial unique index of migration 0028 refuses
 * a second claimed row of a key (a unique violation: the caller tries again later) should two
 * PostgreSQL listeners race. PostgreSQL: the candidates are locked FOR UPDATE SKIP LOCKED, so
 * concurrent claims pass each other by; SQLite: the statement runs under the write lock.
 */
export function claimMessages(db: Kysely<DB>, holder: string, now: string, until: string, limit: number) {
  const candidates = db
    .selectFrom('federation_messages as m')
    .select('m.id')
    .where('m.deliver_at', '<=', now)
    .where((eb) =>
      eb.or([
        eb.and([eb('m.ordering_key', 'is', null), isFree('m.claimed_until', now)]),
        eb.and([eb('m.ordering_key', 'is not', null), eb('m.claimed_by', 'is not', null), eb('m.claimed_until', '<=', now)]),
        eb.and([
          eb('m.ordering_key', 'is not', null),
          eb('m.claimed_by', 'is', null),
          eb.not(
            eb.exists(
              eb
                .selectFrom('federation_messages as o')
                .select('o.id')
                .whereRef('o.ordering_key', '=', 'm.ordering_key')
                .where((oe) => oe.or([oe('o.claimed_by', 'is not', null), oe.and([oe('o.deliver_at', '<=', now), oe('o.id', '<', oe.ref('m.id'))])])),
            ),
          ),
        ]),
      ]),
    )
    .orderBy('m.deliver_at')
    .orderBy('m.id')
    .limit(limit)
    .$if(isPostgres(db), (q) => q.forUpdate().skipLocked());
  return db
    .updateTable('federation_messages')
    .set({ claimed_by: holder, claimed_until: until })
    .where('id', 'in', candidates)
    .returning(['id', 'payload', 'ordering_key'])
    .execute();
}

/** A message handled (or given up): gone, unless its claim passed to another holder meanwhile. */
export async function deleteMessage(db: Kysely<DB>, id: number, holder: string): Promise<void> {
  await db.deleteFrom('federation_messages').where('id', '=', id).where('claimed_by', '=', holder).execute();
}

/** Messages claimed but not handled (the listener stopped): free again at once. */
export async function releaseMessages(db: Kysely<DB>, ids: readonly number[], holder: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('federation_messages').set({ claimed_by: null, claimed_until: null }).where('id', 'in', ids).where('claimed_by', '=', holder).execute();
}

/** Messages waiting (not under a live claim): all of them, and those due by `now`. */
export async function queueDepth(db: Kysely<DB>, now: string): Promise<{ queued: number; ready: number }> {
  const row = await db
    .selectFrom('federation_messages')
    .select((eb) => [eb.fn.countAll<number>().as('queued'), eb.fn.count<number>(eb.case().when('deliver_at', '<=', now).then(1).end()).as('ready')])
    .where(isFree('claimed_until', now))
    .executeTakeFirstOrThrow();
  return { queued: Number(row.queued), ready: Number(row.ready) };
}
