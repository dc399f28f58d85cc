import type { Kysely } from 'kysely';

/**
 * The members' help requests in the moderation console (issue 47, ADR 0110): who answered each (a
 * member of staff; null from the command line, and for those answered before). The lists by status
 * read the index of migration 0012 (status, id). Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('help_requests').addColumn('answered_by', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('help_requests').dropColumn('answered_by').execute();
}
