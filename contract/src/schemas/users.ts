import { z } from 'zod';
import { idField } from './common';

/** What anyone may see of a user (get-profile-data, cards). Never the email or any secret. */
export const publicProfile = z.object({
  id: z.number(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  bio: z.string().nullable(),
  profile_picture: z.string().nullable(),
  post_count: z.number(),
  followers_count: z.number(),
  following_count: z.number(),
});
export type PublicProfile = z.infer<typeof publicProfile>;

/** What the signed-in user sees of themselves (profile, login). */
export const ownProfile = publicProfile.extend({
  email: z.string(),
  email_verified: z.boolean(),
  has_password: z.boolean(),
  notify_like: z.boolean(),
  notify_comment: z.boolean(),
  notify_follow: z.boolean(),
  notify_help: z.boolean(),
  /** The posts this user saved, newest first (SPEC §3: saveposts, each with post_id). */
  saveposts: z.array(z.object({ post_id: z.number() })),
});
export type OwnProfile = z.infer<typeof ownProfile>;

/** POST /api/user/login answer: data.message, data.token, data.user.id (SPEC §7). */
export const loginResponse = z.object({ message: z.string(), token: z.string(), user: ownProfile });
export type LoginResponse = z.infer<typeof loginResponse>;

/** POST /api/user/google answer: token, id, message (SPEC §3). */
export const googleResponse = z.object({ message: z.string(), token: z.string(), id: z.number() });
export type GoogleResponse = z.infer<typeof googleResponse>;

/** POST /api/user/profile: JSON {id} with the session headers; answers {user}. */
export const profileBody = z.object({ id: idField('id') });
export const profileResponse = z.object({ user: ownProfile });
export type ProfileResponse = z.infer<typeof profileResponse>;

/** POST /api/user/get-profile-data: JSON {id}; answers {data}. Open to visitors. */
export const getProfileDataBody = z.object({ id: idField('id') });
export const getProfileDataResponse = z.object({ data: publicProfile });
export type GetProfileDataResponse = z.infer<typeof getProfileDataResponse>;

/** GET /api/user/client-config (an addition): what the web app needs to know of the server's configuration. */
export const clientConfigResponse = z.object({ google_client_id: z.string().nullable() });
export type ClientConfig = z.infer<typeof clientConfigResponse>;
