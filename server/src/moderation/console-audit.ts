import { AUDIT_EXPORT_MAX, AUDIT_PAGE_SIZE, type AuditFilterInput, type ModAuditResponse } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { readAudit } from '../audit/audit.ts';
import { type AuditFilter, auditActions, auditActors } from '../audit/audit.repository.ts';
import type { DB } from '../db/schema.ts';
import { csvDocument } from '../lib/csv.ts';
import { validationError } from '../lib/errors.ts';
import { idCursor } from '../lib/id-cursor.ts';

const DAY_MS = 86_400_000;

/** The console's filters as the log's query takes them: days become times (from inclusive, to through its end). */
function filterOf(input: AuditFilterInput): Omit<AuditFilter, 'limit' | 'before'> {
  if (input.from && input.to && input.from > input.to) throw validationError({ to: ['The last day must not be before the first.'] });
  return {
    ...(input.actor_id === undefined ? {} : { actorId: Number(input.actor_id) }),
    ...(input.action ? { actions: [input.action] } : {}),
    ...(input.target_kind ? { targetKind: input.target_kind } : {}),
    ...(input.server ? { server: input.server } : {}),
    ...(input.from ? { from: `${input.from}T00:00:00.000Z` } : {}),
    ...(input.to ? { to: new Date(Date.parse(`${input.to}T00:00:00.000Z`) + DAY_MS).toISOString() } : {}),
  };
}

const CSV_HEADER = ['id', 'at', 'actor_id', 'actor', 'action', 'target_kind', 'target_id', 'target', 'case_id', 'before', 'after'] as const;
const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/**
 * The audit log in the console (issue 47, ADR 0105), for staff who may read it: a page at a time with
 * what the filters offer, and the same rows as CSV (the newest AUDIT_EXPORT_MAX), each cell inert
 * for spreadsheets. Reading it writes nothing: the log is never changed by the app.
 */
export function createAuditView(db: Kysely<DB>) {
  return {
    async page(input: AuditFilterInput, cursor: string | undefined): Promise<ModAuditResponse> {
      const filter = filterOf(input);
      const rows = await readAudit(db, { ...filter, limit: AUDIT_PAGE_SIZE + 1, before: idCursor(cursor) });
      const entries = rows.slice(0, AUDIT_PAGE_SIZE);
      const actors = (await auditActors(db)).map((a) => ({ id: a.actor_id!, name: String(a.name ?? '') }));
      return {
        entries,
        next_cursor: rows.length > AUDIT_PAGE_SIZE ? String(entries.at(-1)!.id) : null,
        actions: await auditActions(db),
        actors,
      };
    },

    async csv(input: AuditFilterInput): Promise<string> {
      const rows = await readAudit(db, { ...filterOf(input), limit: AUDIT_EXPORT_MAX });
      return csvDocument(
        CSV_HEADER,
        rows.map((r) => [
          String(r.id),
          r.at,
          r.actor.id === null ? '' : String(r.actor.id),
          r.actor.name,
          r.action,
          r.target.kind,
          r.target.id === null ? '' : String(r.target.id),
          r.target.label,
          r.case_id === null ? '' : String(r.case_id),
          json(r.before),
          json(r.after),
        ]),
      );
    },
  };
}

export type AuditView = ReturnType<typeof createAuditView>;
