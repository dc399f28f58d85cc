import type { Kysely } from 'kysely';
import { findUserByEmail, markEmailTokenUsed } from '../identity/identity.repository.ts';
import { verifyPassword } from '../identity/passwords.ts';
import type { Config } from '../config.ts';
import { isUniqueViolation, nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { type MemberRow, deactivateAccount } from '../db/shared.repository.ts';
import type { DomainEventBus } from '../events/domain-events.ts';
import { forbidden, notFound, validationError } from '../lib/errors.ts';
import { ownAccount, requireAccess } from '../access/policy.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { emailChangeMail, emailChangeNoticeMail } from '../mail/account-templates.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { Auth } from '../plugins/session.ts';
import type { StoredImages } from '../storage/stored-images.ts';
import * as repo from './account.repository.ts';
import { findUserById } from './users.repository.ts';
import { normaliseEmail } from '../lib/email-address.ts';

export const ACCOUNT_MESSAGES = {
  deactivated: 'Your account is deactivated. Sign in again whenever you want it back.',
  deleted: 'Your account and everything in it have been deleted.',
  wrongPassword: 'The current password is incorrect.',
  currentPasswordRequired: 'The current password field is required.',
  signInAgain: 'Please sign in again to confirm: your account has no password, so a fresh sign-in proves it is you.',
  emailTaken: 'The email has already been taken.',
  emailSame: 'That is already your email address.',
  emailSent: (to: string) => `We sent a link to ${to}. Your address changes when you open it; until then, sign in with the current one.`,
  emailChanged: 'Your email address has been changed.',
  emailLinkBad: 'This link is invalid or has expired. Ask for a new one in Settings.',
} as const;

/** How recent a sign-in must be to confirm an account that has no password (a Google account). */
const FRESH_SIGN_IN_MS = 15 * 60 * 1000;
const EMAIL_LINK_MS = 24 * 60 * 60 * 1000;

type UserRow = MemberRow;

/**
 * The account's life beyond the profile: deactivate, delete, and change the email address. Each asks
 * the member to prove it is them: the current password, or, for an account without one, a sign-in
 * made in the last 15 minutes.
 */
export function createAccountService(deps: { db: Kysely<DB>; config: Config; outbox: MailOutbox; images: StoredImages; events: DomainEventBus }) {
  const { db, config, outbox, images, events } = deps;

  async function member(auth: Auth, userId: number): Promise<UserRow> {
    requireAccess(ownAccount(auth, userId));
    const row = await findUserById(db, userId);
    if (!row) throw notFound('User not found.');
    return row;
  }

  async function confirmIdentity(row: UserRow, auth: Auth, currentPassword: string | undefined): Promise<void> {
    if (row.password_hash !== null) {
      if (!currentPassword) throw validationError({ current_password: [ACCOUNT_MESSAGES.currentPasswordRequired] });
      if (!(await verifyPassword(row.password_hash, currentPassword))) throw validationError({ current_password: [ACCOUNT_MESSAGES.wrongPassword] });
      return;
    }
    const signedInAt = await repo.sessionCreatedAt(db, auth.sessionId);
    if (!signedInAt || Date.now() - Date.parse(signedInAt) > FRESH_SIGN_IN_MS) throw forbidden(ACCOUNT_MESSAGES.signInAgain);
  }

  return {
    /** POST /deactivate: hidden everywhere, every session ended; signing in again brings it all back. */
    async deactivate(auth: Auth, userId: number, currentPassword: string | undefined): Promise<string> {
      const row = await member(auth, userId);
      await confirmIdentity(row, auth, currentPassword);
      await db.transaction().execute((trx) => deactivateAccount(trx, userId, nowIso()));
      return ACCOUNT_MESSAGES.deactivated;
    },

    /** POST /delete-account: everything that is theirs goes in one transaction (the fediverse told of it once it committed); unused files after. */
    async deleteAccount(auth: Auth, userId: number, currentPassword: string | undefined): Promise<string> {
      const row = await member(auth, userId);
      await confirmIdentity(row, auth, currentPassword);
      const files = await db.transaction().execute(async (trx) => {
        const used = await repo.filesOf(trx, userId);
        await events.emit(trx, 'account.deleting', { userId });
        await repo.deleteMember(trx, userId);
        return used;
      });
      events.committed('account.deleting', { userId });
      await images.release(files);
      return ACCOUNT_MESSAGES.deleted;
    },

    /**
     * update-profile with `email`: a link to the new address (it becomes the account's when opened) and a
     * notice to the old one, in one transaction with the token. Login keeps working with the old address.
     */
    async requestEmailChange(auth: Auth, userId: number, email: string, currentPassword: string | undefined): Promise<string> {
      const row = await member(auth, userId);
      if (normaliseEmail(email) === row.email_normalized) throw validationError({ email: [ACCOUNT_MESSAGES.emailSame] });
      await confirmIdentity(row, auth, currentPassword);
      if (await findUserByEmail(db, normaliseEmail(email))) throw validationError({ email: [ACCOUNT_MESSAGES.emailTaken] });
      const token = newToken();
      const now = new Date();
      await db.transaction().execute(async (trx) => {
        await repo.insertEmailChange(trx, {
          user_id: userId,
          token_hash: hashToken(token),
          expires_at: new Date(now.getTime() + EMAIL_LINK_MS).toISOString(),
          now: now.toISOString(),
          new_email: email.trim(),
        });
        await outbox.enqueue(trx, emailChangeMail(email.trim(), `${config.publicUrl}/api/user/confirm-email?token=${encodeURIComponent(token)}`));
        await outbox.enqueue(trx, emailChangeNoticeMail(row.email, email.trim()));
      });
      outbox.kick();
      return ACCOUNT_MESSAGES.emailSent(email.trim());
    },

    /** The mailed link: the new address replaces the old one, unless another account took it meanwhile. */
    async confirmEmailChange(token: string): Promise<{ success: boolean; message: string }> {
      const row = token.length <= 200 ? await repo.findEmailChange(db, hashToken(token)) : undefined;
      if (!row || row.used_at || !row.new_email || Date.parse(row.expires_at) <= Date.now()) return { success: false, message: ACCOUNT_MESSAGES.emailLinkBad };
      try {
        await db.transaction().execute(async (trx) => {
          const now = nowIso();
          await markEmailTokenUsed(trx, row.id, now);
          await repo.changeEmail(trx, row.user_id, row.new_email!, normaliseEmail(row.new_email!), now);
        });
      } catch (err) {
        if (isUniqueViolation(err)) return { success: false, message: ACCOUNT_MESSAGES.emailTaken };
        throw err;
      }
      return { success: true, message: ACCOUNT_MESSAGES.emailChanged };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
