import type { OwnProfile, PublicProfile } from '@inkwell/contract';
import type { Kysely, Selectable } from 'kysely';
import type { DB, UsersTable } from '../db/schema';
import { forbidden, notFound } from '../lib/errors';
import type { Auth } from '../plugins/session';
import { findUserById, listSavedPostIds } from './users.repository';

type UserRow = Selectable<UsersTable>;

export function toPublicProfile(row: UserRow): PublicProfile {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    bio: row.bio,
    profile_picture: row.profile_picture,
    post_count: row.post_count,
    followers_count: row.followers_count,
    following_count: row.following_count,
  };
}

export function toOwnProfile(row: UserRow, saveposts: OwnProfile['saveposts'] = []): OwnProfile {
  return {
    ...toPublicProfile(row),
    email: row.email,
    email_verified: row.email_verified_at !== null,
    has_password: row.password_hash !== null,
    notify_like: row.notify_like === 1,
    notify_comment: row.notify_comment === 1,
    notify_follow: row.notify_follow === 1,
    notify_help: row.notify_help === 1,
    saveposts,
  };
}

export function createUsersService(db: Kysely<DB>) {
  return {
    /** POST /profile: only the caller's own profile. */
    async getOwnProfile(auth: Auth, id: number): Promise<OwnProfile> {
      if (id !== auth.userId) throw forbidden('You can only read your own profile.');
      const row = await findUserById(db, id);
      if (!row) throw notFound('User not found.');
      return toOwnProfile(row, await listSavedPostIds(db, id));
    },

    /** POST /get-profile-data: anyone's public profile. */
    async getPublicProfile(id: number): Promise<PublicProfile> {
      const row = await findUserById(db, id);
      if (!row) throw notFound('User not found.');
      return toPublicProfile(row);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
