import { SEARCH_RESULTS_MAX, type SearchResponse } from '@inkwell/contract';
import type { PageCache } from '../cache/page-cache.ts';
import type { HiddenAuthors } from '../deps.ts';
import { type AuthoredPost, type FoundPost, type FoundUser, SEARCH_WINDOW, type SearchRepository } from './search.repository.ts';

/** Letters and digits, lower case, without diacritics: how titles and queries are compared in memory. */
function tokens(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Words of a query as the indexes see them: letters and digits, lower case, at most 8. */
export function queryWords(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 8);
}

interface Windows {
  /** The newest posts, newest first, each with its title's tokens. */
  posts: Array<{ post: AuthoredPost; words: string[] }>;
  /** The most followed people, most followed first, each with name and user name in lower case. */
  people: Array<{ person: FoundUser; haystack: string[] }>;
}

export type SearchWindowCache = PageCache<Windows>;

/**
 * POST /search: posts by title words (each word a prefix of a title word, all of them, newest first)
 * and people by name or user name (holding the text, most followed first). Both look first at a
 * window, the newest posts and the most followed people, kept beside the feed pages (the same
 * lifetime, dropped by the same writes), so a common word is answered from memory; only what the
 * window cannot answer goes on to an index, for posts older or people less followed than the window.
 */
export function createSearchService(repo: SearchRepository, cache: SearchWindowCache, hiddenAuthors: HiddenAuthors) {
  const windows = () =>
    cache.remember('windows', async () => {
      const [posts, people] = await Promise.all([repo.recentPosts(), repo.mostFollowed()]);
      return {
        posts: posts.map((post) => ({ post, words: tokens(post.title) })),
        people: people.map(({ username, ...person }) => ({
          person,
          haystack: [person.name, username].filter((t): t is string => t !== null).map((t) => t.toLowerCase()),
        })),
      };
    });

  const shown = ({ id, title, image }: AuthoredPost): FoundPost => ({ id, title, image });

  async function posts(words: string[], window: Windows['posts'], hidden: ReadonlySet<number>): Promise<FoundPost[]> {
    const wanted = words.map((w) => tokens(w).join(''));
    const recent = window
      .filter((r) => !hidden.has(r.post.user_id) && wanted.every((w) => r.words.some((t) => t.startsWith(w))))
      .slice(0, SEARCH_RESULTS_MAX)
      .map((r) => shown(r.post));
    // Enough found, or a window shorter than SEARCH_WINDOW, which holds every post there is.
    if (recent.length >= SEARCH_RESULTS_MAX || window.length < SEARCH_WINDOW) return recent;
    const oldest = window[window.length - 1]!.post.id;
    const older = (await repo.olderPosts(words, oldest)).filter((p) => !hidden.has(p.user_id)).map(shown);
    return [...recent, ...older].slice(0, SEARCH_RESULTS_MAX);
  }

  async function people(text: string, window: Windows['people'], hidden: ReadonlySet<number>): Promise<FoundUser[]> {
    const top = window
      .filter((r) => !hidden.has(r.person.id) && r.haystack.some((h) => h.includes(text)))
      .slice(0, SEARCH_RESULTS_MAX)
      .map((r) => r.person);
    if (top.length >= SEARCH_RESULTS_MAX || window.length < SEARCH_WINDOW) return top;
    const rest = (await repo.peopleBeyond(text)).filter((p) => !hidden.has(p.id));
    return [...top, ...rest].slice(0, SEARCH_RESULTS_MAX);
  }

  return {
    /** What `viewer` (0 for a visitor) finds: never a member they blocked, nor a deactivated one. */
    async search(query: string, viewer: number): Promise<SearchResponse> {
      const words = queryWords(query);
      if (words.length === 0) return { users: [], posts: [] };
      const [current, hidden] = await Promise.all([windows(), hiddenAuthors(viewer)]);
      const [users, found] = await Promise.all([people(words.join(' '), current.people, hidden), posts(words, current.posts, hidden)]);
      return { users, posts: found };
    },
  };
}
