import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The SQL of the moderators' cases as they read them (migration 0061, ADR 0092). */

/** A page of cases, newest first, with the account each concerns. */
export function casesPage(db: Kysely<DB>, filter: { status?: 'open' | 'resolved'; limit: number; before?: number }) {
  return db
    .selectFrom('cases as c')
    .leftJoin('users as u', 'u.id', 'c.subject_id')
    .select([
      'c.id',
      'c.target_kind',
      'c.target_id',
      'c.status',
      'c.opened_at',
      'c.resolved_at',
      'c.subject_id',
      'u.name as subject_name',
      'u.email as subject_email',
      'u.handle as subject_handle',
    ])
    .$if(filter.status !== undefined, (q) => q.where('c.status', '=', filter.status!))
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
    .select(['r.id', 'r.created_at', 'r.category', 'r.note', 'r.status', 'r.reporter_id', 'u.name as reporter_name', 'u.email as reporter_email'])
    .where('r.case_id', '=', caseId)
    .orderBy('r.id')
    .execute();
}
