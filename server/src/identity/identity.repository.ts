import { type Kysely, type Transaction } from 'kysely';
import { type Database, isPostgres } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { type MemberAddress, type MemberRow, isMember } from '../db/shared.repository.ts';

type Db = Kysely<DB> | Transaction<DB>;
/** Every look-up here is for signing in or proving who one is: members only (an account elsewhere has no address, no password). */
export type UserRow = MemberRow;

export function findUserByEmail(db: Db, emailNormalized: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email_normalized', '=', emailNormalized).where(isMember()).$narrowType<MemberAddress>().executeTakeFirst();
}

export function findUserByGoogleId(db: Db, googleId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_id', '=', googleId).where(isMember()).$narrowType<MemberAddress>().executeTakeFirst();
}

export async function insertUser(
  db: Db,
  values: {
    email: string;
    email_normalized: string;
    name: string | null;
    password_hash: string | null;
    google_id: string | null;
    profile_picture: string | null;
    email_verified_at: string | null;
    now: string;
  },
): Promise<number> {
  const { now, ...rest } = values;
  const row = await db
    .insertInto('users')
    .values({ ...rest, username: null, bio: null, deactivated_at: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markEmailVerified(db: Db, userId: number, now: string): Promise<void> {
  await db.updateTable('users').set({ email_verified_at: now, updated_at: now }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
}

/** Links a Google subject; clearPassword drops a password nobody proved to own the address. */
export async function linkGoogle(db: Db, userId: number, googleId: string, clearPassword: boolean, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ google_id: googleId, updated_at: now, ...(clearPassword ? { password_hash: null } : {}) })
    .where('id', '=', userId)
    .execute();
}

export async function insertSession(
  db: Db,
  values: { user_id: number; token_hash: string; now: string; expires_at: string; user_agent: string | null; ip: string | null },
): Promise<number> {
  const { now, ...rest } = values;
  const row = await db
    .insertInto('sessions')
    .values({ ...rest, created_at: now, last_used_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The same lookup as a statement prepared once: it runs on every signed-in request. */
export async function findSessionByTokenHashPrepared(database: Database, tokenHash: string) {
  const rows = await database.all<{ id: number; user_id: number; expires_at: string; last_used_at: string }>(
    'SELECT id, user_id, expires_at, last_used_at FROM sessions WHERE token_hash = ?',
    [tokenHash],
  );
  return rows[0];
}

/** Whether a session still exists and has not expired (a long-lived stream checks it now and then). */
export async function sessionIsLive(database: Database, sessionId: number, now: string): Promise<boolean> {
  const rows = await database.all<{ id: number }>('SELECT id FROM sessions WHERE id = ? AND expires_at > ?', [sessionId, now]);
  return rows.length > 0;
}

export async function touchSession(db: Db, sessionId: number, now: string): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a user, but the one named (e.g. after a password change). */
export async function deleteSessionsOfUser(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

export async function insertEmailToken(db: Db, values: { user_id: number; purpose: 'verify' | 'reset'; token_hash: string; expires_at: string; now: string }): Promise<void> {
  const { now, ...rest } = values;
  await db
    .insertInto('email_tokens')
    .values({ ...rest, used_at: null, created_at: now })
    .execute();
}

export function findEmailToken(db: Db, tokenHash: string, purpose: 'verify' | 'reset') {
  return db.selectFrom('email_tokens').select(['id', 'user_id', 'expires_at', 'used_at']).where('token_hash', '=', tokenHash).where('purpose', '=', purpose).executeTakeFirst();
}

export async function markEmailTokenUsed(db: Db, tokenId: number, now: string): Promise<void> {
  await db.updateTable('email_tokens').set({ used_at: now }).where('id', '=', tokenId).execute();
}

// Password reset (password-reset.ts).

export function findUserById(db: Db, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).where(isMember()).$narrowType<MemberAddress>().executeTakeFirst();
}

/**
 * The user's row, locked until the transaction ends on PostgreSQL (SQLite runs one writer at a time),
 * so concurrent requests for one account take turns: e.g. counting its recent reset mails.
 */
export function lockUser(trx: Db, userId: number): Promise<UserRow | undefined> {
  return trx
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .where(isMember())
    .$narrowType<MemberAddress>()
    .$if(isPostgres(trx), (qb) => qb.forNoKeyUpdate())
    .executeTakeFirst();
}

/** How many tokens of this purpose the user was given since `since`. */
export async function countEmailTokensSince(db: Db, userId: number, purpose: 'verify' | 'reset', since: string): Promise<number> {
  const row = await db
    .selectFrom('email_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Uses the token if nobody has yet, in one statement: true for the one caller that did. Two requests
 * with the same token at once cannot both succeed (PostgreSQL re-checks `used_at` after the row lock).
 */
export async function useEmailTokenOnce(db: Db, tokenId: number, now: string): Promise<boolean> {
  const result = await db.updateTable('email_tokens').set({ used_at: now }).where('id', '=', tokenId).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every unused token of this purpose the user still holds (a new password makes older reset links void). */
export async function voidEmailTokens(db: Db, userId: number, purpose: 'verify' | 'reset', now: string): Promise<void> {
  await db.updateTable('email_tokens').set({ used_at: now }).where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
}

/**
 * A new password set through a mailed link: the link proves the address, so an unverified account
 * becomes verified; its owner is signed in, which brings a deactivated account back.
 */
export async function setPasswordByMail(db: Db, userId: number, passwordHash: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)),
      deactivated_at: null,
      updated_at: now,
    }))
    .where('id', '=', userId)
    .execute();
}
