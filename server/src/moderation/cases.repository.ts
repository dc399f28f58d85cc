import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { CaseDecision } from '../db/schema/staff.ts';
import type { ReportKind } from './reports.repository.ts';

/** The SQL of the moderators' cases as they read them (migration 0061, ADR 0092). */

/** A page of cases, newest first, with the account each concerns. */
export function casesPage(db: Kysely<DB>, filter: { status?: 'open' | 'resolved'; kind?: ReportKind; limit: number; before?: number }) {
  return db
    .selectFrom('cases as c')
    .leftJoin('users as u', 'u.id', 'c.subject_id')
    .select([
      'c.id',
      'c.target_kind',
      'c.target_id',
      'c.status',
      'c.decision',
      'c.opened_at',
      'c.resolved_at',
      'c.forwarded_at',
      'c.held_for',
      'c.subject_id',
      'u.name as subject_name',
      'u.email as subject_email',
      'u.handle as subject_handle',
      'u.domain as subject_domain',
    ])
    .$if(filter.status !== undefined, (q) => q.where('c.status', '=', filter.status!))
    .$if(filter.kind !== undefined, (q) => q.where('c.target_kind', '=', filter.kind!))
    .$if(filter.before !== undefined, (q) => q.where('c.id', '<', filter.before!))
    .orderBy('c.id', 'desc')
    .limit(filter.limit)
    .execute();
}

/** How many reports of each category the cases hold. */
export function reportCounts(db: Kysely<DB>, caseIds: readonly number[]) {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('reports')
    .select((eb) => ['case_id', 'category', eb.fn.countAll<number | string>().as('n')])
    .where('case_id', 'in', caseIds)
    .groupBy(['case_id', 'category'])
    .execute();
}

/** A case's reports, oldest first, with their reporters (staff see who reported; nobody else does). */
export function reportsOf(db: Kysely<DB>, caseId: number) {
  return db
    .selectFrom('reports as r')
    .leftJoin('users as u', 'u.id', 'r.reporter_id')
    .select(['r.id', 'r.created_at', 'r.category', 'r.note', 'r.status', 'r.reporter_id', 'r.reporter_server', 'r.ap_id', 'u.name as reporter_name', 'u.email as reporter_email'])
    .where('r.case_id', '=', caseId)
    .orderBy('r.id')
    .execute();
}

/** A case as its decision needs it; undefined when there is no such case. */
export function caseById(db: Kysely<DB>, id: number) {
  return db.selectFrom('cases').select(['id', 'status', 'target_kind', 'target_id', 'subject_id']).where('id', '=', id).executeTakeFirst();
}

/** The account each case concerns (null: none any more), for the cases there are. */
export async function subjectsOfCases(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, number | null>> {
  const found = new Map<number, number | null>();
  for (let at = 0; at < ids.length; at += 1000) {
    const rows = await db
      .selectFrom('cases')
      .select(['id', 'subject_id'])
      .where('id', 'in', ids.slice(at, at + 1000))
      .execute();
    for (const row of rows) found.set(row.id, row.subject_id);
  }
  return found;
}

/** Marks an open case decided; false when it was not open (decided meanwhile). */
export async function decideCase(
  db: Kysely<DB>,
  id: number,
  decision: { decision: CaseDecision; note: string; by: number | null; now: string; ruleId?: number | null },
): Promise<boolean> {
  const done = await db
    .updateTable('cases')
    .set({ status: 'resolved', resolved_at: decision.now, decision: decision.decision, decision_note: decision.note, decided_by: decision.by, rule_id: decision.ruleId ?? null })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Closes the case's open reports (their readers may report the thing again); each one's id and reporter. */
export function closeReports(db: Kysely<DB>, caseId: number) {
  return db.updateTable('reports').set({ status: 'closed' }).where('case_id', '=', caseId).where('status', '=', 'open').returning(['id', 'reporter_id']).execute();
}

/** Marks the case forwarded with the moderator's words, once: false when it was forwarded before. */
export async function markForwarded(db: Kysely<DB>, id: number, note: string, now: string): Promise<boolean> {
  const done = await db
    .updateTable('cases')
    .set({ forwarded_at: now, forward_note: note })
    .where('id', '=', id)
    .where('forwarded_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return done !== undefined;
}
