import { hash, randomBytes } from 'node:crypto';

/** A random 256-bit secret, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of a token: its SHA-256, hex. A leaked table holds no usable secret. */
export function hashToken(token: string): string {
  // The one-shot form: a signed-in call hashes its token each time, and a Hash object costs more than the digest.
  return hash('sha256', token, 'hex');
}
