import { validationError } from './errors.ts';

/** The largest id a keyset cursor may name: PostgreSQL's `integer`, which SQLite's ids never pass either. */
export const MAX_ID = 2_147_483_647;

/**
 * A keyset cursor that is an id (the next page starts below it): undefined when absent or empty,
 * a 422 when it is not digits or passes MAX_ID — a number PostgreSQL would refuse as an integer.
 */
export function idCursor(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  if (!/^\d{1,10}$/.test(text) || Number(text) > MAX_ID) throw validationError({ cursor: ['The cursor is invalid.'] });
  return Number(text);
}
