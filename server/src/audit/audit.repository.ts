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
  /** A server elsewhere (a host name): what was done to it, or to its accounts (labelled `@name@host`, or an account of its subdomains by its row). */
  server?: string;
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
    .$if(filter.server !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('target_label', '=', filter.server!),
          eb('target_label', 'like', `%@${filter.server!}`),
          // An account of it, whatever its label says (a case names an account by its name).
          eb.and([
            eb('target_kind', '=', 'account'),
            eb(
              'target_id',
              'in',
              eb
                .selectFrom('users')
                .select('users.id')
                .where((u) => u.or([u('users.domain', '=', filter.server!), u('users.domain', 'like', `%.${filter.server!}`)])),
            ),
          ]),
        ]),
      ),
    )
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .execute();
}

/** Every kind of action on file, for the console's filter. */
export async function auditActions(db: Kysely<DB>): Promise<string[]> {
  return (await db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute()).map((r) => r.action);
}

/** Everyone who acted as staff (not the command line nor the clock, nor a writer in their own corner: ADR 0113), by the name they acted under last. */
export function auditActors(db: Kysely<DB>) {
  return db
    .selectFrom('audit_log')
    .select((eb) => ['actor_id', eb.fn.max('actor_name').as('name')])
    .where('actor_id', 'is not', null)
    .where('action', 'not like', 'writer.%')
    .groupBy('actor_id')
    .orderBy('name')
    .execute();
}
