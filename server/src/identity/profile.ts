import type { OwnProfile, PublicProfile } from '@inkwell/contract';
import type { MemberRow } from '../db/shared.repository.ts';

/** A member's row as the contract shows it: to anyone (public), and to the member themself (own). */

type UserRow = MemberRow;

/** What anyone may see: of a member, or of an account elsewhere (the public fields only). */
export function toPublicProfile(row: Pick<UserRow, 'id' | 'name' | 'username' | 'bio' | 'profile_picture' | 'post_count' | 'followers_count' | 'following_count'>): PublicProfile {
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
    notify_post: row.notify_post === 1,
    comments_from: row.comments_from,
    saveposts,
  };
}
