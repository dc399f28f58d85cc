import type { Generated, Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import type { NotificationsTable } from './notifications.ts';

/**
 * The tables of the second social model that the fold dropped (migration 0058, ADR 0080, 0083), and
 * notifications' columns that pointed at them: no code reads or writes them. They are typed here only
 * for the migration tests that seed the shapes before 0058 (`EarlierDB`, through migrate.testkit's
 * `earlier`).
 */

/** An actor of another fediverse server (migration 0030), by its id (`uri`), as last read. */
export interface RemoteActorsTable {
  id: Generated<number>;
  uri: string;
  inbox: string;
  shared_inbox: string | null;
  /** `@name@host`. */
  handle: string;
  name: string | null;
  icon_url: string | null;
  /** Its profile page. */
  url: string | null;
  updated_at: string;
  /** Its row of `users` (migration 0046, ADR 0083): the bridge by which the remote_* tables are folded. */
  user_id: number | null;
}

/** A like or boost of a story by a remote actor (migration 0033), by the activity whose id an Undo names. */
export interface RemoteReactionsTable {
  id: Generated<number>;
  post_id: number;
  actor_id: number;
  kind: 'like' | 'announce';
  activity_uri: string;
  created_at: string;
}

/** A story (an Article or a Note, not a reply) of an account of another server members follow (migration 0039). */
export interface RemoteStoriesTable {
  id: Generated<number>;
  actor_id: number;
  object_uri: string;
  url: string | null;
  title: string | null;
  summary: string | null;
  /** Sanitized HTML. */
  content: string;
  published_at: string;
  updated_at: string;
}

/** A member's like of a story from another server (migration 0040), by the Like sent. */
export interface RemoteStoryLikesTable {
  user_id: number;
  story_id: number;
  like_uri: string;
  created_at: string;
}

/** A member's reply to a story from another server (migration 0041), plain text; its Note is /ap/notes/s<id>. */
export interface RemoteStoryRepliesTable {
  id: Generated<number>;
  story_id: number;
  user_id: number;
  body: string;
  created_at: string;
}

/**
 * A reply from the fediverse shown as a comment on a story (migration 0035, ADR 0073): a Note from a
 * remote actor (actor_id, note_uri), or a member's answer to one (user_id). thread_id null: it answers
 * the story; else the thread's first comment, and reply_to_id the one it answers. Left empty since
 * 0054 (its rows are comments and replies, with their Note's ap_id); dropped in step 6 of the fold.
 */
export interface RemoteCommentsTable {
  id: Generated<number>;
  post_id: number;
  actor_id: number | null;
  user_id: number | null;
  thread_id: number | null;
  reply_to_id: number | null;
  note_uri: string | null;
  /** The Note's page on its server. */
  url: string | null;
  /** Plain text (made from the Note's HTML). */
  body: string;
  created_at: string;
  updated_at: string;
}

/** notifications' columns that named the remote_* rows (0034–0036); all null since 0048, 0052 and 0054. */
export interface RemoteNoticeColumns {
  remote_actor_id: Generated<number | null>;
  remote_comment_id: Generated<number | null>;
  remote_reaction_id: Generated<number | null>;
}

/** The database as it was before migration 0058. */
export type EarlierDB = Omit<DB, 'notifications'> & {
  notifications: NotificationsTable & RemoteNoticeColumns;
  remote_actors: RemoteActorsTable;
  remote_reactions: RemoteReactionsTable;
  remote_stories: RemoteStoriesTable;
  remote_story_likes: RemoteStoryLikesTable;
  remote_story_replies: RemoteStoryRepliesTable;
  remote_comments: RemoteCommentsTable;
};

/** A database migrated to before 0058, as the migration tests seed and read it. */
export const earlier = (db: Kysely<DB>): Kysely<EarlierDB> => db as unknown as Kysely<EarlierDB>;
