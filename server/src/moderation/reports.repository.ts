import { type Kysely, sql } from 'kysely';
import type { CasesTable, DB, ReportsTable } from '../db/schema.ts';

/** The SQL of reports and their cases (migration 0061, ADR 0092). */

export type ReportKind = CasesTable['target_kind'];

/** The account a reported thing belongs to (its author, or the account itself); undefined when it is not there. */
export async function ownerOf(db: Kysely<DB>, kind: ReportKind, id: number): Promise<number | undefined> {
  if (kind === 'account') {
    const row = await db.selectFrom('users').select('id').where('id', '=', id).where('deactivated_at', 'is', null).executeTakeFirst();
    return row?.id;
  }
  const table = kind === 'post' ? 'posts' : kind === 'comment' ? 'comments' : 'replies';
  const row = await db.selectFrom(table).select('user_id').where('id', '=', id).executeTakeFirst();
  return row?.user_id;
}

/** The open case of the thing, made when there is none; its id. (The conflict target names the partial index's predicate as a literal, as SQLite needs to match it.) */
export async function openCase(db: Kysely<DB>, kind: ReportKind, id: number, subjectId: number, now: string): Promise<number> {
  const open = () => db.selectFrom('cases').select('id').where('target_kind', '=', kind).where('target_id', '=', id).where('status', '=', 'open').executeTakeFirst();
  const found = await open();
  if (found) return found.id;
  const made = await db
    .insertInto('cases')
    .values({ target_kind: kind, target_id: id, subject_id: subjectId, opened_at: now })
    .onConflict((oc) => oc.columns(['target_kind', 'target_id']).where('status', '=', sql.lit('open')).doNothing())
    .returning('id')
    .executeTakeFirst();
  return made?.id ?? (await open())!.id;
}

/** The reporter's open report of the thing, if they made one. */
export function openReportBy(db: Kysely<DB>, reporterId: number, kind: ReportKind, id: number) {
  return db
    .selectFrom('reports')
    .select('id')
    .where('reporter_id', '=', reporterId)
    .where('target_kind', '=', kind)
    .where('target_id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

/** A report in its case; undefined when the reporter has an open one of the thing already (a race lost). */
export async function insertReport(
  db: Kysely<DB>,
  report: Pick<ReportsTable, 'case_id' | 'reporter_id' | 'target_kind' | 'target_id' | 'category' | 'created_at'> & { note: string },
) {
  return db
    .insertInto('reports')
    .values(report)
    .onConflict((oc) => oc.columns(['reporter_id', 'target_kind', 'target_id']).where('status', '=', sql.lit('open')).doNothing())
    .returning('id')
    .executeTakeFirst();
}
