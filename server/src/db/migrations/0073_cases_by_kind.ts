import type { Kysely } from 'kysely';

/**
 * The console's queue by kind (issue 47, ADR 0105): open (or decided) cases of one kind, newest
 * first, read from an index instead of filtered out of all of them. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('cases_status_kind_idx').on('cases').columns(['status', 'target_kind', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('cases_status_kind_idx').execute();
}
