import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { domainsAbove } from '../lib/domain-names.ts';

/** The SQL of the console's reads beyond the queue's (ADR 0105): a case's record, its reporters' standing, the account's past. */

/** How many cases wait for a decision. */
export async function openCaseCount(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('cases')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** What a case was decided with: the moderator's note and the rule named (its title then). */
export function caseRecord(db: Kysely<DB>, id: number) {
  return db.selectFrom('cases as c').leftJoin('server_rules as sr', 'sr.id', 'c.rule_id').select(['c.decision_note', 'sr.title as rule']).where('c.id', '=', id).executeTakeFirst();
}

/** How many reports one reporter made, and how many of those ended with something done (a decision other than none; an open case's NULL counts as not). */
export interface Tally {
  reports: number;
  upheld: number;
}

/** The tally of a reporter who reported nothing yet. */
export const NO_TALLY: Readonly<Tally> = { reports: 0, upheld: 0 };

/** The tallies of reporters by a column of `reports`: a member's id, or a server's host. */
async function talliesBy<K extends number | string>(db: Kysely<DB>, column: 'r.reporter_id' | 'r.reporter_server', keys: readonly K[]): Promise<Map<K, Tally>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('reports as r')
    .innerJoin('cases as c', 'c.id', 'r.case_id')
    .select((eb) => [
      eb.ref(column).as('key'),
      eb.fn.countAll<number | string>().as('reports'),
      eb.fn.sum<number | string | null>(eb.case().when('c.decision', '!=', 'none').then(1).else(0).end()).as('upheld'),
    ])
    .where(column, 'in', keys)
    .groupBy(column)
    .execute();
  return new Map(rows.map((r) => [r.key as K, { reports: Number(r.reports), upheld: Number(r.upheld ?? 0) }]));
}

/** Per member who reported: their tally. */
export const reporterTallies = (db: Kysely<DB>, reporterIds: readonly number[]) => talliesBy(db, 'r.reporter_id', reporterIds);

/** Per server elsewhere that sent reports (Flags): its tally. */
export const serverTallies = (db: Kysely<DB>, hosts: readonly string[]) => talliesBy(db, 'r.reporter_server', hosts);

/** The actions taken on an account, newest first. */
export function actionsOnAccount(db: Kysely<DB>, subjectId: number, limit: number) {
  return db
    .selectFrom('moderation_actions')
    .select(['id', 'kind', 'reason', 'starts_at', 'ends_at', 'lifted_at'])
    .where('subject_id', '=', subjectId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The other cases about an account, newest first. */
export function casesAboutAccount(db: Kysely<DB>, subjectId: number, exceptId: number, limit: number) {
  return db
    .selectFrom('cases')
    .select(['id', 'status', 'decision', 'opened_at', 'target_kind'])
    .where('subject_id', '=', subjectId)
    .where('id', '!=', exceptId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The server of an account elsewhere (its host, as the account's row keeps it); undefined for a member or an account gone. */
export async function hostOfAccount(db: Kysely<DB>, userId: number): Promise<string | undefined> {
  return (await db.selectFrom('users').select('domain').where('id', '=', userId).executeTakeFirst())?.domain ?? undefined;
}

/**
 * How this server stands with a server elsewhere (`host`, as its accounts' rows keep it): its block here
 * (of it or the nearest domain above it blocked), how many of its accounts this server knows, the cases
 * about them (open; decided with something done; decided with nothing), and its own reports' tally.
 */
export async function serverStanding(db: Kysely<DB>, host: string) {
  const above = domainsAbove(host);
  const [blocks, accounts, cases, tallies] = await Promise.all([
    above.length === 0 ? [] : db.selectFrom('federation_domain_blocks').select(['domain', 'severity', 'reject_media', 'reject_reports']).where('domain', 'in', above).execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('domain', '=', host)
      .executeTakeFirst(),
    db
      .selectFrom('cases as c')
      .innerJoin('users as u', 'u.id', 'c.subject_id')
      .select((eb) => [
        eb.fn.sum<number | string | null>(eb.case().when('c.status', '=', 'open').then(1).else(0).end()).as('open'),
        eb.fn.sum<number | string | null>(eb.case().when('c.decision', '!=', 'none').then(1).else(0).end()).as('acted'),
        eb.fn.sum<number | string | null>(eb.case().when('c.decision', '=', 'none').then(1).else(0).end()).as('dismissed'),
      ])
      .where('u.domain', '=', host)
      .executeTakeFirst(),
    serverTallies(db, [host]),
  ]);
  const block = blocks.sort((a, b) => b.domain.length - a.domain.length)[0];
  return {
    host,
    block: block ? { domain: block.domain, severity: block.severity, reject_media: block.reject_media === 1, reject_reports: block.reject_reports === 1 } : null,
    accounts: Number(accounts?.n ?? 0),
    cases: { open: Number(cases?.open ?? 0), acted: Number(cases?.acted ?? 0), dismissed: Number(cases?.dismissed ?? 0) },
    reports: tallies.get(host) ?? NO_TALLY,
  };
}

/** An account as the console shows it (a member or an account elsewhere); undefined when there is none. */
export function accountForStaff(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'handle', 'domain', 'url', 'created_at', 'deactivated_at', 'post_count', 'followers_count'])
    .where('id', '=', id)
    .executeTakeFirst();
}
