import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_KINDS, MAIL_KIND_TEXT, type MailKind, type UnsubscribeResponse } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { validationError } from '../lib/errors.ts';
import { appSecret } from '../db/shared.repository.ts';
import { setMailChoice } from './unsubscribe.repository.ts';

const INVALID = 'This link is not valid. You can change your mail choices in Settings.';

function invalid() {
  return validationError({ token: [INVALID] });
}

/**
 * Unsubscribe links: `<member id>.<kind>.<HMAC-SHA256 of both>` under a key the app made for itself
 * (app_keys 'unsubscribe'), so a link works without signing in, for that member and that kind only,
 * and cannot be made for anybody else. No expiry: a mail read a year later still unsubscribes.
 */
export function createUnsubscribe(db: Kysely<DB>) {
  const secret = appSecret(db, 'unsubscribe');
  const signature = async (userId: number, kind: MailKind) =>
    createHmac('sha256', await secret())
      .update(`unsubscribe:${userId}:${kind}`)
      .digest();

  async function read(token: string): Promise<{ userId: number; kind: MailKind }> {
    const [id, kind, sig, ...rest] = token.trim().split('.');
    if (rest.length > 0 || !id || !/^\d{1,10}$/.test(id) || !(MAIL_KINDS as readonly string[]).includes(kind ?? '') || !sig) throw invalid();
    const given = Buffer.from(sig, 'base64url');
    const expected = await signature(Number(id), kind as MailKind);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    return { userId: Number(id), kind: kind as MailKind };
  }

  return {
    /** The token of a member's link for one kind of mail. */
    async token(userId: number, kind: MailKind): Promise<string> {
      return `${userId}.${kind}.${(await signature(userId, kind)).toString('base64url')}`;
    },

    /** Unticks (or with subscribe, ticks again) the choice the token names. 422 for a token that is not ours. */
    async apply(token: string, subscribe = false): Promise<UnsubscribeResponse> {
      const { userId, kind } = await read(token);
      if (!(await setMailChoice(db, userId, kind, subscribe, nowIso()))) throw invalid();
      return {
        message: subscribe ? `You will get mails again when ${MAIL_KIND_TEXT[kind]}.` : `You will no longer get mails when ${MAIL_KIND_TEXT[kind]}.`,
        kind,
        subscribed: subscribe,
      };
    },
  };
}

export type Unsubscribe = ReturnType<typeof createUnsubscribe>;
