import type { Database } from '../db/database.ts';
import type { PageCache } from '../cache/page-cache.ts';
import type { HiddenAuthors, LimitedAuthors } from '../deps.ts';
import { blockedIds } from './blocks.repository.ts';
import { limitedUnfollowedIds } from './follows.repository.ts';

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

/**
 * The accounts the moderators limited that a reader does not follow (ADR 0111), kept in the same
 * cache under their own keys (a follow, a limit and its end are writes: they drop it). A visitor's (0)
 * are all of them; a reader's own account is never among theirs.
 */
export function createLimitedAuthors(database: Database, cache: PageCache<ReadonlySet<number>>): LimitedAuthors {
  return (viewer) =>
    cache.remember(`limited:${viewer}`, async () => {
      const ids = await limitedUnfollowedIds(database, viewer);
      return ids.length === 0 ? NONE : new Set(ids);
    });
}
