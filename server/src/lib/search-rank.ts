import { wordsIn } from './search-text.ts';

/**
 * The ranking of posts, computed in JS from what the full-text indexes handed back, so it is the same
 * on SQLite and PostgreSQL (their own scores, bm25 and ts_rank, differ). Used by the results page
 * (search/rank.ts) and the personal library (library/).
 *
 * Each query word weighs its rarity (idf: how many of `total` posts hold it, as `count` tells from its
 * id lists). A post's coverage is the share of that weight it holds: every word present is 1, and
 * ranks first. Then relevance × freshness: a word in the title counts 4, in the subtitle 2, in the body
 * 1 (summed), weighted by rarity; freshness halves every HALF_LIFE_DAYS. Ties: newer first.
 * A body match counts where the word's body list saw it.
 */
export const HALF_LIFE_DAYS = 30;
const WEIGHT = { title: 4, subTitle: 2, body: 1 } as const;
const MAX_WEIGHT = WEIGHT.title + WEIGHT.subTitle + WEIGHT.body;
const DAY_MS = 24 * 3600 * 1000;

/** What the ranking reads of a post. */
export interface RankRow {
  id: number;
  title: string;
  sub_title: string;
  created_at: string;
}

export interface Ranked<R extends RankRow = RankRow> {
  row: R;
  coverage: number;
  score: number;
}

/** Where a ranked list continues: the last shown post's place. */
export interface PostPlace {
  coverage: number;
  score: number;
  id: number;
}

export function rankPosts<R extends RankRow>(input: {
  words: readonly string[];
  /** Per word, the ids of posts whose title or subtitle holds it (as a word prefix). */
  heading: ReadonlyArray<readonly number[]>;
  /** Per word, the ids of posts whose body holds it (as a whole word). */
  body: ReadonlyArray<readonly number[]>;
  rows: readonly R[];
  /** How many posts were searched (the idf's whole). */
  total: number;
  /** How many posts hold a word, from one of its id lists (its length when the list is complete). */
  count: (ids: readonly number[]) => number;
  /** The time freshness is measured from (ms). */
  asOf: number;
}): Ranked<R>[] {
  const { words, rows, asOf, count } = input;
  const total = Math.max(1, input.total);
  const idf = words.map((_, i) => Math.log(1 + total / (1 + count(input.heading[i]!) + count(input.body[i]!))));
  const idfSum = idf.reduce((a, b) => a + b, 0);
  const inBody = input.body.map((ids) => new Set(ids));
  const ranked: Ranked<R>[] = [];
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

function compare(a: { coverage: number; score: number; row: { id: number } }, b: { coverage: number; score: number; row: { id: number } }): number {
  return b.coverage - a.coverage || b.score - a.score || b.row.id - a.row.id;
}

/** The ranked posts after `place` (all of them without one). */
export function after<R extends RankRow>(ranked: readonly Ranked<R>[], place: PostPlace | null): readonly Ranked<R>[] {
  if (!place) return ranked;
  const at = { coverage: place.coverage, score: place.score, row: { id: place.id } };
  const i = ranked.findIndex((r) => compare(at, r) < 0);
  return i === -1 ? [] : ranked.slice(i);
}
