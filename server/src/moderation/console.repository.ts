import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

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

/** Per reporter: how many reports they made, and how many of those ended with something done (a decision other than none; an open case's NULL counts as not). */
export async function reporterTallies(db: Kysely<DB>, reporterIds: readonly number[]): Promise<Map<number, { reports: number; upheld: number }>> {
  if (reporterIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('reports as r')
    .innerJoin('cases as c', 'c.id', 'r.case_id')
    .select((eb) => [
      'r.reporter_id',
      eb.fn.countAll<number | string>().as('reports'),
      eb.fn.sum<number | string | null>(eb.case().when('c.decision', '!=', 'none').then(1).else(0).end()).as('upheld'),
    ])
    .where('r.reporter_id', 'in', reporterIds)
    .groupBy('r.reporter_id')
    .execute();
  return new Map(rows.map((r) => [r.reporter_id!, { reports: Number(r.reports), upheld: Number(r.upheld ?? 0) }]));
}

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
