import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from './schema.ts';

/**
 * The one claim, lease and backoff of work owed after a commit (ADR 0089). What a write causes is
 * written down in its transaction as a row of a table of owed work (ADR 0084): a mail, a newsletter's
 * delivery, a story's fan-out to followers, a change owed to the fediverse. Any process takes a row by
 * claiming it until a time (its lease); one statement claims, so two processes never hold one row; a
 * process that dies leaves its claim to lapse, and the row is free again for the next (the kill -9
 * suites prove nothing is lost or done twice). A row that failed waits longer after each attempt.
 * Fedify's own queue (federation_messages) keeps its holder-and-ordering claim behind Fedify's
 * interface (federation-store.repository.ts) and asks the same `isFree`.
 */

/** The tables of owed work, each with its key and the column holding until when a process has a row. */
const OWED = {
  mail_outbox: { key: 'id', until: 'locked_until', pending: true },
  newsletter_deliveries: { key: 'id', until: 'locked_until', pending: true },
  post_fanouts: { key: 'post_id', until: 'claimed_until', pending: false },
  federation_deliveries: { key: 'id', until: 'claimed_until', pending: false },
} as const satisfies Record<string, { key: string; until: string; pending: boolean }>;

export type OwedTable = keyof typeof OWED & keyof DB;

/** A claim's window: now, and until when it holds (ISO-8601 UTC, compared as text). */
export interface Lease {
  now: string;
  until: string;
}

/** A lease of `ms` from `at`. */
export function lease(ms: number, at = Date.now()): Lease {
  return { now: new Date(at).toISOString(), until: new Date(at + ms).toISOString() };
}

/** A row nobody holds at `now`: never claimed, let go, or its claim lapsed (its process died or is stuck). */
export function isFree(column: string, now: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(column)} is null or ${sql.ref(column)} <= ${now})`;
}

/** The rows of `table` nobody holds at `now` (and, for a table with a status, still pending), as a condition. */
export function freeIn(table: OwedTable, now: string, alias: string = table): Expression<SqlBool> {
  const { until, pending } = OWED[table];
  const free = isFree(`${alias}.${until}`, now);
  return pending ? sql<SqlBool>`(${sql.ref(`${alias}.status`)} = 'pending' and ${free})` : free;
}

/**
 * Claims for this process, in one statement, those of the rows `keys` (or of the keys a query
 * selects) that are free, until the lease's end; resolves to the rows it got, with `returning`'s
 * columns (the key when none are named; another process may hold the others).
 */
export async function claim<R extends Record<string, unknown> = Record<string, number>>(
  db: Kysely<DB>,
  table: OwedTable,
  keys: readonly number[] | Expression<Record<string, number>>,
  held: Lease,
  returning: readonly string[] = [],
): Promise<R[]> {
  if (Array.isArray(keys) && keys.length === 0) return [];
  const { key, until } = OWED[table];
  const which = Array.isArray(keys) ? sql`(${sql.join(keys)})` : sql`(${keys})`;
  const columns = sql.join((returning.length > 0 ? returning : [key]).map((c) => sql.ref(c)));
  const result = await sql<R>`update ${sql.table(table)} set ${sql.ref(until)} = ${held.until}
    where ${sql.ref(key)} in ${which} and ${freeIn(table, held.now)} returning ${columns}`.execute(db);
  return result.rows;
}

/** Claims the one row `key`; false when it is done, gone or another process holds it. */
export async function claimOne(db: Kysely<DB>, table: OwedTable, key: number, held: Lease): Promise<boolean> {
  return (await claim(db, table, [key], held)).length === 1;
}

/** Extends a claim this process still holds (its end is `held`) to `until`; false when another took it over or the row is gone. */
export async function renew(db: Kysely<DB>, table: OwedTable, key: number, held: string, until: string): Promise<boolean> {
  const c = OWED[table];
  const result = await sql`update ${sql.table(table)} set ${sql.ref(c.until)} = ${until} where ${sql.ref(c.key)} = ${key} and ${sql.ref(c.until)} = ${held}`.execute(db);
  return Number(result.numAffectedRows ?? 0) === 1;
}

/** Lets go of a claim this process holds (it is closing): the row is free at once for the next process. */
export async function release(db: Kysely<DB>, table: OwedTable, key: number, held: string): Promise<void> {
  const c = OWED[table];
  await sql`update ${sql.table(table)} set ${sql.ref(c.until)} = null where ${sql.ref(c.key)} = ${key} and ${sql.ref(c.until)} = ${held}`.execute(db);
}

/** Keeps a claimed row from everyone until `until` (it failed: it is tried again after). */
export async function deferTo(db: Kysely<DB>, table: OwedTable, key: number, until: string): Promise<void> {
  const c = OWED[table];
  await sql`update ${sql.table(table)} set ${sql.ref(c.until)} = ${until} where ${sql.ref(c.key)} = ${key}`.execute(db);
}

/** How long a row that failed `attempts` times waits before the next: base · 2^(attempts−1), at most `max`. */
export function backoffMs(attempts: number, base: number, max: number): number {
  return Math.min(base * 2 ** Math.max(attempts - 1, 0), max);
}
