import { REPORTED_ALREADY, REPORT_GONE, REPORT_OWN, REPORT_RECEIVED, type ReportCategory, type ReportResponse } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { Acting } from '../access/policy.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { conflict, notFound, validationError } from '../lib/errors.ts';
import { type ReportKind, insertReport, openCase, openReportBy, ownerOf } from './reports.repository.ts';

export interface NewReport {
  kind: ReportKind;
  targetId: number;
  category: ReportCategory;
  note?: string | undefined;
}

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
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
