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

/** What /block answers for an account elsewhere: while blocked it cannot follow the member (its follow ends, its server told with a Reject), like, boost or reply to their stories. */
export const FEDIVERSE_BLOCKED = 'Blocked: this account can no longer follow you, like, boost or reply to your stories.';
export const FEDIVERSE_UNBLOCKED = 'You have unblocked this account.';

/**
 * POST /api/user/fediverse-accounts/lookup {user_id, account}: the account of another server named by
 * its handle (`@someone@server`, `someone@server`) or its address, looked up there (WebFinger, then its
 * actor) and kept here as a row of users; its id is what the ordinary calls take (`/follow-unfollow`'s
 * follow_id, `/block`'s block_id). 422 with a message in `errors.account` when there is none to follow.
 */
export const FEDIVERSE_ACCOUNT_INVALID = 'Enter the account’s handle, like @someone@mastodon.social, or its address.';
export const lookupAccountBody = z.object({
  user_id: idField('user id'),
  account: z.string({ error: FEDIVERSE_ACCOUNT_INVALID }).trim().min(1, FEDIVERSE_ACCOUNT_INVALID).max(2048, 'That handle is too long.'),
});
/** The account found, as the site shows it, with whether the caller follows it (`pending` while its server has not said yes). */
export const lookupAccountResponse = z.object({
  account: z.object({
    id: z.number(),
    name: z.string().nullable(),
    handle: z.string(),
    icon_url: z.string().nullable(),
    profile_url: z.string().nullable(),
    is_following: z.boolean(),
    pending: z.boolean(),
  }),
});
export type LookupAccountResponse = z.infer<typeof lookupAccountResponse>;
