import {
  MY_REPORTS_PAGE_SIZE,
  type MyReportsResponse,
  REPORTED_ALREADY,
  REPORT_GONE,
  REPORT_OWN,
  REPORT_RECEIVED,
  type ReportCategory,
  type ReportResponse,
  type ReportTarget,
  type ReportTargetResponse,
  htmlToPlainText,
  paths,
} from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { Acting } from '../access/policy.ts';
import type { ServerReport } from '../deps.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { conflict, notFound, validationError } from '../lib/errors.ts';
import { idCursor } from '../lib/id-cursor.ts';
import { subjectOf } from './actions.repository.ts';
import { type ReportKind, type TargetRow, hasFlag, insertReport, openCase, openReportBy, ownerOf, reportsOf, targetsOf } from './reports.repository.ts';

export interface NewReport {
  kind: ReportKind;
  targetId: number;
  category: ReportCategory;
  note?: string | undefined;
}

const LABEL_MAX = 140;

/** What the reporter is shown of the thing: a title, the first words of a comment, a name; never more. */
export function described(row: TargetRow): Omit<ReportTarget, 'own'> {
  const author = row.author_name?.trim() || (row.author_handle ? `@${row.author_handle}` : 'Anonymous');
  const text = htmlToPlainText(row.text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const label = row.kind === 'account' ? author : text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX - 1).trimEnd()}…` : text || 'Untitled';
  const href = row.kind === 'account' ? paths.viewProfile.getHref(row.id) : `${paths.viewPost.getHref(row.post_id!)}${row.kind === 'post' ? '' : `#${row.kind}-${row.id}`}`;
  return { kind: row.kind, id: row.id, label, author, href };
}

/** What a reader is shown of a thing, and whether it is their own (no form for that). */
const shownTo = (row: TargetRow, reader: number): ReportTarget => ({ ...described(row), own: row.author_id === reader });

/**
 * A reader's reports (ADR 0092): a story, a comment, a reply or an account, for members and accounts
 * elsewhere alike (one graph). Reports of one thing gather in its one open case, which the moderators
 * decide on; a reader has one open report per thing. The reporter is named to nobody: the answer
 * holds their report's number only.
 */
export function createReportsService(db: Kysely<DB>) {
  return {
    /** POST /report: 201 with the receipt; 404 when the thing is gone, 422 for one's own, 409 when reported already. */
    async report(reporter: Acting, report: NewReport): Promise<ReportResponse> {
      return db.transaction().execute(async (trx) => {
        const owner = await ownerOf(trx, report.kind, report.targetId);
        if (owner === undefined) throw notFound(REPORT_GONE);
        if (owner === reporter) throw validationError({ target_id: [REPORT_OWN] });
        if (await openReportBy(trx, reporter, report.kind, report.targetId)) throw conflict(REPORTED_ALREADY);
        const now = nowIso();
        const caseId = await openCase(trx, report.kind, report.targetId, owner, now);
        const made = await insertReport(trx, {
          case_id: caseId,
          reporter_id: reporter,
          target_kind: report.kind,
          target_id: report.targetId,
          category: report.category,
          note: report.note ?? '',
          created_at: now,
        });
        if (!made) throw conflict(REPORTED_ALREADY);
        return { message: REPORT_RECEIVED, report_id: made.id };
      });
    },

    /**
     * A report from another server (a Flag, ADR 0095: federation/flags.ts): into the case of the thing,
     * attributed to the server, when it is a member's or a member's own; 'again' for a Flag that came
     * before, 'gone' when there is no such thing of a member's.
     */
    async reportFromServer(report: ServerReport): Promise<'made' | 'again' | 'gone'> {
      return db.transaction().execute(async (trx) => {
        if (await hasFlag(trx, report.apId)) return 'again';
        const owner = await ownerOf(trx, report.kind, report.targetId);
        if (owner === undefined || (await subjectOf(trx, owner))?.domain !== null) return 'gone';
        const now = nowIso();
        const caseId = await openCase(trx, report.kind, report.targetId, owner, now);
        await insertReport(trx, {
          case_id: caseId,
          reporter_id: null,
          reporter_server: report.server,
          ap_id: report.apId,
          target_kind: report.kind,
          target_id: report.targetId,
          category: report.category,
          note: report.note,
          created_at: now,
        });
        return 'made';
      });
    },

    /** What the report form is about (POST /report/target), and the reader's open report of it: 404 when it is gone. */
    async target(reader: Acting, kind: ReportKind, targetId: number): Promise<ReportTargetResponse> {
      const [row] = await targetsOf(db, kind, [targetId]);
      if (!row) throw notFound(REPORT_GONE);
      return { target: shownTo(row, reader), reported: (await openReportBy(db, reader, kind, targetId)) ?? null };
    },

    /** The reporter's own reports, newest first, with where each case stands and what it is about (null: gone since). */
    async mine(reporter: Acting, cursor: string | undefined): Promise<MyReportsResponse> {
      const rows = await reportsOf(db, reporter, idCursor(cursor), MY_REPORTS_PAGE_SIZE + 1);
      const page = rows.slice(0, MY_REPORTS_PAGE_SIZE);
      const found = new Map<string, ReportTarget>();
      for (const kind of new Set(page.map((r) => r.kind))) {
        for (const row of await targetsOf(db, kind, [...new Set(page.filter((r) => r.kind === kind).map((r) => r.target_id))]))
          found.set(`${kind} ${row.id}`, shownTo(row, reporter));
      }
      return {
        data: page.map((r) => ({ ...r, target: found.get(`${r.kind} ${r.target_id}`) ?? null })),
        next_cursor: rows.length > MY_REPORTS_PAGE_SIZE ? String(page.at(-1)!.id) : null,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
