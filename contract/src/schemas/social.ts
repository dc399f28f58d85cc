import { z } from 'zod';
import { commentsFromField, flag, formGuardFields, idField, requiredMessage, writtenElsewhere } from './common.ts';
import { publicProfile } from './users.ts';

/** Comments and replies are plain text of 1 to 5000 characters. */
export const COMMENT_MAX_LENGTH = 5000;
/** A comment's or reply's text: required, at most COMMENT_MAX_LENGTH characters once trimmed. */
export const commentText = (field: string) =>
  z
    .string({ error: requiredMessage(field) })
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(COMMENT_MAX_LENGTH, `The ${field} may not be greater than ${COMMENT_MAX_LENGTH} characters.`);

/** POST /api/user/like {user_id, post_id, status 1|0}: idempotent; answers the stored count. */
export const likeBody = z.object({ user_id: idField('user id'), post_id: idField('post id'), status: flag('status') });
export const likeResponse = z.object({ message: z.string(), is_like: z.boolean(), likes_count: z.number() });

/** POST /api/user/posts/save {user_id, post_id, save_unsave 1|0}. */
export const saveBody = z.object({ user_id: idField('user id'), post_id: idField('post id'), save_unsave: flag('save unsave') });
export const saveResponse = z.object({ message: z.string(), is_saved: z.boolean() });

/** POST /api/user/comment {user_id, post_id, comments}. Addition: the form guard's fields (issue 47). */
export const commentBody = z.object({ user_id: idField('user id'), post_id: idField('post id'), comments: commentText('comments'), ...formGuardFields });
/**
 * POST /api/user/replies {user_id, post_id, reply, comment_id, reply_to_id?}. Addition: reply_to_id, a
 * reply of the same comment that this one answers (one level of threading: it is shown under the same
 * comment, with the name of whom it answers).
 */
export const replyBody = z.object({
  user_id: idField('user id'),
  post_id: idField('post id'),
  comment_id: idField('comment id'),
  reply: commentText('reply'),
  reply_to_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idField('reply to id').optional()),
  ...formGuardFields,
});
/** Addition: `held`, true when it was held for review (only its writer sees it until a moderator lets it through). */
export const commentCreatedResponse = z.object({ message: z.string(), id: z.number(), held: z.boolean().optional() });
/** POST /api/user/comment-delete {id} and /reply-delete {id}: by the author or the post's owner. */
export const deleteByIdBody = z.object({ id: idField('id'), user_id: z.unknown().optional() });

/**
 * POST /api/user/comments/hide {kind, id, hidden 1|0} (issue 47, ADR 0113): the story's writer hides a
 * comment or reply on it from its readers, or shows it again; its own writer still sees it, labelled.
 */
export const hideWritingBody = z.object({
  kind: z.enum(['comment', 'reply'], { error: 'Say whether it is a comment or a reply.' }),
  id: idField('id'),
  hidden: flag('hidden'),
  user_id: z.unknown().optional(),
});
export const hideWritingResponse = z.object({ message: z.string(), hidden: z.boolean() });

/** POST /api/user/posts/comments-from {id, comments_from} (issue 47, ADR 0115): the story's writer says who may comment on it. */
export const commentsFromBody = z.object({ id: idField('id'), comments_from: commentsFromField, user_id: z.unknown().optional() });
export const commentsFromResponse = z.object({ message: z.string(), comments_from: commentsFromField });

/** POST /api/user/follow-unfollow {follow_id, followType 1|0, user_id}: follow_id names a member or an account elsewhere (its row of users: /fediverse-accounts/lookup's id). */
export const followBody = z.object({ user_id: idField('user id'), follow_id: idField('follow id'), followType: flag('follow type') });
/** POST /api/user/is-following {user_id, follow_id}. */
export const isFollowingBody = z.object({ user_id: idField('user id'), follow_id: idField('follow id') });
/** `pending` (an account elsewhere only): the caller asked to follow it and its server has not said yes yet (is_following is true meanwhile: a second press takes the ask back). */
export const followResponse = z.object({ message: z.string(), is_following: z.boolean(), followers_count: z.number(), pending: z.boolean().optional() });

/** POST /api/user/block {user_id, block_id, status 1|0}: block or unblock a member or an account elsewhere (its row of users: a comment's `elsewhere.account_id`, a list's id). */
export const blockBody = z.object({ user_id: idField('user id'), block_id: idField('block id'), status: flag('status') });
export const blockResponse = z.object({ message: z.string(), is_blocked: z.boolean() });
export type BlockResponse = z.infer<typeof blockResponse>;
/** POST /api/user/blocked-users {user_id}: the people the caller blocked, most recent first: members and accounts elsewhere (`elsewhere` set: handle, picture and profile there). */
export const blockedUsersBody = z.object({ user_id: idField('user id') });
/** A person in a list of people one keeps at a distance (whom one blocked, whom one banned): a member, or an account elsewhere (`elsewhere` set). */
const listedPerson = z.object({ id: z.number(), name: z.string().nullable(), profile_picture: z.string().nullable(), elsewhere: writtenElsewhere.nullable().optional() });
export const blockedUsersResponse = z.object({ data: z.array(listedPerson) });
export type BlockedUsersResponse = z.infer<typeof blockedUsersResponse>;

/**
 * POST /api/user/comment-bans/set {user_id, reader_id, banned 1|0} (issue 47, ADR 0116): a writer bans
 * a reader (a member or an account elsewhere) from commenting on their stories, or lifts it.
 */
export const commentBanBody = z.object({ user_id: idField('user id'), reader_id: idField('reader id'), banned: flag('banned') });
export const commentBanResponse = z.object({ message: z.string(), banned: z.boolean() });
/** POST /api/user/comment-bans {user_id}: the readers the writer banned from their stories' comments, most recent first. */
export const commentBansBody = z.object({ user_id: idField('user id') });
export const commentBansResponse = z.object({ data: z.array(listedPerson) });
export type CommentBansResponse = z.infer<typeof commentBansResponse>;

/** How many people one page of a followers or following list holds. */
export const FOLLOW_LIST_PAGE_SIZE = 20;
const viewerId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idField('user id').optional());
/**
 * POST /api/user/followers and /api/user/following {profile_id, user_id?} (additions), `?cursor=` from
 * next_page_url: the people who follow profile_id, or whom profile_id follows, newest follow first,
 * FOLLOW_LIST_PAGE_SIZE a page. Open to visitors; user_id, when sent, must be the caller's (as on feeds).
 */
export const followListBody = z.object({ profile_id: idField('profile id'), user_id: viewerId });
/**
 * One of such a list (publicProfile's public fields), with whether the caller follows them: a member,
 * or an account elsewhere (`elsewhere` set: its handle, picture and profile there; ADR 0085). In one's
 * own following list, an account elsewhere asked to follow and not yet accepted by its server comes
 * with `pending` true.
 */
export const followListPerson = publicProfile
  .pick({ id: true, name: true, username: true, bio: true, profile_picture: true, followers_count: true })
  .extend({ is_following: z.boolean(), elsewhere: writtenElsewhere.nullable().optional(), pending: z.boolean().optional() });
export type FollowListPerson = z.infer<typeof followListPerson>;
/** A page of people; next_page_url carries a keyset cursor ("<followed at>|<id>") and is null on the last page. */
export const followListPage = z.object({ data: z.array(followListPerson), next_page_url: z.string().nullable() });
export type FollowListPage = z.infer<typeof followListPage>;
/** POST /api/user/followers/remove {user_id, follower_id}: the member stops someone following them (a member, or an account elsewhere, whose server is told with a Reject). */
export const removeFollowerBody = z.object({ user_id: idField('user id'), follower_id: idField('follower id') });
export const FOLLOWER_REMOVED = 'Removed: they no longer follow you.';
export const FOLLOWER_NOT_LISTED = 'They do not follow you.';
