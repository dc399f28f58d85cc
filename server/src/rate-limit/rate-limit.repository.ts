import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface CountedCall {
  /** Calls counted in the current window, this one included (never more than max + 1). */
  calls: number;
  /** When the current window ends (ISO). */
  expires_at: string;
}

/**
 * Counts one more call of `route` from `address` in one atomic statement and answers the new count: a
 * window that ended at or before `now` starts again with 1 and ends at `endsIfNew`. Concurrent calls
 * each get their own number, from this process or any other on the same database (PostgreSQL locks the
 * row for the update; SQLite has one writer), so a burst cannot all read "fewer than the limit". Past
 * max + 1 the count stays put: refused calls need no larger number (and it cannot overflow).
 */
export async function countCall(db: Kysely<DB>, call: { route: string; address: string; max: number; now: string; endsIfNew: string }): Promise<CountedCall> {
  const { route, address, max, now, endsIfNew } = call;
  const result = await sql<CountedCall>`
    INSERT INTO rate_limits (route, address, calls, expires_at) VALUES (${route}, ${address}, 1, ${endsIfNew})
    ON CONFLICT (route, address) DO UPDATE SET
      calls = CASE
        WHEN rate_limits.expires_at <= ${now} THEN 1
        WHEN rate_limits.calls > ${max} THEN rate_limits.calls
        ELSE rate_limits.calls + 1
      END,
      expires_at = CASE WHEN rate_limits.expires_at <= ${now} THEN ${endsIfNew} ELSE rate_limits.expires_at END
    RETURNING calls, expires_at`.execute(db);
  return result.rows[0]!;
}

/**
 * Deletes at most `limit` counters whose window ended at or before `now` (the oldest first) and says
 * how many went. The outer condition is checked again on the row itself, so a counter that a call
 * started afresh meanwhile stays.
 */
export async function deleteExpiredCounters(db: Kysely<DB>, now: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where('expires_at', '<=', now)
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('route', 'address'),
        'in',
        selectFrom('rate_limits').select(['route', 'address']).where('expires_at', '<=', now).orderBy('expires_at').limit(limit).$asTuple('route', 'address'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
