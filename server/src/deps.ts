import type { EncodedBody } from './lib/encoded-body.ts';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { DB } from './db/schema.ts';
import type { CardRow } from './feed/feed.repository.ts';
import type { PageCache } from './cache/page-cache.ts';
import type { Storage } from './storage/storage.ts';
import type { StoredImages } from './storage/stored-images.ts';
import type { DomainEventBus } from './events/domain-events.ts';

/** The members whose posts, comments and notifications a reader does not see: those they blocked. */
export type HiddenAuthors = (viewer: number) => Promise<ReadonlySet<number>>;

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
  /** What a write says happened (a post published, edited, deleted): the modules that care react (ADR 0084). */
  events: DomainEventBus;
}
