import { type PostPlace, type Ranked as RankedOf, after, HALF_LIFE_DAYS, rankPosts as rank } from '../lib/search-rank.ts';
import { CANDIDATES, type CandidateRow } from './results.repository.ts';

/**
 * The results page's ranking (lib/search-rank.ts, shared with the personal library): the whole is
 * every post up to the newest one (maxId), and a word's count is estimated from its newest CANDIDATES
 * matches. A body match counts where the word's body list saw it: among the newest CANDIDATES posts
 * whose body holds it (all of them for a rarer word).
 */
export { HALF_LIFE_DAYS, after, type PostPlace };
export type Ranked = RankedOf<CandidateRow>;

/** How many posts hold a word, from its newest matches (ids, newest first): all of them, or estimated from how far back they reach. */
function estimate(ids: readonly number[], maxId: number): number {
  if (ids.length < CANDIDATES) return ids.length;
  const span = Math.max(1, maxId - ids[ids.length - 1]! + 1);
  return (CANDIDATES * maxId) / span;
}

export function rankPosts(input: {
  words: readonly string[];
  heading: ReadonlyArray<readonly number[]>;
  body: ReadonlyArray<readonly number[]>;
  rows: readonly CandidateRow[];
  maxId: number;
  asOf: number;
}): Ranked[] {
  const { maxId, ...rest } = input;
  return rank({ ...rest, total: maxId, count: (ids) => estimate(ids, maxId) });
}
