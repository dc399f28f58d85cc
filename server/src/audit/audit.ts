import type { Kysely } from 'kysely';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { type AuditFilter, auditPage, insertAudit } from './audit.repository.ts';

/**
 * The audit log (ADR 0091): what staff did, or the operator at the command line, written by the
 * service that did it in the transaction that did it, so the act and its row commit together or not
 * at all. Append-only (the database refuses an UPDATE or DELETE of it).
 */

/**
 * Who acted: a member of staff, the operator at the command line (who answers to nobody here), or the
 * clock (an action's end come: the job runner lifts it).
 */
export type AuditActor = { id: number; name: string } | 'command line' | 'the clock';

/** The member of staff who acted, or null (the command line, the clock). */
export const staffId = (actor: AuditActor): number | null => (typeof actor === 'string' ? null : actor.id);

export interface AuditEntry {
  actor: AuditActor;
  /** What was done, as `<thing>.<verb>`: 'role.grant', 'domain.block'. */
  action: string;
  target: { kind: string; id?: number | null; label: string };
  /** What it was and what it is now (any JSON). */
  before?: unknown;
  after?: unknown;
  caseId?: number | null;
}

/** Writes the entry; call it in the transaction of the act it records. */
export async function audit(trx: Kysely<DB>, entry: AuditEntry): Promise<void> {
  const actor = typeof entry.actor === 'string' ? { id: null, name: entry.actor } : entry.actor;
  const summary = entry.before === undefined && entry.after === undefined ? null : JSON.stringify({ before: entry.before ?? null, after: entry.after ?? null });
  await insertAudit(trx, {
    actor_id: actor.id,
    actor_name: actor.name,
    action: entry.action,
    target_kind: entry.target.kind,
    target_id: entry.target.id ?? null,
    target_label: entry.target.label,
    summary,
    case_id: entry.caseId ?? null,
    created_at: nowIso(),
  });
}

/** One line of the log as it is read out (the command line's JSON lines, the console's list). */
export interface AuditLine {
  id: number;
  at: string;
  actor: { id: number | null; name: string };
  action: string;
  target: { kind: string; id: number | null; label: string };
  before: unknown;
  after: unknown;
  case_id: number | null;
}

/** A page of the log, newest first. */
export async function readAudit(db: Kysely<DB>, filter: AuditFilter): Promise<AuditLine[]> {
  const rows = await auditPage(db, filter);
  return rows.map((row) => {
    const summary = row.summary ? (JSON.parse(row.summary) as { before: unknown; after: unknown }) : { before: null, after: null };
    return {
      id: row.id,
      at: row.created_at,
      actor: { id: row.actor_id, name: row.actor_name },
      action: row.action,
      target: { kind: row.target_kind, id: row.target_id, label: row.target_label },
      before: summary.before,
      after: summary.after,
      case_id: row.case_id,
    };
  });
}
