import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The SQL of our actors' key pairs (table federation_keys, migration 0029, ADR 0067). */

export interface StoredKeyPair {
  algorithm: string;
  public_jwk: string;
  private_jwk: string;
}

/** The owner's stored key pairs (a member's id as text, or `instance`). */
export async function findKeyPairs(db: Kysely<DB>, owner: string): Promise<StoredKeyPair[]> {
  return db.selectFrom('federation_keys').select(['algorithm', 'public_jwk', 'private_jwk']).where('owner', '=', owner).execute();
}

/** Stores a new key pair unless the owner has one of that algorithm already (another app server's, made first: it stays). */
export async function insertKeyPair(db: Kysely<DB>, owner: string, pair: StoredKeyPair, now: string): Promise<void> {
  await db
    .insertInto('federation_keys')
    .values({ owner, ...pair, created_at: now })
    .onConflict((oc) => oc.columns(['owner', 'algorithm']).doNothing())
    .execute();
}

/** Whether the owner ever had keys: an actor that was (a deleted account's keys stay, to sign its farewell). */
export async function hasKeyPairs(db: Kysely<DB>, owner: string): Promise<boolean> {
  return (await db.selectFrom('federation_keys').select('owner').where('owner', '=', owner).limit(1).executeTakeFirst()) !== undefined;
}
