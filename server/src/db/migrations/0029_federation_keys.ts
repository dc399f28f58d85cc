import type { Kysely } from 'kysely';

/**
 * The key pairs of our ActivityPub actors (ADR 0067). Frozen, portable.
 * - federation_keys: one row per actor and algorithm: owner is a member's id as text, or `instance`
 *   for the instance actor; algorithm `RSASSA-PKCS1-v1_5` (HTTP signatures) or `Ed25519` (integrity
 *   proofs); both keys as JWK JSON text. Made on first need and never changed: an insert that finds
 *   the row already there (another app server made it first) keeps that one.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('federation_keys')
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('federation_keys_pkey', ['owner', 'algorithm'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('federation_keys').execute();
}
