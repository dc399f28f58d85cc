import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../db/schema.ts';
import { counterDrift } from './counter-drift.ts';

export { type Drift, counterDrift } from './counter-drift.ts';

/**
 * Test helpers of the race suite: the stored counters against the rows they count (counter-drift.ts,
 * which the burst benchmark reads too), and the answers a burst may give.
 */

/** Fails, naming each drifted row, unless every counter in the database equals the rows it counts. */
export async function expectCountersMatchRows(db: Kysely<DB>): Promise<void> {
  expect(await counterDrift(db), 'counters that differ from the rows they count').toEqual([]);
}

/** What a burst may answer: success, or a clean refusal. Never a 5xx (500, or 503 from an overloaded pool). */
export const ALLOWED_STATUSES: ReadonlySet<number> = new Set([200, 201, 401, 403, 404, 409, 422, 429]);

export interface Answer {
  statusCode: number;
  body: string;
}

export function expectAllowedAnswers(answers: readonly Answer[]): void {
  const odd = answers.filter((a) => !ALLOWED_STATUSES.has(a.statusCode)).map((a) => `${a.statusCode} ${a.body.slice(0, 200)}`);
  expect(odd, 'answers outside 200/201/401/403/404/409/422/429').toEqual([]);
}

/** How many answers had each status: {200: 1, 404: 9}. */
export function tally(codes: readonly number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const code of codes) out[code] = (out[code] ?? 0) + 1;
  return out;
}

/** n calls of make(i), all started at once. */
export function times<T>(n: number, make: (i: number) => T): T[] {
  return Array.from({ length: n }, (_, i) => make(i));
}
