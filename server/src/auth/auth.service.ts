import { type LoginBody, type OwnProfile, type RegisterBody, SIGNUP_CLOSED, TEXT } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { isUniqueViolation, nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { HttpError, forbidden, serviceUnavailable, unauthorized, validationError } from '../lib/errors.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { verificationMail } from '../mail/templates.ts';
import type { Auth } from '../plugins/session.ts';
import { toOwnProfile } from '../identity/profile.ts';
import * as repo from '../identity/identity.repository.ts';
import { reactivateAccount } from '../db/shared.repository.ts';
import type { GoogleVerifier } from './google.ts';
import { TOO_MANY_FAILURES, createLoginThrottle } from './login-throttle.ts';
import { refuseSuspended } from './suspended.ts';
import { refuseBlockedDomain } from './sign-up-domains.ts';
import { hashPassword, verifyPassword } from '../identity/passwords.ts';
import { normaliseEmail } from '../lib/email-address.ts';
import { sentByProgram } from '../lib/form-guard.ts';

export interface AuthDeps {
  db: Kysely<DB>;
  config: Config;
  outbox: MailOutbox;
  google: GoogleVerifier | null;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
  /** The HttpOnly device cookie (a fresh value until the first sign-in sets it), which lets the owner past strangers' failures. */
  device: string;
}

export interface SignedIn {
  token: string;
  user: OwnProfile;
  /** The account was deactivated and this sign-in brought it back. */
  reactivated?: boolean;
}

export const MESSAGES = {
  registered: 'Registration successful. A link has been sent to your email to verify your account.',
  emailTaken: 'The email has already been taken.',
  badCredentials: 'These credentials do not match our records.',
  notVerified: 'Your email is not verified. Please verify your email.',
  tooManyFailures: TOO_MANY_FAILURES,
  loggedIn: 'Login successful.',
  reactivated: TEXT.accountReactivated,
  googleLoggedIn: 'Signed in with Google.',
  googleFailed: 'Google sign-in failed: the token could not be verified.',
  googleOff: 'Google sign-in is not enabled on this server.',
  verified: 'Your email has been verified. You can log in now.',
  alreadyVerified: 'Your email is already verified. You can log in.',
  badLink: 'This verification link is invalid or has expired. Log in to get a new one.',
  resent: 'If that address belongs to an unverified account, a new verification link is on its way.',
  loggedOut: 'You have been logged out.',
} as const;

export function createAuthService({ db, config, outbox, google }: AuthDeps) {
  const throttle = createLoginThrottle(db, {
    perAccount: config.rateLimits.failedLoginsPerAccount,
    perAddress: config.rateLimits.failedLoginsPerAddress,
  });

  async function startSession(userId: number, client: ClientInfo): Promise<string> {
    const token = newToken();
    const now = new Date();
    await repo.insertSession(db, {
      user_id: userId,
      token_hash: hashToken(token),
      now: now.toISOString(),
      expires_at: new Date(now.getTime() + config.sessionTtlMs).toISOString(),
      user_agent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip,
    });
    return token;
  }

  /** Writes a fresh verification token and its mail in the caller's transaction. */
  async function queueVerification(trx: Kysely<DB>, userId: number, email: string): Promise<void> {
    const token = newToken();
    const now = new Date();
    await repo.insertEmailToken(trx, {
      user_id: userId,
      purpose: 'verify',
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + config.verificationTtlMs).toISOString(),
      now: now.toISOString(),
    });
    const link = `${config.publicUrl}/api/user/verify-email?token=${encodeURIComponent(token)}`;
    await outbox.enqueue(trx, verificationMail(email, link));
  }

  async function loadProfile(userId: number): Promise<OwnProfile> {
    const row = await repo.findUserById(db, userId);
    if (!row) throw new Error(`User ${userId} is gone.`); // just signed in or registered
    return toOwnProfile(row);
  }

  return {
    async register(body: RegisterBody): Promise<string> {
      // A program's (its honeypot filled, or sent back at once): the answer a new address gets, and
      // nothing done — before the address is looked up, so it learns nothing of who is registered.
      if (sentByProgram(body, config.spam.minFillMs)) return MESSAGES.registered;
      if (config.signupMode === 'closed') throw forbidden(SIGNUP_CLOSED);
      const email = body.email.trim();
      const emailNormalized = normaliseEmail(email);
      if (await repo.findUserByEmail(db, emailNormalized)) throw validationError({ email: [MESSAGES.emailTaken] });
      await refuseBlockedDomain(db, emailNormalized, 'form');
      const passwordHash = await hashPassword(body.password);
      try {
        await db.transaction().execute(async (trx) => {
          const userId = await repo.insertUser(trx, {
            email,
            email_normalized: emailNormalized,
            name: null,
            password_hash: passwordHash,
            google_id: null,
            profile_picture: null,
            email_verified_at: null,
            now: nowIso(),
          });
          await queueVerification(trx, userId, email);
        });
      } catch (err) {
        // Two registrations of one address at once: the unique index lets only one through.
        if (isUniqueViolation(err)) throw validationError({ email: [MESSAGES.emailTaken] });
        throw err;
      }
      outbox.kick();
      return MESSAGES.registered;
    },

    /** The mailed link: the outcome as a message for the redirect. */
    async verifyEmail(token: string): Promise<{ success: boolean; message: string }> {
      const row = token.length <= 200 ? await repo.findEmailToken(db, hashToken(token), 'verify') : undefined;
      if (!row) return { success: false, message: MESSAGES.badLink };
      if (row.used_at) {
        const user = await repo.findUserById(db, row.user_id);
        return user?.email_verified_at ? { success: true, message: MESSAGES.alreadyVerified } : { success: false, message: MESSAGES.badLink };
      }
      if (Date.parse(row.expires_at) <= Date.now()) return { success: false, message: MESSAGES.badLink };
      await db.transaction().execute(async (trx) => {
        const now = nowIso();
        await repo.markEmailTokenUsed(trx, row.id, now);
        await repo.markEmailVerified(trx, row.user_id, now);
      });
      return { success: true, message: MESSAGES.verified };
    },

    /** Sends a new link to an unverified account; answers the same either way, so nobody learns who is registered. */
    async resendVerification(emailText: string): Promise<string> {
      const user = await repo.findUserByEmail(db, normaliseEmail(emailText));
      if (user && !user.email_verified_at) {
        await db.transaction().execute((trx) => queueVerification(trx, user.id, user.email));
        outbox.kick();
      }
      return MESSAGES.resent;
    },

    async login(body: LoginBody, client: ClientInfo): Promise<SignedIn> {
      const emailNormalized = normaliseEmail(body.email);
      const user = await repo.findUserByEmail(db, emailNormalized);
      const place = { ip: client.ip, device: client.device };
      // Counted before the password is checked (429 once the caller's limit is spent): see login-throttle.ts.
      const ticket = await throttle.begin(emailNormalized, user?.id ?? null, place);
      const ok = await verifyPassword(user?.password_hash, body.password);
      if (!user || !ok) throw unauthorized(MESSAGES.badCredentials);
      await throttle.passwordRight(ticket);
      if (!user.email_verified_at) throw forbidden(MESSAGES.notVerified);
      await throttle.trust(user.id, place);
      await refuseSuspended(db, user.id);
      // A deactivated account comes back as it was when its owner signs in again.
      const reactivated = user.deactivated_at !== null && (await reactivateAccount(db, user.id, nowIso()));
      const token = await startSession(user.id, client);
      return { token, user: toOwnProfile(user), reactivated };
    },

    async loginWithGoogle(credential: string, client: ClientInfo): Promise<SignedIn> {
      if (!google) throw serviceUnavailable(MESSAGES.googleOff);
      let identity;
      try {
        identity = await google(credential);
      } catch {
        throw unauthorized(MESSAGES.googleFailed);
      }
      const { googleId, email, name, picture } = identity;
      let reactivated = false;
      const userId = await db
        .transaction()
        .execute(async (trx) => {
          const now = nowIso();
          const byGoogle = await repo.findUserByGoogleId(trx, googleId);
          if (byGoogle) {
            await refuseSuspended(trx, byGoogle.id);
            if (byGoogle.deactivated_at) reactivated = await reactivateAccount(trx, byGoogle.id, now);
            return byGoogle.id;
          }
          const byEmail = await repo.findUserByEmail(trx, normaliseEmail(email));
          if (byEmail) {
            await refuseSuspended(trx, byEmail.id);
            if (byEmail.deactivated_at) reactivated = await reactivateAccount(trx, byEmail.id, now);
            // Google proved the address. A password set before anyone proved it may be a squatter's: drop it.
            const unproven = byEmail.email_verified_at === null;
            await repo.linkGoogle(trx, byEmail.id, googleId, unproven, now);
            if (unproven) {
              await repo.markEmailVerified(trx, byEmail.id, now);
              await repo.deleteSessionsOfUser(trx, byEmail.id);
            }
            return byEmail.id;
          }
          // A new account: none is made while sign-up is closed (existing members still sign in above).
          if (config.signupMode === 'closed') throw forbidden(SIGNUP_CLOSED);
          await refuseBlockedDomain(trx, normaliseEmail(email), 'google');
          return repo.insertUser(trx, {
            email: email.trim(),
            email_normalized: normaliseEmail(email),
            name,
            password_hash: null,
            google_id: googleId,
            profile_picture: picture,
            email_verified_at: now,
            now,
          });
        })
        .catch((err: unknown) => {
          if (err instanceof HttpError) throw err;
          if (isUniqueViolation(err)) throw unauthorized(MESSAGES.googleFailed);
          throw err;
        });
      const token = await startSession(userId, client);
      return { token, user: await loadProfile(userId), reactivated };
    },

    async logout(auth: Auth): Promise<void> {
      await repo.deleteSession(db, auth.sessionId);
    },

    /** Ends the user's other sessions (password change); the current one stays. */
    async revokeOtherSessions(auth: Auth): Promise<void> {
      await repo.deleteSessionsOfUser(db, auth.userId, auth.sessionId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
