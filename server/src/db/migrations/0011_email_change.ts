import type { Kysely } from 'kysely';

/**
 * email_tokens.new_email: the address a member asked to move to (purpose 'email'); it replaces the
 * account's address only when the link mailed there is opened. Frozen, portable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('email_tokens').addColumn('new_email', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('email_tokens').dropColumn('new_email').execute();
}
