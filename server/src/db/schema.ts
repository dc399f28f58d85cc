import type { Generated } from 'kysely';

/**
 * The tables as the code sees them. Timestamps are ISO-8601 UTC text written by the app (the same on
 * SQLite and PostgreSQL, and they sort as text); booleans are 0/1 integers on both.
 */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  email_normalized: string;
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
  deactivated_at: string | null;
  created_at: string;
  updated_at: string;
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

/** A per-address call counter of one rate-limited route (migration 0016), when no Redis counts them. */
export interface RateLimitsTable {
  /** 'POST /api/user/search' */
  route: string;
  address: string;
  calls: number;
  /** When the current window ends. */
  expires_at: string;
}

/** A place (address or device cookie, hashed) an account signed in from successfully. */
export interface LoginTrustTable {
  user_id: number;
  place_hash: string;
  last_used_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string | null;
  /** Members who chose it (migration 0022), kept with user_categories' rows. */
  followers_count: Generated<number>;
  created_at: string;
}

export interface UserCategoriesTable {
  user_id: number;
  category_id: number;
  created_at: string;
}

export interface PostsTable {
  id: Generated<number>;
  user_id: number;
  category_id: number;
  title: string;
  sub_title: string;
  description: string;
  image: string | null;
  read_time: Generated<number>;
  /** The body's text for search (migration 0019): written with the row by the posts repository. */
  body_text: Generated<string>;
  likes_count: Generated<number>;
  comments_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface LikesTable {
  post_id: number;
  user_id: number;
  created_at: string;
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
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: string;
}

export interface CommentsTable {
  id: Generated<number>;
  post_id: number;
  user_id: number;
  body: string;
  created_at: string;
  updated_at: string;
}

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
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  actor_id: number | null;
  /** 'post': a member the recipient follows published post_id (one per post and member). */
  type: 'follow' | 'responses' | 'like' | 'comment' | 'post';
  post_id: number | null;
  /** The comment or reply the notification tells of (it goes with them); null for likes, follows, older rows. */
  comment_id: number | null;
  reply_id: number | null;
  /** The help request a 'responses' notification answers. */
  help_request_id: number | null;
  message: string;
  /** When the member saw it (opened /notifications); null while unseen. */
  read_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface HelpRequestsTable {
  id: Generated<number>;
  user_id: number;
  message: string;
  status: Generated<string>;
  created_at: string;
  /** An operator's answer (npm run admin -- help:answer), sent to the member as a 'responses' notification. */
  answer: string | null;
  answered_at: string | null;
}

/** A notification waiting to be mailed; the digest worker gathers them per member and kind. */
export interface NotificationMailsTable {
  notification_id: number;
  user_id: number;
  kind: 'like' | 'comment' | 'follow' | 'help' | 'post';
  created_at: string;
}

/**
 * A published post whose followers are still to be told (migration 0021): written in the publishing
 * transaction, removed once the fan-out is done; `claimed_until` while a process is at it.
 */
export interface PostFanoutsTable {
  post_id: number;
  created_at: string;
  claimed_until: string | null;
}

/** Secrets the app makes for itself once (e.g. 'unsubscribe': the key that signs unsubscribe links). */
export interface AppKeysTable {
  name: string;
  value: string;
  created_at: string;
}

/** Every file under /storage; a post_images row needs one (foreign key). */
export interface StoredImagesTable {
  path: string;
  /** When it was last uploaded (re-uploading the same bytes renews it): newer files are never removed. */
  uploaded_at: string;
  /** Intrinsic size in pixels, recorded on upload; null for files stored before sizes were (until the sweep measures them). */
  width: number | null;
  height: number | null;
}

/** A stored image (path under /storage) that a post references: its cover or an image of its body. */
/** A post in the making (migration 0017): in no feed, search or count until it is published. */
export interface DraftsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  sub_title: string;
  category_id: number | null;
  description: string;
  image: string | null;
  /** While scheduled: when it is published (ISO, UTC). */
  publish_at: string | null;
  /** While its secret preview link works. */
  preview_token: string | null;
  created_at: string;
  updated_at: string;
}

/** The stored images a draft uses (cover and body), kept from the sweep like post_images. */
export interface DraftImagesTable {
  draft_id: number;
  path: string;
}

export interface PostImagesTable {
  post_id: number;
  path: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Extra headers as a JSON object (List-Unsubscribe…), or null. */
  headers: string | null;
}

/** One row (id 1): raised after every state-changing call; SQLite processes compare it to drop their caches. */
export interface WriteEpochTable {
  id: number;
  n: number;
}

/** The random salt of one UTC day (migration 0020): readers' keys of that day are hashed under it; older days' salts are deleted. */
export interface StatsSaltsTable {
  /** YYYY-MM-DD (UTC). */
  day: string;
  salt: string;
}

/** A reader counted once for a post on a day (migration 0020): kept for today and yesterday only. */
export interface PostReadersTable {
  post_id: number;
  day: string;
  kind: 'view' | 'read';
  /** A hash of the day's salt, the post and the member's id or the visitor's address and browser. */
  reader: string;
}

/** A post's views and reads of one day (migration 0020), raised with each new post_readers row. */
export interface PostStatsDailyTable {
  post_id: number;
  day: string;
  views: Generated<number>;
  reads: Generated<number>;
}

/** Named periodic work and which process holds it until when (one server at a time). */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

/** A member's 'more' or 'less' of a topic in For you (migration 0024): one row per member and topic. */
export interface FeedTopicTuningTable {
  user_id: number;
  category_id: number;
  choice: 'more' | 'less';
  created_at: string;
}

/** An author a member left out of their For you (migration 0024): not a block, the author is told nothing. */
export interface FeedAuthorMutesTable {
  user_id: number;
  author_id: number;
  created_at: string;
}

/** A story a member opened while keeping a history (migration 0025): one row per member and post, read_at the last time. */
export interface ReadingHistoryTable {
  user_id: number;
  post_id: number;
  read_at: string;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  login_throttle: LoginThrottleTable;
  login_trust: LoginTrustTable;
  rate_limits: RateLimitsTable;
  categories: CategoriesTable;
  user_categories: UserCategoriesTable;
  posts: PostsTable;
  likes: LikesTable;
  saves: SavesTable;
  follows: FollowsTable;
  blocks: BlocksTable;
  comments: CommentsTable;
  replies: RepliesTable;
  notifications: NotificationsTable;
  help_requests: HelpRequestsTable;
  post_images: PostImagesTable;
  drafts: DraftsTable;
  draft_images: DraftImagesTable;
  stored_images: StoredImagesTable;
  mail_outbox: MailOutboxTable;
  notification_mails: NotificationMailsTable;
  post_fanouts: PostFanoutsTable;
  app_keys: AppKeysTable;
  write_epoch: WriteEpochTable;
  leases: LeasesTable;
  stats_salts: StatsSaltsTable;
  post_readers: PostReadersTable;
  post_stats_daily: PostStatsDailyTable;
  feed_topic_tuning: FeedTopicTuningTable;
  feed_author_mutes: FeedAuthorMutesTable;
  reading_history: ReadingHistoryTable;
}
