import { z } from 'zod';
import { idField } from './common.ts';

/** What the handle field says when it holds nothing a fediverse server could be asked about. */
export const REMOTE_HANDLE_INVALID = 'Enter your fediverse handle, like @you@mastodon.social.';

/**
 * POST /api/user/remote-follow {user_id, handle}: a reader on another fediverse server (Mastodon and
 * the rest) follows the member `user_id` from there. `handle` is the reader's own: `@you@server`,
 * `you@server` or their profile's address. The answer is the page of the reader's server where they
 * confirm the follow (its WebFinger's subscribe template, filled with the member's handle).
 */
export const remoteFollowBody = z.object({
  user_id: idField('user id'),
  handle: z.string({ error: REMOTE_HANDLE_INVALID }).trim().min(1, REMOTE_HANDLE_INVALID).max(320, 'That handle is too long.'),
});
export const remoteFollowResponse = z.object({ url: z.string() });
export type RemoteFollowResponse = z.infer<typeof remoteFollowResponse>;

/** POST /api/user/fediverse-followers {profile_id, cursor?}: the member's followers on other servers, newest first. */
export const fediverseFollowersBody = z.object({
  profile_id: idField('profile id'),
  cursor: z.preprocess((v) => (v === '' || v === null ? undefined : v), idField('cursor').optional()),
});
/** A follower on another server, as it presented itself (cleaned): its handle, name and profile page. */
export const fediverseFollower = z.object({ id: z.number(), handle: z.string().nullable(), name: z.string().nullable(), url: z.string().nullable() });
export type FediverseFollower = z.infer<typeof fediverseFollower>;
export const fediverseFollowersPage = z.object({
  data: z.array(fediverseFollower),
  /** The cursor of the next page, or null after the last. */
  next_cursor: z.number().nullable(),
});
export type FediverseFollowersPage = z.infer<typeof fediverseFollowersPage>;

/**
 * POST /api/user/fediverse-followers/remove {user_id, follower_id}: the member stops an account of
 * another server following them (its server is told with a Reject of the follow). follower_id is a
 * row of their list (fediverseFollower.id).
 */
export const removeFediverseFollowerBody = z.object({ user_id: idField('user id'), follower_id: idField('follower id') });

