import { encodeId } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The authorization matrix: every route of app.routeTable, keyed "METHOD url", with who may call it,
 * written once. authz.test.ts generates its cases from the route table and this table; a route
 * without an entry, or whose guard differs from the entry's access, fails the suite.
 */

export interface Member {
  id: number;
  email: string;
  password: string;
  token: string;
}

/** The rows of one case, made fresh for every call (authz.test.ts `stage`). */
export interface Scene {
  db: Kysely<DB>;
  seq: number;
  /** The user whose data it is. */
  owner: Member;
  /** Another signed-in user. */
  stranger: Member;
  /** The author of theirPost and likedPost. */
  postOwner: Member;
  /** The owner's post. */
  ownPost: number;
  /** The owner's draft (complete, so it may be published), its secret preview link's token, and its title. */
  ownDraft: number;
  previewToken: string;
  draftTitle: string;
  /** postOwner's post, with the owner's comment (and the owner's reply to it) and postOwner's own comment. */
  theirPost: number;
  comment: number;
  reply: number;
  theirComment: number;
  /** postOwner's post, the newest of all, liked and saved by the owner. */
  likedPost: number;
  likedTitle: string;
  /** The category the owner chose; otherCategory is one they did not. */
  category: number;
  otherCategory: number;
  /** The text and id of the owner's only notification. The owner follows postOwner, and keeps a reading history holding theirPost. */
  note: string;
  noteId: number;
  /** A stored image (path under /storage) and a valid Google ID token, shared by every case. */
  image: string;
  google: string;
}

/** Who calls: no session, another user, the owner, the owner of the post the comment is on. */
export type Actor = 'visitor' | 'stranger' | 'owner' | 'postOwner';

export interface Expect extends Partial<Record<Actor, number>> {
  visitor: number;
  /** The stranger with a body naming themselves instead of the owner. */
  self?: number;
}

export type Fields = Record<string, string | number | boolean | number[]>;

export interface Entry {
  /** What the route's guard must be: 'session' (requireSession) or 'open'. */
  access: 'session' | 'open';
  /**
   * The status each actor gets with the body naming the owner's data. A forged token, or a valid token
   * with another user's id, gets 401 on session routes and the visitor's status on open ones.
   */
  expect: Expect;
  /** The body, naming `subject`: the owner in the matrix, the stranger in the `self` case. */
  body?: (s: Scene, subject: Member) => Fields;
  /** Sent as multipart like the web app does; 'cover' adds a fresh image file. */
  multipart?: 'plain' | 'cover';
  /** The URL to call when the route's is a pattern or needs a query. */
  url?: (s: Scene) => string;
  /** The rows the call changes: equal before and after a refused call, different after the owner's. */
  changes?: (s: Scene) => Promise<unknown>;
  /** Text only the owner's answer carries: the owner's must contain it, nobody else's may. */
  private?: (s: Scene) => string;
}

/** Rows in a stable order, so two snapshots compare equal whatever order the database returns them in. */
export function sorted(rows: readonly unknown[]): string[] {
  return rows.map((row) => JSON.stringify(row)).sort();
}

type UserTable =
  | 'sessions'
  | 'posts'
  | 'drafts'
  | 'likes'
  | 'saves'
  | 'comments'
  | 'replies'
  | 'user_categories'
  | 'notifications'
  | 'help_requests'
  | 'feed_topic_tuning'
  | 'feed_author_mutes'
  | 'reading_history';
export const USER_TABLES: readonly UserTable[] = [
  'sessions',
  'posts',
  'drafts',
  'likes',
  'saves',
  'comments',
  'replies',
  'user_categories',
  'notifications',
  'help_requests',
  'feed_topic_tuning',
  'feed_author_mutes',
  'reading_history',
];

/** A user's rows of one table. */
export async function ownedBy(db: Kysely<DB>, table: UserTable, userId: number): Promise<string[]> {
  return sorted(await db.selectFrom(table).selectAll().where('user_id', '=', userId).execute());
}

type PostTable = 'likes' | 'saves' | 'comments' | 'replies';
const onPost = async (s: Scene, table: PostTable, postId: number) =>
  sorted(await s.db.selectFrom(table).selectAll().where('post_id', '=', postId).execute());
const postRow = (s: Scene, id: number) => s.db.selectFrom('posts').selectAll().where('id', '=', id).execute();
const userRow = (s: Scene, id: number) => s.db.selectFrom('users').selectAll().where('id', '=', id).execute();

/** A post's counted readers and daily numbers (stats beacons). */
const statsOf = async (s: Scene, postId: number) => [
  sorted(await s.db.selectFrom('post_readers').select(['day', 'kind']).where('post_id', '=', postId).execute()),
  sorted(await s.db.selectFrom('post_stats_daily').selectAll().where('post_id', '=', postId).execute()),
];
const thread = async (s: Scene) => [await onPost(s, 'comments', s.theirPost), await onPost(s, 'replies', s.theirPost), await postRow(s, s.theirPost)];

/** Anyone may call it, signed in or not: a conscious choice for every new open route. */
const open = (visitor: number, more: Omit<Entry, 'access' | 'expect'> = {}): Entry => ({ access: 'open', expect: { visitor }, ...more });

/** Open reads that mark the viewer's likes: a user_id in the body must be the caller's; a visitor's is ignored. */
const reader = (body: (s: Scene, subject: Member) => Fields): Entry => ({
  access: 'open',
  expect: { visitor: 200, stranger: 403, owner: 200, self: 200 },
  body,
  private: () => '"is_like":true',
});

/** Signed in, on the subject's own data only: someone else's user_id is 403, one's own acts on oneself. */
const own = (owner: number, more: Omit<Entry, 'access' | 'expect'> & { self?: number }): Entry => {
  const { self = owner, ...rest } = more;
  return { access: 'session', expect: { visitor: 401, stranger: 403, owner, self }, ...rest };
};

/** Signed in, on a comment or reply: its author or the post's owner, nobody else. */
const authorOrPostOwner = (id: (s: Scene) => number): Entry => ({
  access: 'session',
  expect: { visitor: 401, stranger: 403, owner: 200, postOwner: 200 },
  body: (s) => ({ id: id(s) }),
  changes: thread,
});

const PASSWORD = 'Secret#123';
const postFields = (s: Scene, title: string) => ({ title, sub_title: `${title}, briefly`, category_id: s.category, description: `<p>${title}</p>` });

export const MATRIX: Readonly<Record<string, Entry>> = {
  'GET /api/health': open(200),
  'GET /api/ready': open(200),
  'GET /storage/*': open(200, { url: (s) => `/storage/${s.image}` }),
  // Feeds and sitemaps for search engines and feed readers (seo/): public, the same for everyone.
  'GET /robots.txt': open(200),
  'GET /rss.xml': open(200),
  'GET /rss/author/:sqid.xml': open(200, { url: (s) => `/rss/author/${encodeId(s.postOwner.id)}.xml` }),
  'GET /rss/category/:catogary.xml': open(200, { url: (s) => `/rss/category/${encodeId(s.category)}.xml` }),
  'GET /sitemap.xml': open(200),
  'GET /sitemap/pages.xml': open(200),
  'GET /sitemap/posts-:n.xml': open(200, { url: () => '/sitemap/posts-1.xml' }),
  'GET /sitemap/people-:n.xml': open(200, { url: () => '/sitemap/people-1.xml' }),
  'POST /api/user/register': open(201, {
    body: (s) => ({ email: `newcomer${s.seq}@example.com`, password: PASSWORD, password_confirmation: PASSWORD }),
  }),
  'POST /api/user/login': open(200, { body: (s) => ({ email: s.stranger.email, password: s.stranger.password }) }),
  'POST /api/user/google': open(200, { body: (s) => ({ credential: s.google }) }),
  'POST /api/user/resend-verification': open(200, { body: (s) => ({ email: s.stranger.email }) }),
  'GET /api/user/verify-email': open(303, { url: () => '/api/user/verify-email?token=not-a-token' }),
  'GET /api/user/client-config': open(200),
  'POST /api/user/forgot-password': open(200, { body: (s) => ({ email: s.stranger.email }) }),
  'POST /api/user/reset-password': open(422, {
    body: () => ({ token: 'not-a-token', password: PASSWORD, password_confirmation: PASSWORD }),
  }),
  'GET /api/user/confirm-email': open(303, { url: () => '/api/user/confirm-email?token=not-a-token' }),
  'POST /api/user/deactivate': own(200, {
    body: (_s, u) => ({ user_id: u.id, current_password: PASSWORD }),
    changes: (s) => userRow(s, s.owner.id),
  }),
  'POST /api/user/delete-account': own(200, {
    body: (_s, u) => ({ user_id: u.id, current_password: PASSWORD }),
    changes: (s) => userRow(s, s.owner.id),
  }),
  'GET /api/user/categories': open(200),
  'GET /api/user/category': open(200),
  'POST /api/user/search': open(200, { body: (s) => ({ query: `Liked ${s.seq}` }) }),
  'POST /api/user/search/results': open(200, { body: (s) => ({ query: `Liked ${s.seq}`, type: 'posts' }) }),
  'POST /api/user/get-profile-data': { access: 'open', expect: { visitor: 200, stranger: 200, owner: 200 }, body: (s) => ({ id: s.owner.id }) },

  'POST /api/user/view-posts': reader((_s, u) => ({ user_id: u.id })),
  'POST /api/user/categories-name': reader((s, u) => ({ category_id: s.category, user_id: u.id })),
  'POST /api/user/author-posts': reader((s, u) => ({ author_id: s.postOwner.id, user_id: u.id })),
  'POST /api/user/post/details': reader((s, u) => ({ post_id: s.likedPost, user_id: u.id })),
  'POST /api/user/posts/related': reader((s, u) => ({ id: s.theirPost, user_id: u.id })),
  'POST /api/user/recommended-posts': { ...reader((_s, u) => ({ user_id: u.id })), private: undefined },
  'POST /api/user/recommended-users': { ...reader((_s, u) => ({ id: u.id })), private: undefined },
  'POST /api/user/recommended-categories': { ...reader((_s, u) => ({ user_id: u.id })), private: undefined },
  // Open lists of a member (profile_id); a body user_id names the caller, so another's is 403 as on feeds.
  // The owner follows postOwner: only the owner's view of their own Following marks someone followed.
  'POST /api/user/followers': { ...reader((s, u) => ({ profile_id: s.postOwner.id, user_id: u.id })), private: undefined },
  'POST /api/user/following': { ...reader((_s, u) => ({ profile_id: u.id, user_id: u.id })), private: () => '"is_following":true' },

  // Ends the caller's own session, whoever else's sessions there are.
  'POST /api/user/logout': {
    access: 'session',
    expect: { visitor: 401, stranger: 200, owner: 200 },
    changes: (s) => ownedBy(s.db, 'sessions', s.owner.id),
  },
  'POST /api/user/profile': own(200, { body: (_s, u) => ({ id: u.id }), private: (s) => s.owner.email }),
  'POST /api/user/update-profile': own(200, {
    body: (s, u) => ({ id: u.id, name: `Renamed ${s.seq}`, bio: 'Changed' }),
    changes: (s) => userRow(s, s.owner.id),
    private: (s) => s.owner.email,
  }),
  'POST /api/user/notifications': own(200, { body: (_s, u) => ({ user_id: u.id }), private: (s) => s.note }),
  // The stranger naming themselves with the owner's notification id marks nothing of the owner's.
  'POST /api/user/notifications/seen': own(200, {
    body: (s, u) => ({ user_id: u.id, ids: [s.noteId] }),
    changes: (s) => ownedBy(s.db, 'notifications', s.owner.id),
  }),
  // Each member's own stream: there is no one else's to ask for.
  'GET /api/user/notifications/stream': { access: 'session', expect: { visitor: 401, stranger: 200, owner: 200 } },
  // The mailed token is the authority (no session): a token that is not ours changes nothing.
  'POST /api/user/unsubscribe': open(422, { body: () => ({ token: '1.like.not-a-signature' }), changes: (s) => userRow(s, s.owner.id) }),
  'POST /unsubscribe': open(422, { url: (s) => `/unsubscribe?token=${s.owner.id}.like.forged`, changes: (s) => userRow(s, s.owner.id) }),
  'POST /api/user/following/posts': own(200, { body: (_s, u) => ({ user_id: u.id }), private: (s) => JSON.stringify(s.likedTitle) }),
  'POST /api/user/saved-posts': own(200, { body: (_s, u) => ({ user_id: u.id }), private: (s) => JSON.stringify(s.likedTitle) }),
  'POST /api/user/user-categories': own(200, { body: (_s, u) => ({ user_id: u.id }), private: (s) => `{"category_id":${s.category}}` }),
  'POST /api/user/selected-category': own(200, {
    body: (s, u) => ({ user_id: u.id, category_id: s.otherCategory, status: 'active' }),
    changes: (s) => ownedBy(s.db, 'user_categories', s.owner.id),
  }),
  'POST /api/user/reset-categories': own(200, {
    body: (_s, u) => ({ user_id: u.id }),
    changes: (s) => ownedBy(s.db, 'user_categories', s.owner.id),
  }),
  // Tuning 'For you' (issue 13): the caller's own only. The owner asked less of otherCategory (authz.test.ts
  // `stage`) and mutes postOwner (a stranger naming themselves mutes them for themselves); reset forgets it all.
  'POST /api/user/feed-tuning': own(200, { body: (_s, u) => ({ user_id: u.id }), private: (s) => `"less":[{"id":${s.otherCategory},` }),
  'POST /api/user/feed-tuning/set': own(200, {
    body: (s, u) => ({ user_id: u.id, kind: 'mute', target_id: s.postOwner.id, on: 1 }),
    changes: async (s) => [await ownedBy(s.db, 'feed_author_mutes', s.owner.id), await ownedBy(s.db, 'feed_topic_tuning', s.owner.id)],
  }),
  'POST /api/user/feed-tuning/reset': own(200, {
    body: (_s, u) => ({ user_id: u.id }),
    changes: async (s) => [await ownedBy(s.db, 'feed_author_mutes', s.owner.id), await ownedBy(s.db, 'feed_topic_tuning', s.owner.id)],
  }),

  // Drafts (issue 13): another member's draft does not exist for them (404), whatever user_id they name.
  'POST /api/user/drafts/save': own(200, {
    self: 404,
    body: (s, u) => ({ id: s.ownDraft, user_id: u.id, title: `Redrafted ${s.seq}` }),
    changes: (s) => ownedBy(s.db, 'drafts', s.owner.id),
  }),
  'POST /api/user/drafts': own(200, { body: (_s, u) => ({ user_id: u.id }), private: (s) => s.draftTitle }),
  'POST /api/user/drafts/details': own(200, { self: 404, body: (s, u) => ({ id: s.ownDraft, user_id: u.id }), private: (s) => s.draftTitle }),
  'POST /api/user/drafts/delete': own(200, { self: 404, body: (s, u) => ({ id: s.ownDraft, user_id: u.id }), changes: (s) => ownedBy(s.db, 'drafts', s.owner.id) }),
  'POST /api/user/drafts/publish': own(201, {
    self: 404,
    body: (s, u) => ({ id: s.ownDraft, user_id: u.id }),
    changes: async (s) => [await ownedBy(s.db, 'drafts', s.owner.id), await ownedBy(s.db, 'posts', s.owner.id)],
  }),
  'POST /api/user/drafts/schedule': own(200, {
    self: 404,
    body: (s, u) => ({ id: s.ownDraft, user_id: u.id, publish_at: new Date(Date.now() + 3_600_000).toISOString() }),
    changes: (s) => ownedBy(s.db, 'drafts', s.owner.id),
  }),
  'POST /api/user/drafts/preview': own(200, {
    self: 404,
    body: (s, u) => ({ id: s.ownDraft, user_id: u.id, enabled: false }),
    changes: (s) => ownedBy(s.db, 'drafts', s.owner.id),
  }),
  // Whoever holds the secret link reads the draft: that is what the link is for.
  'POST /api/user/draft-preview': open(200, { body: (s) => ({ token: s.previewToken }) }),
  'POST /api/user/add-post': own(201, {
    multipart: 'cover',
    body: (s, u) => ({ user_id: u.id, ...postFields(s, `Fresh ${s.seq}`) }),
    changes: async (s) => [await ownedBy(s.db, 'posts', s.owner.id), await userRow(s, s.owner.id)],
  }),
  // The guard refuses the owner's user_id; the service refuses the stranger's own on the owner's post.
  'POST /api/user/posts/update': own(200, {
    self: 403,
    multipart: 'plain',
    body: (s, u) => ({ id: s.ownPost, user_id: u.id, ...postFields(s, `Rewritten ${s.seq}`) }),
    changes: (s) => postRow(s, s.ownPost),
  }),
  'POST /api/user/delete-posts': {
    access: 'session',
    expect: { visitor: 401, stranger: 403, owner: 200 },
    body: (s) => ({ id: s.ownPost }),
    changes: async (s) => [await postRow(s, s.ownPost), await userRow(s, s.owner.id)],
  },
  'POST /api/user/upload-image': own(201, {
    multipart: 'cover',
    body: (_s, u) => ({ user_id: u.id }),
    changes: async (s) => sorted(await s.db.selectFrom('stored_images').selectAll().execute()),
  }),

  'POST /api/user/like': own(200, {
    body: (s, u) => ({ user_id: u.id, post_id: s.theirPost, status: 1 }),
    changes: async (s) => [await onPost(s, 'likes', s.theirPost), await postRow(s, s.theirPost)],
  }),
  'POST /api/user/posts/save': own(200, {
    body: (s, u) => ({ user_id: u.id, post_id: s.theirPost, save_unsave: 1 }),
    changes: (s) => onPost(s, 'saves', s.theirPost),
  }),
  'POST /api/user/comment': own(200, { body: (s, u) => ({ user_id: u.id, post_id: s.theirPost, comments: 'A comment' }), changes: thread }),
  'POST /api/user/replies': own(200, {
    body: (s, u) => ({ user_id: u.id, post_id: s.theirPost, comment_id: s.theirComment, reply: 'A reply' }),
    changes: thread,
  }),
  'POST /api/user/comment-delete': authorOrPostOwner((s) => s.comment),
  'POST /api/user/reply-delete': authorOrPostOwner((s) => s.reply),
  // The owner follows postOwner; followType 0 unfollows.
  'POST /api/user/follow-unfollow': own(200, {
    body: (s, u) => ({ user_id: u.id, follow_id: s.postOwner.id, followType: 0 }),
    changes: async (s) => [
      sorted(await s.db.selectFrom('follows').selectAll().where('following_id', '=', s.postOwner.id).execute()),
      await userRow(s, s.postOwner.id),
    ],
  }),
  'POST /api/user/is-following': own(200, {
    body: (s, u) => ({ user_id: u.id, follow_id: s.postOwner.id }),
    private: () => '"is_following":true',
  }),
  'POST /api/user/block': own(200, {
    body: (s, u) => ({ user_id: u.id, block_id: s.postOwner.id, status: 1 }),
    changes: async (s) => [
      sorted(await s.db.selectFrom('blocks').selectAll().where('blocked_id', '=', s.postOwner.id).execute()),
      sorted(await s.db.selectFrom('follows').selectAll().where('following_id', '=', s.postOwner.id).execute()),
    ],
  }),
  'POST /api/user/blocked-users': own(200, { body: (_s, u) => ({ user_id: u.id }) }),
  'POST /api/user/export-data': own(200, { body: (_s, u) => ({ user_id: u.id }) }),
  'POST /api/user/help': own(201, {
    body: (_s, u) => ({ user_id: u.id, message: 'Please help' }),
    changes: (s) => ownedBy(s.db, 'help_requests', s.owner.id),
  }),

  // A writer's numbers (issue 13). The beacons are open: anyone reading a post counts (its author does
  // not, so the owner's view of postOwner's post is what shows). The numbers are the caller's own only:
  // another member's post is 404, whoever user_id names.
  'POST /api/user/stats/view': open(204, { body: (s) => ({ post_id: s.theirPost }), changes: (s) => statsOf(s, s.theirPost) }),
  'POST /api/user/stats/read': open(204, { body: (s) => ({ post_id: s.theirPost }), changes: (s) => statsOf(s, s.theirPost) }),
  'POST /api/user/stats': own(200, { body: (_s, u) => ({ user_id: u.id, days: 7 }), private: (s) => `"Own ${s.seq}"` }),
  'POST /api/user/stats/post': own(200, { self: 404, body: (s, u) => ({ user_id: u.id, post_id: s.ownPost, days: 30 }), private: (s) => `"Own ${s.seq}"` }),

  // A personal library (issue 13): the owner keeps a history holding theirPost. Only the owner reads or
  // changes it; a stranger naming themselves acts on their own (empty) library.
  'POST /api/user/history': own(200, { body: (_s, u) => ({ user_id: u.id }), private: (s) => `"title":"Theirs ${s.seq}"` }),
  'POST /api/user/history/settings': own(200, { body: (_s, u) => ({ user_id: u.id, enabled: 0 }), changes: (s) => userRow(s, s.owner.id) }),
  'POST /api/user/history/add': own(204, { body: (s, u) => ({ user_id: u.id, post_id: s.theirPost }), changes: (s) => ownedBy(s.db, 'reading_history', s.owner.id) }),
  'POST /api/user/history/remove': own(200, { body: (s, u) => ({ user_id: u.id, post_id: s.theirPost }), changes: (s) => ownedBy(s.db, 'reading_history', s.owner.id) }),
  'POST /api/user/history/clear': own(200, { body: (_s, u) => ({ user_id: u.id }), changes: (s) => ownedBy(s.db, 'reading_history', s.owner.id) }),
  'POST /api/user/library/search': own(200, {
    body: (s, u) => ({ user_id: u.id, query: s.likedTitle, scope: 'all' }),
    private: () => '"sources":["saved"]',
  }),
};
