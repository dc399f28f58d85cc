import { validationError } from './errors.ts';
import type { PostPlace } from './search-rank.ts';

/**
 * The cursors of the results page (search/) and of the personal library's search (library/), opaque to
 * the web app:
 * - posts `p_<asOf ms>_<max id>_<coverage>_<score>_<id>`: the next page is ranked as of the same time
 *   and among the same posts (none newer than max id), after the last one shown, so pages neither
 *   repeat nor skip a post while others publish (one edited or deleted meanwhile may move or go);
 * - people and topics `o_<offset>` into their (stable) order.
 */
export interface PostCursor extends PostPlace {
  asOf: number;
  maxId: number;
}

const invalid = () => validationError({ cursor: ['The cursor field is invalid.'] });
const number = (text: string, check: (n: number) => boolean) => {
  const n = Number(text);
  if (!Number.isFinite(n) || !check(n)) throw invalid();
  return n;
};
const MAX_INT = 2 ** 31 - 1;
const wholeNumber = (text: string) => number(text, (n) => Number.isInteger(n) && n >= 0 && n <= MAX_INT);

export function postCursor(c: PostCursor): string {
  return `p_${c.asOf}_${c.maxId}_${c.coverage}_${c.score}_${c.id}`;
}

export function readPostCursor(text: string): PostCursor {
  const m = /^p_(\d{1,15})_(\d{1,10})_([\d.e+-]{1,30})_([\d.e+-]{1,30})_(\d{1,10})$/.exec(text);
  if (!m) throw invalid();
  return {
    asOf: number(m[1]!, Number.isSafeInteger),
    maxId: wholeNumber(m[2]!),
    coverage: number(m[3]!, (n) => n >= 0 && n <= 1),
    score: number(m[4]!, (n) => n >= 0 && n <= 1),
    id: wholeNumber(m[5]!),
  };
}

export const offsetCursor = (offset: number) => `o_${offset}`;

export function readOffsetCursor(text: string): number {
  const m = /^o_(\d{1,6})$/.exec(text);
  if (!m) throw invalid();
  return Number(m[1]);
}
