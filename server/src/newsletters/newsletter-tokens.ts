import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { appSecret } from '../db/shared.repository.ts';

/** The HMAC of one subscriber's id: the one place the signed message is written. */
function signature(key: Buffer, id: number): Buffer {
  return createHmac('sha256', key).update(`newsletter-unsubscribe:${id}`).digest();
}

/**
 * A subscriber's unsubscribe token: `<subscriber id>.<HMAC-SHA256 of it>` under a key the app made for
 * itself (app_keys 'newsletter'), so the link in every mail works without signing in, for that one
 * address on that one list, and cannot be made for anybody else. No expiry: a mail read a year later
 * still unsubscribes.
 */
export function newsletterTokens(db: Kysely<DB>) {
  const secret = appSecret(db, 'newsletter');

  return {
    /**
     * Makes unsubscribe tokens without waiting: the key is read first (outside any transaction, as
     * SQLite's one writer would otherwise wait for itself), then each token is made at once.
     */
    async signer(): Promise<(subscriberId: number) => string> {
      const key = await secret();
      return (id) => `${id}.${signature(key, id).toString('base64url')}`;
    },

    /** The subscriber a token names, or null when it is not one of ours. */
    async readUnsubscribeToken(token: string): Promise<number | null> {
      const [id, sig, ...rest] = token.trim().split('.');
      if (rest.length > 0 || !id || !/^\d{1,10}$/.test(id) || !sig) return null;
      const given = Buffer.from(sig, 'base64url');
      const expected = signature(await secret(), Number(id));
      return given.length === expected.length && timingSafeEqual(given, expected) ? Number(id) : null;
    },
  };
}

export type NewsletterTokens = ReturnType<typeof newsletterTokens>;
