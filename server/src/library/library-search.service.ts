import type { Acting } from '../access/policy.ts';
import { LIBRARY_SOURCES, type LibraryResult, type LibraryScope, type LibrarySearchResponse, type LibrarySource, SEARCH_PAGE_SIZE } from '@inkwell/contract';
import type { HiddenAuthors } from '../deps.ts';
import { postCursor, readPostCursor } from '../lib/search-cursor.ts';
import { after, rankPosts } from '../lib/search-rank.ts';
import { foldedWords, resultPosts } from '../lib/search-text.ts';
import type { LibrarySearchRepository } from './library-search.repository.ts';

/**
 * POST /library/search (issue 13): the member's saved, read (history) and written stories whose title,
 * subtitle or body hold the query's words, matched by the full-text indexes among those ids only
 * (library-search.repository.ts: each set bounded) and ranked as the results page ranks them
 * (lib/search-rank.ts: coverage, then title 4, subtitle 2, body 1 per word weighted by its rarity
 * among the member's stories, times freshness). `scope` narrows the stories searched to one set; each
 * result says every set it is in. Stories of deactivated authors and of members the caller blocked
 * are left out. Paging is the results page's keyset (lib/search-cursor.ts): as of the first page's
 * time, among posts up to its newest one; a story saved, read or removed meanwhile may move or go.
 */

const KIND_SOURCE: Record<number, LibrarySource> = { 1: 'saved', 2: 'read', 3: 'written' };

export function createLibrarySearchService(repo: LibrarySearchRepository, hiddenAuthors: HiddenAuthors) {
  return {
    async search(userId: Acting, query: string, scope: LibraryScope, cursor: string | null): Promise<LibrarySearchResponse> {
      const none: LibrarySearchResponse = { scope, posts: [], next_cursor: null };
      const words = foldedWords(query);
      if (words.length === 0) return none;
      const from = cursor === null ? null : readPostCursor(cursor);
      const asOf = from?.asOf ?? Date.now();
      const maxId = from?.maxId ?? (await repo.newestPostId());

      const sources = new Map<number, Set<LibrarySource>>();
      for (const { kind, id } of await repo.sets(userId, maxId)) {
        const source = KIND_SOURCE[Number(kind)]!;
        const held = sources.get(Number(id)) ?? new Set<LibrarySource>();
        held.add(source);
        sources.set(Number(id), held);
      }
      const searched = [...sources.entries()].filter(([, held]) => scope === 'all' || held.has(scope)).map(([id]) => id);
      if (searched.length === 0) return none;

      const { heading, body } = await repo.matches(words, searched);
      const hidden = await hiddenAuthors(userId);
      const rows = (await repo.rows([...new Set([...heading.flat(), ...body.flat()])])).filter((r) => !hidden.has(r.user_id));
      // Every list is complete among the searched stories: a word's count is its list's length.
      const ranked = rankPosts({ words, heading, body, rows, total: searched.length, count: (ids) => ids.length, asOf });
      const rest = after(ranked, from);
      const shown = rest.slice(0, SEARCH_PAGE_SIZE);
      const posts: LibraryResult[] = resultPosts(
        shown.map((r) => r.row),
        await repo.details(shown.map((r) => r.row.id)),
        words,
        (row) => ({
          sources: LIBRARY_SOURCES.filter((source) => sources.get(row.id)!.has(source)),
        }),
      );
      const last = shown[shown.length - 1];
      const next = rest.length > SEARCH_PAGE_SIZE && last ? postCursor({ asOf, maxId, coverage: last.coverage, score: last.score, id: last.row.id }) : null;
      return { scope, posts, next_cursor: next };
    },
  };
}

export type LibrarySearchService = ReturnType<typeof createLibrarySearchService>;
