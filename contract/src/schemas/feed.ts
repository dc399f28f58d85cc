import { z } from 'zod';
import { type WrittenElsewhere, commentsFromField, idField, writtenElsewhere } from './common.ts';
import { publicProfile } from './users.ts';

const optionalUserId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idField('user id').optional());

/** The author as a post card shows it (SPEC §3: author {id, name, profile_picture, followers_count}). */
export const postAuthor = z.object({
  id: z.number(),
  name: z.string().nullable(),
  profile_picture: z.string().nullable(),
  followers_count: z.number(),
});

/**
 * Why a 'For you' card is there (issue 13, an addition), from what made it appear: 'topic' a topic the
 * reader chose, 'more' a topic they asked more of, 'author' an author they follow, 'popular' among the
 * most liked of its topic's newest posts, 'latest' every post newest first (nothing chosen).
 */
export const FEED_REASON_KINDS = ['topic', 'more', 'author', 'popular', 'latest'] as const;
export const feedReason = z.object({
  kind: z.enum(FEED_REASON_KINDS),
  topic: z.object({ id: z.number(), name: z.string() }).optional(),
  author: z.object({ id: z.number(), name: z.string().nullable() }).optional(),
});
export type FeedReason = z.infer<typeof feedReason>;

export const commentElsewhere = writtenElsewhere;
export type CommentElsewhere = WrittenElsewhere;

/** One post in a list: everything a card shows, with the viewer's is_like and is_saved. */
export const postCard = z.object({
  id: z.number(),
  user_id: z.number(),
  /** Null only for a story of an account elsewhere that a member follows (its `elsewhere` is set). */
  category_id: z.number().nullable(),
  title: z.string(),
  sub_title: z.string(),
  /** Path under /storage, or null (the web app falls back to the default image). */
  image: z.string().nullable(),
  /**
   * An addition: the cover's intrinsic size in pixels, null when unknown (no cover, or stored before
   * sizes were recorded). With the path it tells which narrower copies exist (contract/images.ts).
   */
  image_width: z.number().nullable().optional(),
  image_height: z.number().nullable().optional(),
  read_time: z.number(),
  created_at: z.string(),
  likes_count: z.number(),
  comments_count: z.number(),
  is_like: z.boolean(),
  is_saved: z.boolean(),
  author: postAuthor,
  /** A story of an account elsewhere (shown in Following and on its page, never in the site's lists); absent or null for a member's. */
  elsewhere: writtenElsewhere.nullable().optional(),
  /** Addition (issue 13): why the card is in 'For you'; null (or absent) in every other list. */
  reason: feedReason.nullable().optional(),
});
export type PostCard = z.infer<typeof postCard>;

/** A page of posts; next_page_url carries a keyset cursor and is null on the last page. */
export const postPage = z.object({ data: z.array(postCard), next_page_url: z.string().nullable() });
export type PostPage = z.infer<typeof postPage>;

/** POST /api/user/view-posts {user_id?}: 'For you' (the viewer's categories; everything for visitors). */
export const viewPostsBody = z.object({ user_id: optionalUserId });
/** POST /api/user/following/posts {user_id}: posts of the authors the viewer follows. Signed in. */
export const followingPostsBody = z.object({ user_id: idField('user id') });
/** POST /api/user/categories-name {category_id}: one category's posts, as {posts: {data, next_page_url}}. */
export const categoryPostsBody = z.object({ category_id: idField('category id'), user_id: optionalUserId });
export const categoryPostsResponse = z.object({ posts: postPage });
/** POST /api/user/author-posts {author_id} (an addition): one author's posts (profile, Library). */
export const authorPostsBody = z.object({ author_id: idField('author id'), user_id: optionalUserId });
/** POST /api/user/saved-posts {user_id} (an addition): the viewer's saved posts, newest save first. */
export const savedPostsBody = z.object({ user_id: idField('user id') });

export const commentUser = z.object({ id: z.number(), name: z.string().nullable(), profile_picture: z.string().nullable() });

/** Why a writing is out of others' sight (issue 47): held for review, hidden by the moderators, or by the story's writer (ADR 0113). */
export const writingHidden = z.enum(['held', 'moderators', 'author']);

export const replyItem = z.object({
  id: z.number(),
  user_id: z.number(),
  comment_id: z.number(),
  /** Addition: the reply of the same comment this one answers, or null (an answer to the comment). */
  reply_to_id: z.number().nullable(),
  reply: z.string(),
  created_at: z.string(),
  user: commentUser,
  elsewhere: commentElsewhere.nullable().optional(),
  /**
   * Addition: out of others' sight — 'held' for review until a moderator lets it through, hidden by
   * the 'moderators', or by the story's writer ('author') — and given to its writer only (and one the
   * story's writer hid, to them too), labelled.
   */
  hidden: writingHidden.optional(),
});
export type ReplyItem = z.infer<typeof replyItem>;

export const commentItem = z.object({
  id: z.number(),
  user_id: z.number(),
  post_id: z.number(),
  comments: z.string(),
  created_at: z.string(),
  user: commentUser,
  elsewhere: commentElsewhere.nullable().optional(),
  /** Addition: as a reply's. */
  hidden: writingHidden.optional(),
  replies: z.array(replyItem),
});
export type CommentItem = z.infer<typeof commentItem>;

/** POST /api/user/post/details {post_id}: the post with its body, author (user_data) and comments. */
export const postDetailsBody = z.object({ post_id: idField('post id'), user_id: optionalUserId });
export const postDetail = postCard.extend({
  description: z.string(),
  updated_at: z.string(),
  user_data: commentUser,
  comments: z.array(commentItem),
  /** How many accounts elsewhere boosted it (their likes count in likes_count). */
  boosts_count: z.number().optional(),
  /** Addition (issue 47, ADR 0115): who may comment on it, as its writer chose. */
  comments_from: commentsFromField.optional(),
  /** Addition: whether the signed-in reader may comment on it (absent for a visitor). */
  may_comment: z.boolean().optional(),
  /** Addition (ADR 0116): the writer banned the signed-in reader from commenting on their stories (absent otherwise). */
  banned_from_comments: z.literal(true).optional(),
});
export type PostDetail = z.infer<typeof postDetail>;
export const postDetailsResponse = z.object({ post: postDetail });

/** POST /api/user/posts/related {id, user_id?}: same category first, then shared title words. */
export const relatedPostsBody = z.object({ id: idField('id'), user_id: optionalUserId });
export const relatedPostsResponse = z.object({ related_posts: z.array(postCard) });

export const categoryItem = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  /** Addition: how many members follow the topic (chose it in Manage Category or on its page). */
  followers_count: z.number(),
});
export type CategoryItem = z.infer<typeof categoryItem>;
/** GET /api/user/categories: every category with its description. */
export const categoriesResponse = z.object({ categories: z.array(categoryItem) });
/** GET /api/user/category: [{id, name}] for the post form's select. */
export const categoryOptionsResponse = z.array(z.object({ id: z.number(), name: z.string() }));

/** How many picks and how many people to follow the home page's side panels show. */
export const PICKS_MAX = 4;
export const WHOM_TO_FOLLOW_MAX = 4;

/** POST /api/user/recommended-posts {user_id?}: Picks, the most liked of the recent posts (SPEC §3). */
export const recommendedPostsBody = z.object({ user_id: optionalUserId });
export const recommendedPost = z.object({
  id: z.number(),
  title: z.string(),
  user: z.object({ id: z.number(), name: z.string().nullable(), profile_picture: z.string().nullable(), followers_count: z.number() }),
});
export const recommendedPostsResponse = z.object({ recommended_posts: z.array(recommendedPost) });
export type RecommendedPost = z.infer<typeof recommendedPost>;

/** POST /api/user/recommended-users {id?}: Whom to follow, people the reader does not follow yet (SPEC §3). */
export const recommendedUsersBody = z.object({ id: optionalUserId });
export const recommendedUser = publicProfile.pick({ id: true, name: true, username: true, bio: true, profile_picture: true }).extend({ is_follow: z.boolean() });
export const recommendedUsersResponse = z.object({ recommended_users: z.array(recommendedUser) });
export type RecommendedUser = z.infer<typeof recommendedUser>;
