import type { Kysely } from 'kysely';

/**
 * Reports from other servers (issue 47): a `Flag` delivered to the inbox becomes a report in the case of
 * what it names, attributed to the server that sent it, not to a person. Frozen, portable.
 * - reports: `reporter_server` (the sending server's host; null for a reader's own report), `ap_id` (the
 *   Flag's id, unique: a second delivery of it makes nothing).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('reports').addColumn('reporter_server', 'text').execute();
  await db.schema.alterTable('reports').addColumn('ap_id', 'text').execute();
  await db.schema.createIndex('reports_ap_id_key').on('reports').column('ap_id').unique().execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('reports_ap_id_key').execute();
  await db.schema.alterTable('reports').dropColumn('ap_id').execute();
  await db.schema.alterTable('reports').dropColumn('reporter_server').execute();
}
