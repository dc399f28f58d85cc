import { type OwnProfile, PASSWORD_RESET_TTL_MS, TEXT, paths, type ResetPasswordBody } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { validationError } from '../lib/errors.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { passwordResetMail } from '../mail/templates.ts';
import { toOwnProfile } from '../identity/profile.ts';
import * as repo from '../identity/identity.repository.ts';
import type { ClientInfo } from './auth.service.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { refuseSuspended } from './suspended.ts';
import { hashPassword } from '../identity/passwords.ts';
import { normaliseEmail } from '../lib/email-address.ts';

export interface ResetDone {
  token: string;
  user: OwnProfile;
  /** The account was deactivated: the reset signed its owner in, which brings it back. */
  reactivated: boolean;
}

export interface PasswordResetDeps {
  db: Kysely<DB>;
  config: Config;
  outbox: MailOutbox;
}

/**
 * At most this many reset mails per account per hour, whoever asks and from wherever: the per-address
 * limit (RATE_LIMIT_FORGOT_PASSWORD) alone would let many addresses fill one person's inbox. Past it
 * the answer stays the same and no mail goes; the links already sent still work.
 */
export const RESET_MAILS_PER_ACCOUNT_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

const invalidLink = () => validationError({ token: [TEXT.resetLinkInvalid] });

/**
 * Forgot password and reset password (additions to the spec; ARCHITECTURE.md, Decisions).
 *
 * - `forgotPassword` answers TEXT.resetLinkSent to every well-formed address, whether or not an account
 *   uses it, so nobody learns who is registered. An account under the hourly cap gets a one-time link
 *   valid for an hour; only the token's SHA-256 is stored, and the mail is queued in the same
 *   transaction as the token.
 * - `resetPassword` takes the token once (a second use, an expired or unknown token: 422 errors.token),
 *   sets the new password, voids the account's other reset links, ends every session of the account
 *   and starts one for the caller, whose browser and address then count as known places for the login
 *   throttle: the reset is how the owner gets past strangers who spent the account's failed-login
 *   limit (login-throttle.ts).
 * - The mailed link proves the address: an unverified account becomes verified (whoever registered it
 *   unproven loses the password they set, as with Google sign-in), and an account without a password
 *   (Google only) gets its first one; its Google sign-in stays. A deactivated account is signed in like
 *   any other, and signing in brings a deactivated account back (as login does).
 */
export function createPasswordReset({ db, config, outbox }: PasswordResetDeps) {
  const throttle = createLoginThrottle(db, {
    perAccount: config.rateLimits.failedLoginsPerAccount,
    perAddress: config.rateLimits.failedLoginsPerAddress,
  });

  return {
    async forgotPassword(emailText: string): Promise<string> {
      const user = await repo.findUserByEmail(db, normaliseEmail(emailText));
      if (!user) return TEXT.resetLinkSent;
      const queued = await db.transaction().execute(async (trx) => {
        // One request per account at a time, so a burst cannot pass the hourly cap.
        await repo.lockUser(trx, user.id);
        const now = new Date();
        const recent = await repo.countEmailTokensSince(trx, user.id, 'reset', new Date(now.getTime() - HOUR_MS).toISOString());
        if (recent >= RESET_MAILS_PER_ACCOUNT_PER_HOUR) return false;
        const token = newToken();
        await repo.insertEmailToken(trx, {
          user_id: user.id,
          purpose: 'reset',
          token_hash: hashToken(token),
          expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
          now: now.toISOString(),
        });
        const link = `${config.publicUrl}${paths.resetPassword.getHref(token)}`;
        await outbox.enqueue(trx, passwordResetMail(user.email, link, PASSWORD_RESET_TTL_MS / 60_000));
        return true;
      });
      if (queued) outbox.kick();
      return TEXT.resetLinkSent;
    },

    async resetPassword(body: ResetPasswordBody, client: ClientInfo): Promise<ResetDone> {
      const row = await repo.findEmailToken(db, hashToken(body.token), 'reset');
      if (!row || row.used_at || Date.parse(row.expires_at) <= Date.now()) throw invalidLink();
      // Hashed before the transaction: argon2id takes a while and holds no lock meanwhile.
      const passwordHash = await hashPassword(body.password);
      const token = newToken();
      const done = await db.transaction().execute(async (trx) => {
        const now = new Date();
        const nowText = now.toISOString();
        // The token is taken here, once: of two requests with it, the second finds it used.
        if (!(await repo.useEmailTokenOnce(trx, row.id, nowText))) throw invalidLink();
        const before = await repo.lockUser(trx, row.user_id);
        if (!before) throw invalidLink();
        await refuseSuspended(trx, row.user_id);
        await repo.setPasswordByMail(trx, row.user_id, passwordHash, nowText);
        await repo.voidEmailTokens(trx, row.user_id, 'reset', nowText);
        await repo.deleteSessionsOfUser(trx, row.user_id);
        await repo.insertSession(trx, {
          user_id: row.user_id,
          token_hash: hashToken(token),
          now: nowText,
          expires_at: new Date(now.getTime() + config.sessionTtlMs).toISOString(),
          user_agent: client.userAgent?.slice(0, 300) ?? null,
          ip: client.ip,
        });
        const after = await repo.findUserById(trx, row.user_id);
        return { user: after!, reactivated: before.deactivated_at !== null };
      });
      await throttle.trust(row.user_id, { ip: client.ip, device: client.device });
      return { token, user: toOwnProfile(done.user), reactivated: done.reactivated };
    },
  };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;
