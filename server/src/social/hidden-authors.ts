import type { Database } from '../db/database.ts';
import type { PageCache } from '../cache/page-cache.ts';
import type { HiddenAuthors } from '../deps.ts';
import { blockedIds } from './blocks.repository.ts';

const NONE: ReadonlySet<number> = new Set();

/**
 * Looks up a reader's blocked ids once and keeps them beside the feed pages (dropped by the same
 * writes, a block among them), so a signed-in page costs no extra statement most of the time.
 * Visitors (0) hide nobody.
 */
export function createHiddenAuthors(database: Database, cache: PageCache<ReadonlySet<number>>): HiddenAuthors {
  return async (viewer) => {
    if (!viewer) return NONE;
    return cache.remember(String(viewer), async () => {
      const ids = await blockedIds(database, viewer);
      return ids.length === 0 ? NONE : new Set(ids);
    });
  };
}
