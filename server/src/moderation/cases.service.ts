import type { Kysely } from 'kysely';
import type { CaseDecision, DB } from '../db/schema.ts';
import { casesPage, reportCounts, reportsOf } from './cases.repository.ts';
import { type ReportKind, targetsOf } from './reports.repository.ts';
import { described } from './reports.service.ts';

/**
 * The moderators' cases as they read them (ADR 0092): the queue, newest first, each with the account
 * it concerns and its reports counted by category; and one case with its reports and who made them.
 * The command line reads them now (`npm run admin -- cases:list`, `case:show`); the console's calls next.
 */

type Row = Awaited<ReturnType<typeof casesPage>>[number];

/** The account a case concerns, as staff see it: a member by name and address, an account elsewhere by its handle. */
const subjectOf = (row: Row) =>
  row.subject_id === null ? null : { id: row.subject_id, name: row.subject_name, address: row.subject_handle ?? row.subject_email, elsewhere: row.subject_domain !== null };

export interface CaseLine {
  id: number;
  status: 'open' | 'resolved';
  decision: CaseDecision | null;
  opened_at: string;
  resolved_at: string | null;
  /** When it was sent to the server of the account elsewhere it concerns; null: not forwarded. */
  forwarded_at: string | null;
  /** A case opened by holding its comment or reply for review (ADR 0099): why; null for one opened by reports. */
  held_for: string | null;
  target: { kind: string; id: number };
  subject: { id: number; name: string | null; address: string | null; elsewhere: boolean } | null;
  report_count: number;
  categories: Record<string, number>;
}

export function createCasesService(db: Kysely<DB>) {
  return {
    /** A page of the queue (open cases unless `status` says otherwise), newest first. */
    async list(filter: { status?: 'open' | 'resolved'; kind?: ReportKind; limit: number; before?: number }): Promise<CaseLine[]> {
      const rows = await casesPage(db, filter);
      const counts = await reportCounts(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((row) => {
        const categories: Record<string, number> = {};
        for (const c of counts) if (c.case_id === row.id) categories[c.category] = Number(c.n);
        return {
          id: row.id,
          status: row.status,
          decision: row.decision,
          opened_at: row.opened_at,
          resolved_at: row.resolved_at,
          forwarded_at: row.forwarded_at,
          held_for: row.held_for,
          target: { kind: row.target_kind, id: row.target_id },
          subject: subjectOf(row),
          report_count: Object.values(categories).reduce((a, b) => a + b, 0),
          categories,
        };
      });
    },

    /** One case with its reports, oldest first; undefined when there is no such case. */
    async show(id: number) {
      const [line] = await this.list({ limit: 1, before: id + 1 });
      if (!line || line.id !== id) return undefined;
      const reports = (await reportsOf(db, id)).map((r) => ({
        id: r.id,
        at: r.created_at,
        category: r.category,
        note: r.note,
        status: r.status,
        reporter: r.reporter_id === null ? null : { id: r.reporter_id, name: r.reporter_name, address: r.reporter_email },
        // A report from another server (a Flag): that server, and the Flag's id; it names no person.
        ...(r.reporter_server === null ? {} : { server: r.reporter_server, flag: r.ap_id }),
      }));
      // What it is about, as staff read it: where it is and who wrote it, and a comment's or reply's whole text.
      const [target] = await targetsOf(db, line.target.kind as ReportKind, [line.target.id]);
      const about = target ? { ...described(target), ...(target.kind === 'comment' || target.kind === 'reply' ? { text: target.text } : {}) } : null;
      return { ...line, about, reports };
    },
  };
}
