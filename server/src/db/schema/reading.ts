import type { Generated } from 'kysely';

/** What reading leaves behind: a writer's daily numbers, each member's For you tuning and reading history. */
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
