import type { Kysely } from 'kysely';

/**
 * federation_deliveries.activity_id (issue 46, step 5e): what an owed `delete` of a member's act takes
 * back when that act is no row of ours any more: the id of the Like a member sent to a story elsewhere,
 * which its Undo names (the row of likes is gone by the time the Undo is handed over). Null for every
 * other delivery. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('federation_deliveries').addColumn('activity_id', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('federation_deliveries').dropColumn('activity_id').execute();
}
