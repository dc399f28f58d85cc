import type { Kysely } from 'kysely';

/**
 * Fediverse servers the operator blocked (ADR 0070). Frozen, portable.
 * - federation_domain_blocks: one row per blocked domain (lower case, punycode, no port); a block
 *   covers its subdomains too. Written by `npm run admin -- domain:block`.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('federation_domain_blocks')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('federation_domain_blocks').execute();
}
