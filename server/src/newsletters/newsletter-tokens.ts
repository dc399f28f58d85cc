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

/** What the tag of an address of ours names: a delivery whose mail bounced, or a subscription ended by mail. */
export type AddressTarget = { kind: 'bounce'; deliveryId: number } | ({ kind: 'unsubscribe' } & UnsubscribeTarget);

/** The signed message of an address tag: its own prefixes, so no tag is ever valid as another kind or as a link token. */
const tagMessage = (target: AddressTarget) =>
  target.kind === 'bounce' ? `newsletter-bounce:${target.deliveryId}` : `newsletter-unsubscribe-mail:${target.subscriberId}:${target.postId ?? ''}`;

const TAG = /^(b)(\d{1,10})-([0-9a-f]{32})$|^(u)(\d{1,10})-(\d{0,10})-([0-9a-f]{32})$/;

/**
 * A subscriber's unsubscribe token: `<subscriber id>[-<post id>].<HMAC-SHA256 of both>` under a key the
 * app made for itself (app_keys 'newsletter'), so the link in every mail works without signing in, for
 * that one address on that one list, and cannot be made for anybody else; a story's mail names the
 * story, so the writer sees how many left from it. No expiry: a mail read a year later still
 * unsubscribes.
 */
export function newsletterTokens(db: Kysely<DB>) {
  const secret = appSecret(db, 'newsletter');
  const tagMac = (key: Buffer, target: AddressTarget) => createHmac('sha256', key).update(tagMessage(target)).digest('hex').slice(0, 32);

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

    /**
     * Makes the tags of addresses of ours (`bounces+<tag>@…`, `unsubscribe+<tag>@…`): `b<delivery>-<mac>`
     * for a story mail's return path (VERP: a bounce names the delivery it is about), `u<subscriber>-<post>-<mac>`
     * for its List-Unsubscribe mailto. Lower case hex only, as mail systems may fold an address's case;
     * 128 bits of HMAC, so nobody can make one.
     */
    async tagger(): Promise<(target: AddressTarget) => string> {
      const key = await secret();
      return (target) => (target.kind === 'bounce' ? `b${target.deliveryId}-${tagMac(key, target)}` : `u${target.subscriberId}-${target.postId ?? ''}-${tagMac(key, target)}`);
    },

    /** What an address tag names, or null when it is not one of ours (any case). */
    async readTag(tag: string): Promise<AddressTarget | null> {
      const m = TAG.exec(tag.toLowerCase());
      if (!m) return null;
      const target: AddressTarget =
        m[1] === 'b' ? { kind: 'bounce', deliveryId: Number(m[2]) } : { kind: 'unsubscribe', subscriberId: Number(m[5]), postId: m[6] ? Number(m[6]) : null };
      const given = Buffer.from(m[3] ?? m[7]!, 'hex');
      const expected = Buffer.from(tagMac(await secret(), target), 'hex');
      return timingSafeEqual(given, expected) ? target : null;
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
