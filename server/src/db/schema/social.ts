import type { Generated } from 'kysely';

/** What members do with posts and each other: likes, saves, follows, blocks, comments and replies. */
export interface LikesTable {
  post_id: number;
  user_id: number;
  created_at: string;
  /** The Like's id when an account elsewhere likes (migration 0051): its Undo names it; null for a member's like. */
  activity_id: string | null;
  /** 'like', or 'boost': an account elsewhere boosted (Announce) the story (migration 0052); not in likes_count. Every reader asks for one kind. */
  kind: Generated<'like' | 'boost'>;
}

export interface SavesTable {
  user_id: number;
  post_id: number;
  created_at: string;
}

export interface FollowsTable {
  follower_id: number;
  following_id: number;
  created_at: string;
  /** The Follow's id when an account elsewhere follows (migration 0049): its Undo names it, a Reject answers it; null for a member's follow. */
  activity_id: string | null;
}

/** A member's follow of an account elsewhere waiting for its Accept (migration 0050, ADR 0083); the Accept makes it a row of follows. */
export interface FollowRequestsTable {
  follower_id: number;
  followed_id: number;
  /** The Follow's id: its Accept, Reject or our Undo names it (null only inside the transaction that asks: the federation's reaction gives it, migration 0059). */
  activity_id: string | null;
  created_at: string;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: string;
}

/** A reader a writer banned from commenting on their stories (migration 0078, ADR 0116). */
export interface CommentBansTable {
  writer_id: number;
  reader_id: number;
  created_at: string;
}

export interface CommentsTable {
  id: Generated<number>;
  post_id: number;
  user_id: number;
  body: string;
  created_at: string;
  updated_at: string;
  /** An account elsewhere's (migration 0053): the Note's id (unique), and its page on its server. Null for a member's. */
  ap_id: Generated<string | null>;
  url: Generated<string | null>;
  /** Null: everybody sees it; 'held': held for review; 'moderators': hidden by them (migration 0067; 0068); 'author': by the story's writer (ADR 0113). Seen by its writer and staff only (and the story's writer). */
  hidden: Generated<WritingHidden | null>;
}

/** Why a comment or reply is out of others' sight (migration 0067, ADR 0099). */
export type WritingHidden = 'held' | 'moderators' | 'author';

export interface RepliesTable {
  id: Generated<number>;
  comment_id: number;
  post_id: number;
  user_id: number;
  /** The reply of the same comment this one answers (migration 0023); null for an answer to the comment. */
  reply_to_id: number | null;
  body: string;
  created_at: string;
  updated_at: string;
  /** As CommentsTable's (migration 0053). */
  ap_id: Generated<string | null>;
  url: Generated<string | null>;
  /** As CommentsTable's (migration 0067). */
  hidden: Generated<WritingHidden | null>;
}
