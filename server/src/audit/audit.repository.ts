import type { Kysely, Selectable } from 'kysely';
import type { AuditLogTable, DB } from '../db/schema.ts';

/** The SQL of the audit log (migration 0060, ADR 0091): rows are added, read and never changed. */

/** A row as it is written (its id is the database's). */
export type AuditRow = Omit<Selectable<AuditLogTable>, 'id'>;

export async function insertAudit(db: Kysely<DB>, row: AuditRow): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  /** Rows older than this id (the page before). */
  before?: number;
  limit: number;
  actorId?: number;
  actions?: readonly string[];
  targetKind?: string;
  /** ISO times, inclusive from, exclusive to. */
  from?: string;
  to?: string;
}

/** A page of the log, newest first. */
export function auditPage(db: Kysely<DB>, filter: AuditFilter) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .$if(filter.before !== undefined, (q) => q.where('id', '<', filter.before!))
    .$if(filter.actorId !== undefined, (q) => q.where('actor_id', '=', filter.actorId!))
    .$if((filter.actions?.length ?? 0) > 0, (q) => q.where('action', 'in', filter.actions!))
    .$if(filter.targetKind !== undefined, (q) => q.where('target_kind', '=', filter.targetKind!))
    .$if(filter.from !== undefined, (q) => q.where('created_at', '>=', filter.from!))
    .$if(filter.to !== undefined, (q) => q.where('created_at', '<', filter.to!))
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .execute();
}
