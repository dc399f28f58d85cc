import { type Kysely, sql } from 'kysely';
import type { CasesTable, DB, ReportsTable, WritingHidden } from '../db/schema.ts';

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

/** Says why a case was opened by holding its thing for review (ADR 0099). */
export async function markHeld(db: Kysely<DB>, caseId: number, reason: string): Promise<void> {
  await db.updateTable('cases').set({ held_for: reason }).where('id', '=', caseId).execute();
}

/** The reporter's open report of the thing, if they made one. */
export function openReportBy(db: Kysely<DB>, reporterId: number, kind: ReportKind, id: number) {
  return db
    .selectFrom('reports')
    .select(['id', 'created_at'])
    .where('reporter_id', '=', reporterId)
    .where('target_kind', '=', kind)
    .where('target_id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

/** A report in its case; undefined when the reporter has an open one of the thing already (a race lost). */
export async function insertReport(
  db: Kysely<DB>,
  report: Pick<ReportsTable, 'case_id' | 'reporter_id' | 'target_kind' | 'target_id' | 'category' | 'created_at'> & { note: string; reporter_server?: string; ap_id?: string },
) {
  return db
    .insertInto('reports')
    .values(report)
    .onConflict((oc) => oc.columns(['reporter_id', 'target_kind', 'target_id']).where('status', '=', sql.lit('open')).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Whether a report with this Flag id came before (a second delivery of it). */
export async function hasFlag(db: Kysely<DB>, apId: string): Promise<boolean> {
  return (await db.selectFrom('reports').select('id').where('ap_id', '=', apId).executeTakeFirst()) !== undefined;
}

/** The thing a report is about, with its author's name, to show the reporter; undefined when it is gone. */
export interface TargetRow {
  kind: ReportKind;
  id: number;
  /** A story's title, a comment's or reply's text, an account's name. */
  text: string | null;
  /** For a comment or reply, its story; for a story, itself; null for an account. */
  post_id: number | null;
  author_id: number;
  author_name: string | null;
  author_handle: string | null;
  /** A comment's or reply's: why it is out of others' sight (held, hidden by the moderators), or null. */
  hidden?: WritingHidden | null;
}

/** The things of one kind, by id, as the reporter sees them (deactivated accounts are gone). */
export async function targetsOf(db: Kysely<DB>, kind: ReportKind, ids: readonly number[]): Promise<TargetRow[]> {
  if (ids.length === 0) return [];
  if (kind === 'account') {
    const rows = await db.selectFrom('users').select(['id', 'name', 'handle']).where('id', 'in', ids).where('deactivated_at', 'is', null).execute();
    return rows.map((u) => ({ kind, id: u.id, text: u.name, post_id: null, author_id: u.id, author_name: u.name, author_handle: u.handle }));
  }
  if (kind === 'post') {
    const rows = await db
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.title as text', 'p.user_id as author_id', 'u.name as author_name', 'u.handle as author_handle'])
      .where('p.id', 'in', ids)
      .execute();
    return rows.map((r) => ({ ...r, kind, post_id: r.id }));
  }
  const said = (table: 'comments' | 'replies') =>
    db
      .selectFrom(`${table} as c` as 'comments as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.body as text', 'c.post_id', 'c.user_id as author_id', 'u.name as author_name', 'u.handle as author_handle', 'c.hidden'])
      .where('c.id', 'in', ids)
      .execute();
  return (await said(kind === 'comment' ? 'comments' : 'replies')).map((r) => ({ ...r, kind }));
}

/** One page of the reporter's reports, newest first (below `before`), with where each one's case stands. */
export function reportsOf(db: Kysely<DB>, reporterId: number, before: number | undefined, limit: number) {
  return db
    .selectFrom('reports as r')
    .innerJoin('cases as c', 'c.id', 'r.case_id')
    .leftJoin('server_rules as sr', 'sr.id', 'c.rule_id')
    .select([
      'r.id',
      'r.target_kind as kind',
      'r.target_id',
      'r.category',
      'r.note',
      'r.created_at',
      'c.status',
      'c.resolved_at',
      'c.decision',
      'c.decision_note',
      'sr.title as rule',
    ])
    .where('r.reporter_id', '=', reporterId)
    .$if(before !== undefined, (q) => q.where('r.id', '<', before!))
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}
