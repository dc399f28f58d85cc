import { SEARCH_PAGE_SIZE, type SearchResultPerson, type SearchResultPost, type SearchResultTopic, type SearchResultType, type SearchResultsResponse } from '@inkwell/contract';
import type { PageCache } from '../cache/page-cache.ts';
import type { HiddenAuthors } from '../deps.ts';
import { offsetCursor, postCursor, readOffsetCursor, readPostCursor } from '../lib/search-cursor.ts';
import { after, rankPosts } from './rank.ts';
import type { PersonRow, ResultsRepository, TopicRow } from './results.repository.ts';
import { SEARCH_WINDOW, TRIGRAM_MIN } from './search.repository.ts';
import { queryWords } from './search.service.ts';
import { around, foldedWords, marked, markedSubstrings, prefixMatch, resultPosts, wordsIn } from '../lib/search-text.ts';

type Lists = Pick<SearchResultsResponse, 'posts' | 'people' | 'topics'>;
interface Page<K extends keyof Lists> {
  items: Lists[K];
  next: string | null;
}

/** The most followed people (with bio) and the topics, kept beside the feed pages (dropped by the same writes). */
export type ResultsCache = PageCache<PersonRow[] | TopicRow[]>;

/**
 * POST /search/results: one page of posts (ranked by relevance and freshness, rank.ts), people (name,
 * user name or bio holding every word; those holding them in name or user name first, then the most
 * followed) or topics (categories whose name holds a word as a prefix, most matched words first, then
 * the most followed). A reader's blocked members and deactivated members are left out.
 */
export function createResultsService(repo: ResultsRepository, cache: ResultsCache, hiddenAuthors: HiddenAuthors) {
  const peopleWindow = () => cache.remember('people', () => repo.peopleWindow()) as Promise<PersonRow[]>;
  const topicRows = () => cache.remember('topics', () => repo.topics()) as Promise<TopicRow[]>;

  async function posts(query: string, cursor: string | null, viewer: number): Promise<Page<'posts'>> {
    const words = foldedWords(query);
    if (words.length === 0) return { items: [], next: null };
    const from = cursor === null ? null : readPostCursor(cursor);
    const asOf = from?.asOf ?? Date.now();
    const maxId = from?.maxId ?? (await repo.newestPostId());
    const heading = await repo.hits(words, 'heading', maxId);
    const body = await repo.hits(words, 'body', maxId);
    const hidden = await hiddenAuthors(viewer);
    const ids = [...new Set([...heading.flat(), ...body.flat()])];
    const rows = (await repo.candidates(ids)).filter((r) => !hidden.has(r.user_id));
    const rest = after(rankPosts({ words, heading, body, rows, maxId, asOf }), from);
    const shown = rest.slice(0, SEARCH_PAGE_SIZE);
    const items: SearchResultPost[] = resultPosts(
      shown.map((r) => r.row),
      await repo.details(shown.map((r) => r.row.id)),
      words,
    );
    const last = shown[shown.length - 1];
    const next = rest.length > SEARCH_PAGE_SIZE && last ? postCursor({ asOf, maxId, coverage: last.coverage, score: last.score, id: last.row.id }) : null;
    return { items, next };
  }

  async function people(query: string, offset: number, viewer: number): Promise<Page<'people'>> {
    const words = queryWords(query);
    if (words.length === 0) return { items: [], next: null };
    const [window, hidden] = await Promise.all([peopleWindow(), hiddenAuthors(viewer)]);
    const lower = (text: string | null) => (text ?? '').toLowerCase();
    const holdsAll = (p: PersonRow) => words.every((w) => lower(p.name).includes(w) || lower(p.username).includes(w) || lower(p.bio).includes(w));
    const found = window.filter(holdsAll);
    const longest = [...words].sort((a, b) => [...b].length - [...a].length)[0]!;
    if (window.length >= SEARCH_WINDOW && [...longest].length >= TRIGRAM_MIN) found.push(...(await repo.peopleBeyond(longest)).filter(holdsAll));
    const byName = (p: PersonRow) => (words.every((w) => lower(p.name).includes(w) || lower(p.username).includes(w)) ? 1 : 0);
    const ranked = found
      .filter((p) => !hidden.has(p.id))
      .map((p) => ({ p, byName: byName(p) }))
      .sort((a, b) => b.byName - a.byName || b.p.followers_count - a.p.followers_count || a.p.id - b.p.id);
    const items: SearchResultPerson[] = ranked.slice(offset, offset + SEARCH_PAGE_SIZE).map(({ p }) => ({
      id: p.id,
      name: markedSubstrings(p.name ?? '', words),
      username: markedSubstrings(p.username ?? '', words),
      bio: around(markedSubstrings(p.bio ?? '', words)),
      profile_picture: p.profile_picture,
      followers_count: p.followers_count,
    }));
    return { items, next: ranked.length > offset + SEARCH_PAGE_SIZE ? offsetCursor(offset + SEARCH_PAGE_SIZE) : null };
  }

  async function topics(query: string, offset: number): Promise<Page<'topics'>> {
    const words = foldedWords(query);
    if (words.length === 0) return { items: [], next: null };
    const ranked = (await topicRows())
      .map((t) => ({ t, held: wordsIn(t.name, words, true).size }))
      .filter((r) => r.held > 0)
      .sort((a, b) => b.held - a.held || b.t.followers_count - a.t.followers_count || (a.t.name < b.t.name ? -1 : a.t.name > b.t.name ? 1 : a.t.id - b.t.id));
    const match = prefixMatch(words);
    const items: SearchResultTopic[] = ranked.slice(offset, offset + SEARCH_PAGE_SIZE).map(({ t }) => ({
      id: t.id,
      name: marked(t.name, match),
      description: t.description,
      followers_count: t.followers_count,
    }));
    return { items, next: ranked.length > offset + SEARCH_PAGE_SIZE ? offsetCursor(offset + SEARCH_PAGE_SIZE) : null };
  }

  return {
    /** One page of `type` for `query`, as `viewer` (0 for a visitor) may see it. */
    async results(query: string, type: SearchResultType, cursor: string | null, viewer: number): Promise<SearchResultsResponse> {
      const response: SearchResultsResponse = { type, posts: [], people: [], topics: [], next_cursor: null };
      if (type === 'posts') {
        const page = await posts(query, cursor, viewer);
        return { ...response, posts: page.items, next_cursor: page.next };
      }
      const offset = cursor === null ? 0 : readOffsetCursor(cursor);
      const page = type === 'people' ? await people(query, offset, viewer) : await topics(query, offset);
      return type === 'people'
        ? { ...response, people: page.items as SearchResultPerson[], next_cursor: page.next }
        : { ...response, topics: page.items as SearchResultTopic[], next_cursor: page.next };
    },
  };
}
