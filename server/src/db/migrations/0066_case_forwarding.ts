import type { Kysely } from 'kysely';

/**
 * A case forwarded to another server (issue 47, ADR 0097): `forwarded_at` (once: a case is forwarded
 * at most once) and `forward_note`, the moderator's words sent with it. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('cases').addColumn('forwarded_at', 'text').execute();
  await db.schema
    .alterTable('cases')
    .addColumn('forward_note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('cases').dropColumn('forward_note').execute();
  await db.schema.alterTable('cases').dropColumn('forwarded_at').execute();
}
