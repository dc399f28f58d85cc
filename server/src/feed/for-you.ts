import type { FeedReason, PostPage } from '@inkwell/contract';
import type { Database } from '../db/database.ts';
import { byId, collect, toPage } from './cards.ts';
import { type CardRow, FETCH, type FeedRepository, WALKS_PER_STATEMENT } from './feed.repository.ts';
import { NO_PROFILE, type ReaderProfile, createForYouRepository } from './for-you.repository.ts';
import type { PageCache } from '../cache/page-cache.ts';

/** A card of a post of this site (a story of an account elsewhere has no topic). */
type SitePostRow = CardRow & { category_id: number };

/**
 * 'For you' (issue 13): the merge of keyset streams, all newest first by post id, each read with
 * `id < cursor` and a literal LIMIT:
 * (a) the posts of the reader's topics: those they chose and those they asked more of, less those they
 *     asked less of; with no such topic, every post (or, when they asked less of some, every other
 *     topic's: one walk per topic, as long as that is at most WALKS_PER_STATEMENT walks);
 * (b) with topics, also the posts of the authors they follow (without topics (a) holds them already).
 * The newest FETCH of each, merged without repeats, are the newest FETCH of their union, so the cursor
 * stays the last id shown and no page repeats or skips. Muted authors, topics asked less of (reaching
 * the page through (b) or the every-post walk) and the usual hidden authors are left out by `collect`,
 * which reads on to fill the page. Stream (a) is the page shared by every reader of the same topics
 * (the page cache); everything of one reader is applied after it.
 */

/** Newest first, each id once, at most FETCH: the newest FETCH of a ∪ b when each holds its own newest FETCH. */
export function mergeNewest<R extends { id: number }>(a: readonly R[], b: readonly R[]): R[] {
  const out: R[] = [];
  let i = 0;
  let j = 0;
  while (out.length < FETCH && (i < a.length || j < b.length)) {
    const next = j >= b.length || (i < a.length && a[i]!.id >= b[j]!.id) ? a[i++]! : b[j++]!;
    if (out.length === 0 || out[out.length - 1]!.id !== next.id) out.push(next);
  }
  return out;
}

interface ForYouDeps {
  repo: FeedRepository;
  cache: PageCache<CardRow[]>;
  /** The reader's usual filter: active authors they did not block. */
  visibleTo: (viewer: number) => Promise<(row: CardRow) => boolean>;
}

const BASE_PATH = '/api/user/view-posts';

export function createForYou(database: Database, { repo, cache, visibleTo }: ForYouDeps) {
  const forYouRepo = createForYouRepository(database);
  // A reader's profile changes only through a write (a choice, a follow, a tuning), which empties these with the pages.
  const profiles = cache.sibling<ReaderProfile>(5000);
  const names = cache.sibling<Map<number, string>>(1);
  const popularPosts = cache.sibling<ReadonlySet<number>>(1);
  // Stream (b), one reader's own: kept like the shared pages (a reader comes back to their feed often).
  const followedPages = cache.sibling<CardRow[]>(5000);

  const topicNames = () => names.remember('all', () => forYouRepo.topicNames());

  /** Stream (a): the shared pages of the reader's topics, or of every post (less the topics asked less of). */
  async function topicStream(topics: readonly number[], less: ReadonlySet<number>): Promise<(cursor: number) => Promise<CardRow[]>> {
    const walk = (ids: readonly number[]) => (c: number) => cache.remember(`cats:${ids.join(',')}:${c}`, () => repo.byCategories(0, ids, c));
    if (topics.length > 0) return walk(topics);
    const latest = (c: number) => cache.remember(`latest:${c}`, () => repo.latest(0, c));
    if (less.size === 0) return latest;
    const others = [...(await topicNames()).keys()].filter((id) => !less.has(id)).sort((a, b) => a - b);
    // Past that many topics, every post newest first and the few asked less of left out while filling the page.
    return others.length <= WALKS_PER_STATEMENT ? walk(others) : latest;
  }

  return async function forYou(viewer: number, cursor: number): Promise<PostPage> {
    const profile = viewer ? await profiles.remember(String(viewer), () => forYouRepo.readerProfile(viewer)) : NO_PROFILE;
    const less = new Set(profile.less);
    const more = new Set(profile.more);
    const chosen = new Set(profile.chosen);
    const muted = new Set(profile.muted);
    const followed = new Set(profile.followed.map((a) => a.following_id));
    const topics = [...new Set([...profile.chosen, ...profile.more])].filter((id) => !less.has(id)).sort((a, b) => a - b);

    const readTopics = await topicStream(topics, less);
    // (b) only beside chosen topics: without them (a) is every post, theirs among them.
    const readAuthors =
      topics.length > 0 && profile.followed.length > 0 ? (c: number) => followedPages.remember(`${viewer}:${c}`, () => repo.followingPage(viewer, profile.followed, c, 0)) : null;
    const read = readAuthors
      ? async (c: number) => {
          const [a, b] = await Promise.all([readTopics(c), readAuthors(c)]);
          return mergeNewest(a, b);
        }
      : readTopics;

    const usual = await visibleTo(viewer);
    // A story of an account elsewhere (no topic) is in Following only (ADR 0080), though its account is followed.
    const visible = (row: CardRow): row is SitePostRow => row.category_id !== null && usual(row) && !muted.has(row.user_id) && !less.has(row.category_id);
    const { rows, next } = await collect(read, cursor, byId, visible);

    // Popular matters only where no stronger reason (a followed author, a topic asked more of) holds.
    const askPopular = rows.some((r) => !followed.has(r.user_id) && !more.has(r.category_id));
    const [flags, popular, topicName] = await Promise.all([
      viewer && rows.length > 0
        ? repo.viewerFlags(
            viewer,
            rows.map((r) => r.id),
          )
        : undefined,
      askPopular ? popularPosts.remember('recent', () => forYouRepo.popular()) : new Set<number>(),
      rows.length > 0 ? topicNames() : new Map<number, string>(),
    ]);

    /** Why the row is there: what made it appear, the most particular first. */
    const reasonOf = (row: SitePostRow): FeedReason => {
      if (followed.has(row.user_id)) return { kind: 'author', author: { id: row.user_id, name: row.author_name } };
      const topic = { id: row.category_id, name: topicName.get(row.category_id) ?? '' };
      if (more.has(row.category_id)) return { kind: 'more', topic };
      if (popular.has(row.id)) return { kind: 'popular', topic };
      if (chosen.has(row.category_id)) return { kind: 'topic', topic };
      return { kind: 'latest' };
    };
    return toPage(rows, next === null ? null : String(next), BASE_PATH, flags, reasonOf);
  };
}
