import type { Kysely } from 'kysely';

/**
 * A case's decision (issue 47, ADR 0093). Frozen, portable.
 * - cases: `decision` (what the moderators decided: 'none', 'note', 'warn'; more actions come with
 *   their effects), `decision_note` (their words to the reporters and, for a warning, to the account),
 *   `decided_by` (the member of staff; null from the command line).
 * - notifications: `report_id`, the report a 'responses' notification tells the outcome of (it leads to
 *   the reader's reports).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('cases').addColumn('decision', 'text').execute();
  await db.schema
    .alterTable('cases')
    .addColumn('decision_note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // No foreign keys: SQLite cannot drop a column that has one (down), and neither needs one: the audit
  // log names who decided, and a report outlives its reporter's account (their notifications go with it).
  await db.schema.alterTable('cases').addColumn('decided_by', 'integer').execute();
  await db.schema.alterTable('notifications').addColumn('report_id', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('report_id').execute();
  await db.schema.alterTable('cases').dropColumn('decided_by').execute();
  await db.schema.alterTable('cases').dropColumn('decision_note').execute();
  await db.schema.alterTable('cases').dropColumn('decision').execute();
}
