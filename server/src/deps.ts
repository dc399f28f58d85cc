import type { EncodedBody } from './lib/encoded-body.ts';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { DB } from './db/schema.ts';
import type { CardRow } from './feed/feed.repository.ts';
import type { PageCache } from './cache/page-cache.ts';
import type { Storage } from './storage/storage.ts';
import type { StoredImages } from './storage/stored-images.ts';

/** The members whose posts, comments and notifications a reader does not see: those they blocked. */
export type HiddenAuthors = (viewer: number) => Promise<ReadonlySet<number>>;

/**
 * A story told to those who follow its writer: a new one to the followers here (notifications/post-fanout.ts),
 * the subscribers by mail and the fediverse; an edit or a removal to the fediverse. Owed from the
 * transaction that made the change, told once it committed.
 */
export interface StoryFanout {
  /**
   * In the transaction that makes the post: the fan-out is owed (and done later even if this process
   * dies first), to followers and, with `email` ("Publish and email"), to the writer's subscribers.
   */
  queue(trx: Kysely<DB>, story: { postId: number; writerId: number; email: boolean }): Promise<void>;
  /** Once that transaction committed: tells the author's followers in the background; a failure is logged, never thrown. */
  start(postId: number): void;
  /**
   * In the transaction that edits or deletes a published story: the writer's followers elsewhere (the
   * fediverse) are owed the change. Nothing with federation off.
   */
  changed(trx: Kysely<DB>, change: { postId: number; writerId: number; kind: 'update' | 'delete' }): Promise<void>;
  /** Once that transaction committed: sends the changes in the background; a failure is logged, never thrown. */
  sendChanges(): void;
}

/** Other servers told of a deleted account (the fediverse's followers get a Delete of the actor). */
export interface AccountFarewell {
  /** In the deleting transaction, before the member's rows go. Nothing with federation off. */
  owe(trx: Kysely<DB>, userId: number): Promise<void>;
  /** Once that committed: sends it in the background; a failure is logged, never thrown. */
  send(): void;
}

/** What app.ts hands every feature plugin; a plugin builds its own services from these. */
export interface FeatureDeps {
  db: Kysely<DB>;
  /** For repositories with prepared hot-path statements (database.all). */
  database: Database;
  config: Config;
  storage: Storage;
  /** Uploads and the removal of files nothing uses (through the stored_images ledger). */
  images: StoredImages;
  /** Feed pages shared by every reader; app.ts drops them after every successful write. */
  feedCache: PageCache<CardRow[]>;
  /** Feed answers kept as bytes per reader and page (a sibling of feedCache: dropped with it). */
  feedAnswers: PageCache<EncodedBody>;
  /** Whom a reader blocked: left out of what they read (feeds, comments, search, panels, notifications). */
  hiddenAuthors: HiddenAuthors;
  /** Publishing a post tells its author's followers through this. */
  stories: StoryFanout;
}
