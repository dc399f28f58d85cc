import { CANDIDATES, type CandidateRow } from './results.repository';
import { wordsIn } from './text';

/**
 * The ranking of posts, computed in JS from what the indexes handed back, so it is the same on SQLite
 * and PostgreSQL (their own scores, bm25 and ts_rank, differ).
 *
 * Each query word weighs its rarity (idf, estimated from how far back its newest CANDIDATES matches
 * reach). A post's coverage is the share of that weight it holds: every word present is 1, and ranks
 * first. Then relevance × freshness: a word in the title counts 4, in the subtitle 2, in the body 1
 * (summed), weighted by rarity; freshness halves every HALF_LIFE_DAYS. Ties: newer first.
 * A body match counts where the word's body list saw it: among the newest CANDIDATES posts whose body
 * holds it (all of them for a rarer word).
 */
export const HALF_LIFE_DAYS = 30;
const WEIGHT = { title: 4, subTitle: 2, body: 1 } as const;
const MAX_WEIGHT = WEIGHT.title + WEIGHT.subTitle + WEIGHT.body;
const DAY_MS = 24 * 3600 * 1000;

export interface Ranked {
  row: CandidateRow;
  coverage: number;
  score: number;
}

/** Where a ranked list continues: the last shown post's place. */
export interface PostPlace {
  coverage: number;
  score: number;
  id: number;
}

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
  const { words, rows, maxId, asOf } = input;
  const total = Math.max(1, maxId);
  const idf = words.map((_, i) => Math.log(1 + total / (1 + estimate(input.heading[i]!, maxId) + estimate(input.body[i]!, maxId))));
  const idfSum = idf.reduce((a, b) => a + b, 0);
  const inBody = input.body.map((ids) => new Set(ids));
  const ranked: Ranked[] = [];
  for (const row of rows) {
    const inTitle = wordsIn(row.title, words, true);
    const inSub = wordsIn(row.sub_title, words, true);
    let held = 0;
    let present = 0;
    let weighted = 0;
    words.forEach((w, i) => {
      const weight = (inTitle.has(w) ? WEIGHT.title : 0) + (inSub.has(w) ? WEIGHT.subTitle : 0) + (inBody[i]!.has(row.id) ? WEIGHT.body : 0);
      if (weight === 0) return;
      held += idf[i]!;
      present += 1;
      weighted += idf[i]! * weight;
    });
    if (present === 0) continue;
    const age = Math.max(0, asOf - Date.parse(row.created_at)) / DAY_MS;
    const freshness = Number.isFinite(age) ? 0.5 ** (age / HALF_LIFE_DAYS) : 0;
    ranked.push({ row, coverage: present === words.length ? 1 : held / idfSum, score: (weighted / (MAX_WEIGHT * idfSum)) * freshness });
  }
  return ranked.sort(compare);
}

function compare(a: { coverage: number; score: number; row: { id: number } } | Ranked, b: Ranked): number {
  return b.coverage - a.coverage || b.score - a.score || b.row.id - a.row.id;
}

/** The ranked posts after `place` (all of them without one). */
export function after(ranked: readonly Ranked[], place: PostPlace | null): readonly Ranked[] {
  if (!place) return ranked;
  const at = { coverage: place.coverage, score: place.score, row: { id: place.id } };
  const i = ranked.findIndex((r) => compare(at, r) < 0);
  return i === -1 ? [] : ranked.slice(i);
}
