import type { CommentsFrom } from '@inkwell/contract';
import type { Generated } from 'kysely';

/** Members and how they sign in: accounts, sessions, mailed tokens, the failed-login throttle and trusted places. */
export interface UsersTable {
  id: Generated<number>;
  /** Null only for an account of another server (migration 0045: a CHECK holds it); every member has one. */
  email: string | null;
  email_normalized: string | null;
  name: string | null;
  username: string | null;
  bio: string | null;
  profile_picture: string | null;
  password_hash: string | null;
  google_id: string | null;
  email_verified_at: string | null;
  post_count: Generated<number>;
  followers_count: Generated<number>;
  following_count: Generated<number>;
  notify_like: Generated<number>;
  notify_comment: Generated<number>;
  notify_follow: Generated<number>;
  notify_help: Generated<number>;
  /** Mail when someone the member follows publishes a story (migration 0021; 0 unless ticked). */
  notify_post: Generated<number>;
  /** 1 while the member keeps a reading history (migration 0025; 0 until they turn it on). */
  keep_history: Generated<number>;
  /** The writer's own newsletter welcome mail text (migration 0026; null: the default one). */
  newsletter_welcome: string | null;
  deactivated_at: string | null;
  /** When the moderators limited the account (migration 0076, ADR 0111): out of feeds, search and recommendations but for its followers; null: not limited. */
  limited_at: Generated<string | null>;
  /** Who may comment on the member's new stories (migration 0077, ADR 0115): a story takes it when published. */
  comments_from: Generated<CommentsFrom>;
  created_at: string;
  updated_at: string;
  /**
   * An account of another server (migration 0044, ADR 0080 and 0083): its server's host, null for a
   * member of this one. Until the actors are folded in, every row is a member's. A query that means
   * members says `domain IS NULL`.
   */
  domain: string | null;
  /** An account elsewhere: `@name@host` (not unique), its URI (unique), where to deliver to it, its profile page and picture, when it was last read. */
  handle: string | null;
  ap_id: string | null;
  inbox: string | null;
  shared_inbox: string | null;
  url: string | null;
  icon_url: string | null;
  fetched_at: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  user_agent: string | null;
  ip: string | null;
}

export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'verify' | 'reset' | 'email';
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** Purpose 'email': the address to move to once the link is opened (migration 0011). */
  new_email: Generated<string | null>;
}

/** A failed-login counter (migration 0008): 'account:<email>' or 'address:<email>|<ip>'. */
export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_start: string;
}

/** A place (address or device cookie, hashed) an account signed in from successfully. */
export interface LoginTrustTable {
  user_id: number;
  place_hash: string;
  last_used_at: string;
}
