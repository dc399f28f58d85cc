import { z } from 'zod';
import { TEXT } from '../constants.ts';
import { STAFF_PERMISSIONS } from '../console-words.ts';
import { emailField, passwordField } from './auth.ts';
import { commentsFromField, idField, writtenElsewhere } from './common.ts';

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
  /** Whether a story by someone the member follows is mailed (off unless ticked). */
  notify_post: z.boolean(),
  /** Addition (issue 47, ADR 0115): who may comment on the member's new stories. */
  comments_from: commentsFromField.optional(),
  /** The posts this user saved, newest first (SPEC §3: saveposts, each with post_id). */
  saveposts: z.array(z.object({ post_id: z.number() })),
  /** Addition (issue 47, ADR 0105): the member's staff role and what it may do, on the profile call's answer only (the console's way in); null for a reader. */
  staff: z
    .object({ role: z.string(), permissions: z.array(z.enum(STAFF_PERMISSIONS)) })
    .nullable()
    .optional(),
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
/**
 * A profile page's member: what anyone may see, and with federation on, the handle they are followed
 * by from Mastodon and the rest of the fediverse (`@username@host`; null without a username or federation).
 */
export const profileData = publicProfile.extend({
  fediverse_handle: z.string().nullable().optional(),
  /**
   * Set when the profile is an account of another server (ADR 0085): its handle, picture and profile
   * there. Its page here shows its stories that members follow, and its followers here.
   */
  elsewhere: writtenElsewhere.nullable().optional(),
});
export type ProfileData = z.infer<typeof profileData>;
export const getProfileDataResponse = z.object({ data: profileData });
export type GetProfileDataResponse = z.infer<typeof getProfileDataResponse>;

/** GET /api/user/client-config (an addition): what the web app needs to know of the server's configuration. */
export const clientConfigResponse = z.object({
  google_client_id: z.string().nullable(),
  /** Whether FEDERATION is on (the server is on the fediverse: handles, follows and stories from elsewhere). */
  federation: z.boolean(),
  /** Addition (issue 47): whether new accounts may be made here (SIGNUP_MODE); absent from an older server: yes. */
  signup_open: z.boolean().optional(),
});
export type ClientConfig = z.infer<typeof clientConfigResponse>;

export const NAME_MAX = 60;
export const BIO_MAX = 300;
export const USERNAME_PATTERN = /^[a-z0-9_]{3,30}$/;

/** A checkbox as JSON (true/false, 1/0) or as a form ('1'/'0', 'true'/'false'). */
const checkbox = (field: string) =>
  z.preprocess(
    (v) => (v === '1' || v === 1 || v === 'true' ? true : v === '0' || v === 0 || v === 'false' ? false : v),
    z.boolean({ error: `The ${field} field must be true or false.` }).optional(),
  );

/**
 * POST /api/user/update-profile (multipart or JSON; SPEC §3 Profile update payload): only the fields
 * sent change. A new password needs the current one (when the account has one) and its confirmation;
 * `profile_picture` is an image file. A new `email` (with `current_password`) is not changed at once:
 * a link goes to the new address, and the address changes when it is opened.
 */
export const updateProfileBody = z
  .object({
    id: idField('id'),
    name: z.string().trim().min(1, 'The name field is required.').max(NAME_MAX, `The name may not be greater than ${NAME_MAX} characters.`).optional(),
    bio: z.string().trim().max(BIO_MAX, `The bio may not be greater than ${BIO_MAX} characters.`).optional(),
    username: z.string().trim().toLowerCase().regex(USERNAME_PATTERN, 'The username must be 3 to 30 letters, digits or underscores.').optional(),
    email: emailField.optional(),
    current_password: z.string().max(200).optional(),
    new_password: passwordField.optional(),
    new_password_confirmation: z.string().optional(),
    notify_like: checkbox('notify_like'),
    notify_comment: checkbox('notify_comment'),
    notify_follow: checkbox('notify_follow'),
    notify_help: checkbox('notify_help'),
    notify_post: checkbox('notify_post'),
    comments_from: commentsFromField.optional(),
    profile_picture: z.unknown().optional(),
  })
  .refine((body) => body.new_password === undefined || body.new_password === body.new_password_confirmation, {
    path: ['new_password_confirmation'],
    message: TEXT.passwordMismatchSettings,
  });
export const updateProfileResponse = z.object({ message: z.string(), user: ownProfile });
export type UpdateProfileResponse = z.infer<typeof updateProfileResponse>;
