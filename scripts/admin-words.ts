import { CaseError } from '../server/src/moderation/case-error.ts';
import { parseDuration } from '../server/src/moderation/suspensions.service.ts';
import type { AdminResult } from './admin-commands.ts';

/** How the staff commands of `npm run admin` read their words, and say a refusal. */

/** `--name value` pairs of the words after a command; null when a word is not one of `known` or has no value. */
export function options(words: string[], known: readonly string[]): Record<string, string> | null {
  const found: Record<string, string> = {};
  for (let i = 0; i < words.length; i += 2) {
    const name = words[i]!.replace(/^--/, '');
    const value = words[i + 1];
    if (!words[i]!.startsWith('--') || !known.includes(name) || value === undefined) return null;
    found[name] = value;
  }
  return found;
}

export const whole = (text: string | undefined, max: number) =>
  text !== undefined && /^\d{1,9}$/.test(text) && Number(text) >= 1 && Number(text) <= max ? Number(text) : undefined;

/** `--limit` (50 by default, at most 10 000) and `--before` (an id) of a list; undefined when either is no whole number. */
export function paging(given: Record<string, string>): { limit: number; before?: number } | undefined {
  const limit = given.limit === undefined ? 50 : whole(given.limit, 10_000);
  const before = given.before === undefined ? undefined : whole(given.before, 2 ** 31 - 1);
  if (limit === undefined || (given.before !== undefined && before === undefined)) return undefined;
  return before === undefined ? { limit } : { limit, before };
}

/** `--for DURATION`: its milliseconds; null when given and not a duration. */
export function lasting(given: Record<string, string>): number | undefined | null {
  return given.for === undefined ? undefined : (parseDuration(given.for) ?? null);
}

export const refused = (err: unknown): AdminResult => {
  if (err instanceof CaseError) return { code: 1, out: err.message };
  throw err;
};

export const until = (endsAt: string | null) => (endsAt ? `until ${endsAt.slice(0, 16).replace('T', ' ')} UTC` : 'until lifted');
