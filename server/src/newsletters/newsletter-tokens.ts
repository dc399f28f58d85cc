import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { appSecret } from '../db/shared.repository.ts';

/** What a token names: the subscription, and the story whose mail carried it (null: the welcome mail). */
export interface UnsubscribeTarget {
  subscriberId: number;
  postId: number | null;
}

/** The HMAC of what a token names: the one place the signed message is written. */
function signature(key: Buffer, { subscriberId, postId }: UnsubscribeTarget): Buffer {
  return createHmac('sha256', key)
    .update(postId === null ? `newsletter-unsubscribe:${subscriberId}` : `newsletter-unsubscribe:${subscriberId}:${postId}`)
    .digest();
}

const NAMED = /^(\d{1,10})(?:-(\d{1,10}))?$/;

/**
 * A subscriber's unsubscribe token: `<subscriber id>[-<post id>].<HMAC-SHA256 of both>` under a key the
 * app made for itself (app_keys 'newsletter'), so the link in every mail works without signing in, for
 * that one address on that one list, and cannot be made for anybody else; a story's mail names the
 * story, so the writer sees how many left from it. No expiry: a mail read a year later still
 * unsubscribes.
 */
export function newsletterTokens(db: Kysely<DB>) {
  const secret = appSecret(db, 'newsletter');

  return {
    /**
     * Makes unsubscribe tokens without waiting: the key is read first (outside any transaction, as
     * SQLite's one writer would otherwise wait for itself), then each token is made at once.
     */
    async signer(): Promise<(subscriberId: number, postId?: number) => string> {
      const key = await secret();
      return (subscriberId, postId) => {
        const named = postId === undefined ? `${subscriberId}` : `${subscriberId}-${postId}`;
        return `${named}.${signature(key, { subscriberId, postId: postId ?? null }).toString('base64url')}`;
      };
    },

    /** What a token names, or null when it is not one of ours. */
    async readUnsubscribeToken(token: string): Promise<UnsubscribeTarget | null> {
      const [named, sig, ...rest] = token.trim().split('.');
      const ids = NAMED.exec(named ?? '');
      if (rest.length > 0 || !ids || !sig) return null;
      const target = { subscriberId: Number(ids[1]), postId: ids[2] === undefined ? null : Number(ids[2]) };
      const given = Buffer.from(sig, 'base64url');
      const expected = signature(await secret(), target);
      return given.length === expected.length && timingSafeEqual(given, expected) ? target : null;
    },
  };
}

export type NewsletterTokens = ReturnType<typeof newsletterTokens>;
