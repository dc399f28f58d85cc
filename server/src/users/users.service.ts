import { ACCOUNT_SUSPENDED, type OwnProfile, type PublicProfile, type WrittenElsewhere, type updateProfileBody } from '@inkwell/contract';
import type { z } from 'zod';
import type { Kysely, Updateable } from 'kysely';
import { deleteSessionsOfUser, voidEmailTokens } from '../identity/identity.repository.ts';
import { hashPassword, verifyPassword } from '../identity/passwords.ts';
import { isUniqueViolation, nowIso } from '../db/database.ts';
import type { DB, UsersTable } from '../db/schema.ts';
import { isSuspended, staffRoleOf } from '../db/shared.repository.ts';
import { permissionsOf } from '../access/roles.ts';
import { gone, notFound, validationError } from '../lib/errors.ts';
import { ownAccount, requireAccess } from '../access/policy.ts';
import type { Auth } from '../plugins/session.ts';
import type { StoredImages } from '../storage/stored-images.ts';
import { toOwnProfile, toPublicProfile } from '../identity/profile.ts';
import { findProfileById, findUserById, listSavedPostIds, updateUser } from './users.repository.ts';
import { writtenElsewhere } from '../lib/post-card.ts';

export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully.',
  usernameTaken: 'The username has already been taken.',
  wrongPassword: 'The current password is incorrect.',
  currentPasswordRequired: 'The current password field is required.',
};

/** What update-profile may change (the validated body less id and confirmation); only the fields present change. */
export type ProfileChanges = Omit<z.infer<typeof updateProfileBody>, 'id' | 'new_password_confirmation' | 'profile_picture'> & {
  profile_picture?: Buffer;
};

export function createUsersService(db: Kysely<DB>, images: StoredImages) {
  /** A user as they see themselves, with the posts they saved; 404 when there is no such (active) user. */
  async function ownProfile(id: number): Promise<OwnProfile> {
    const row = await findUserById(db, id);
    if (!row) throw notFound('User not found.');
    return toOwnProfile(row, await listSavedPostIds(db, id));
  }

  return {
    /**
     * POST /update-profile: the caller's own profile. A new password needs the current one (unless
     * the account has none, as after a Google sign-up) and ends every other session; a new picture
     * is stored like any upload and the old file is released once nothing uses it.
     */
    async updateProfile(auth: Auth, id: number, changes: ProfileChanges): Promise<OwnProfile> {
      requireAccess(ownAccount(auth, id));
      const row = await findUserById(db, id);
      if (!row) throw notFound('User not found.');
      const set: Updateable<UsersTable> = {};
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.bio !== undefined) set.bio = changes.bio === '' ? null : changes.bio;
      if (changes.username !== undefined) set.username = changes.username;
      if (changes.comments_from !== undefined) set.comments_from = changes.comments_from;
      for (const key of ['notify_like', 'notify_comment', 'notify_follow', 'notify_help', 'notify_post'] as const) {
        if (changes[key] !== undefined) set[key] = changes[key] ? 1 : 0;
      }
      if (changes.new_password !== undefined) {
        if (row.password_hash !== null) {
          if (!changes.current_password) throw validationError({ current_password: [PROFILE_MESSAGES.currentPasswordRequired] });
          if (!(await verifyPassword(row.password_hash, changes.current_password))) {
            throw validationError({ current_password: [PROFILE_MESSAGES.wrongPassword] });
          }
        }
        set.password_hash = await hashPassword(changes.new_password);
      }
      if (changes.profile_picture !== undefined) {
        set.profile_picture = (await images.put(changes.profile_picture)).path;
      }
      if (Object.keys(set).length > 0) {
        try {
          await db.transaction().execute(async (trx) => {
            await updateUser(trx, id, { ...set, updated_at: nowIso() });
            if (set.password_hash) {
              // Other devices sign in again, and a reset link mailed earlier no longer works.
              await deleteSessionsOfUser(trx, id, auth.sessionId);
              await voidEmailTokens(trx, id, 'reset', nowIso());
            }
          });
        } catch (err) {
          if (isUniqueViolation(err)) throw validationError({ username: [PROFILE_MESSAGES.usernameTaken] });
          throw err;
        }
        const old = row.profile_picture?.replace(/^\/storage\//, '');
        if (set.profile_picture && old && old !== set.profile_picture) await images.release([old]);
      }
      return ownProfile(id);
    },

    /** POST /profile: only the caller's own profile, with their staff role when they hold one (the console's way in, ADR 0105). */
    async getOwnProfile(auth: Auth, id: number): Promise<OwnProfile> {
      requireAccess(ownAccount(auth, id));
      const role = await staffRoleOf(db, id);
      return { ...(await ownProfile(id)), staff: role ? { role: role.name, permissions: permissionsOf(role) } : null };
    },

    /** POST /get-profile-data: anyone's public profile. */
    /**
     * What anyone may see of a member, or of an account elsewhere (ADR 0085: one graph), which comes
     * with `elsewhere` (its handle, picture and profile there) and no picture or username of ours.
     */
    async getPublicProfile(id: number): Promise<PublicProfile & { elsewhere: WrittenElsewhere | null }> {
      const row = await findProfileById(db, id);
      if (!row) throw (await isSuspended(db, { userId: id })) ? gone(ACCOUNT_SUSPENDED) : notFound('User not found.');
      const elsewhere = writtenElsewhere({ domain: row.domain, handle: row.handle, icon_url: row.icon_url, profile_url: row.url, url: null });
      return { ...toPublicProfile(row), elsewhere };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
