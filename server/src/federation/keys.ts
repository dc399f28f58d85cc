import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { type StoredKeyPair, findKeyPairs, insertKeyPair } from './keys.repository.ts';

/** Each actor's algorithms, in the order Fedify is given them: RSA first (its publicKey, HTTP signatures), then Ed25519 (integrity proofs). */
const ALGORITHMS = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;

/** The actors whose imported keys one process keeps at most (the least recently used go first). */
export const KEPT_ACTOR_KEYS = 5000;

/**
 * Our actors' key pairs (ADR 0067): made on first need, stored in federation_keys, never changed. Of
 * two app servers making one at once, the first insert wins and both read that one back. Imported
 * keys stay in memory for the `kept` actors used most recently; others are read again when needed.
 */
export class ActorKeys {
  readonly #db: Kysely<DB>;
  readonly #kept: number;
  readonly #loaded = new Map<string, Promise<CryptoKeyPair[]>>();

  constructor(db: Kysely<DB>, kept = KEPT_ACTOR_KEYS) {
    this.#db = db;
    this.#kept = kept;
  }

  /** How many actors' keys are in memory now. */
  get size(): number {
    return this.#loaded.size;
  }

  /** The owner's pairs (a member's id as text, or `instance`), RSA then Ed25519. */
  pairs(owner: string): Promise<CryptoKeyPair[]> {
    let pairs = this.#loaded.get(owner);
    if (pairs) {
      // Used again: last to go (a Map keeps insertion order).
      this.#loaded.delete(owner);
      this.#loaded.set(owner, pairs);
      return pairs;
    }
    pairs = this.#load(owner);
    this.#loaded.set(owner, pairs);
    if (this.#loaded.size > this.#kept) this.#loaded.delete(this.#loaded.keys().next().value!);
    // A failed read is not kept: the next call tries again.
    pairs.catch(() => {
      if (this.#loaded.get(owner) === pairs) this.#loaded.delete(owner);
    });
    return pairs;
  }

  async #load(owner: string): Promise<CryptoKeyPair[]> {
    let stored = await findKeyPairs(this.#db, owner);
    const missing = ALGORITHMS.filter((algorithm) => !stored.some((row) => row.algorithm === algorithm));
    if (missing.length > 0) {
      for (const algorithm of missing) await insertKeyPair(this.#db, owner, await generate(algorithm), nowIso());
      stored = await findKeyPairs(this.#db, owner);
    }
    return Promise.all(
      ALGORITHMS.map(async (algorithm) => {
        const row = stored.find((r) => r.algorithm === algorithm)!;
        return {
          publicKey: await importJwk(JSON.parse(row.public_jwk) as JsonWebKey, 'public'),
          privateKey: await importJwk(JSON.parse(row.private_jwk) as JsonWebKey, 'private'),
        };
      }),
    );
  }
}

async function generate(algorithm: (typeof ALGORITHMS)[number]): Promise<StoredKeyPair> {
  const pair = await generateCryptoKeyPair(algorithm);
  return { algorithm, public_jwk: JSON.stringify(await exportJwk(pair.publicKey)), private_jwk: JSON.stringify(await exportJwk(pair.privateKey)) };
}
