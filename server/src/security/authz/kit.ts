import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The authorization matrix's vocabulary: a case's scene, an entry's shape, and the builders and row snapshots the parts use. */

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
  /** A confirmed address on the owner's newsletter list (issue 29), and the address. */
  subscriber: number;
  subscriberEmail: string;
  /** A member of staff with the moderator role (issue 47), and an open case they opened by reporting theirPost. */
  moderator: Member;
  caseId: number;
  /** An open help request of postOwner's (the console's help calls). */
  helpRequestId: number;
  /** A stored image (path under /storage) and a valid Google ID token, shared by every case. */
  image: string;
  google: string;
}

/** Who calls: no session, another user, the owner, the owner of the post the comment is on, a moderator. */
export type Actor = 'visitor' | 'stranger' | 'owner' | 'postOwner' | 'moderator';

export interface Expect extends Partial<Record<Actor, number>> {
  visitor: number;
  /** The stranger with a body naming themselves instead of the owner. */
  self?: number;
}

export type Fields = Record<string, string | number | boolean | number[]>;

export interface Entry {
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
export const onPost = async (s: Scene, table: PostTable, postId: number) => sorted(await s.db.selectFrom(table).selectAll().where('post_id', '=', postId).execute());
export const postRow = (s: Scene, id: number) => s.db.selectFrom('posts').selectAll().where('id', '=', id).execute();
/** The owner's newsletter list. */
export const ownersList = async (s: Scene) => sorted(await s.db.selectFrom('newsletter_subscribers').selectAll().where('writer_id', '=', s.owner.id).execute());
export const userRow = (s: Scene, id: number) => s.db.selectFrom('users').selectAll().where('id', '=', id).execute();

/** A post's counted readers and daily numbers (stats beacons). */
export const statsOf = async (s: Scene, postId: number) => [
  sorted(await s.db.selectFrom('post_readers').select(['day', 'kind']).where('post_id', '=', postId).execute()),
  sorted(await s.db.selectFrom('post_stats_daily').selectAll().where('post_id', '=', postId).execute()),
];
export const thread = async (s: Scene) => [await onPost(s, 'comments', s.theirPost), await onPost(s, 'replies', s.theirPost), await postRow(s, s.theirPost)];

/** Anyone may call it, signed in or not: a conscious choice for every new open route. */
export const open = (visitor: number, more: Omit<Entry, 'expect'> = {}): Entry => ({ expect: { visitor }, ...more });

/** Open reads that mark the viewer's likes: a user_id in the body must be the caller's; a visitor's is ignored. */
export const reader = (body: (s: Scene, subject: Member) => Fields): Entry => ({
  expect: { visitor: 200, stranger: 403, owner: 200, self: 200 },
  body,
  private: () => '"is_like":true',
});

/** Signed in, on the subject's own data only: someone else's user_id is 403, one's own acts on oneself. */
export const own = (owner: number, more: Omit<Entry, 'expect'> & { self?: number }): Entry => {
  const { self = owner, ...rest } = more;
  return { expect: { visitor: 401, stranger: 403, owner, self }, ...rest };
};

/** Signed in, on a comment or reply: its author or the post's owner, nobody else. */
export const authorOrPostOwner = (id: (s: Scene) => number): Entry => ({
  expect: { visitor: 401, stranger: 403, owner: 200, postOwner: 200 },
  body: (s) => ({ id: id(s) }),
  changes: thread,
});

export const PASSWORD = 'Secret#123';
export const postFields = (s: Scene, title: string) => ({ title, sub_title: `${title}, briefly`, category_id: s.category, description: `<p>${title}</p>` });

/** A console call (issue 47, ADR 0105): staff with the permission only; every member else 403 in one wording, whatever the body. */
export const staff = (moderator: number, more: Omit<Entry, 'expect'> = {}): Entry => ({ expect: { visitor: 401, stranger: 403, owner: 403, postOwner: 403, moderator }, ...more });
