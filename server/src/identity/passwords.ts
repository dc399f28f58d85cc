import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2 as Algorithm;

/** argon2id with OWASP's minimum profile (19 MiB, 2 passes, 1 lane). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// A real hash to verify against when the account does not exist, so both paths cost the same.
let dummyHash: Promise<string> | undefined;

/** true when password matches; compares against a dummy hash when there is none, to keep timing flat. */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-1!');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
