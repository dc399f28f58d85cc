import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface Counted {
  failures: number;
  window_start: string;
}

/**
 * Counts one more attempt under key in one atomic statement and answers the new count: a window that
 * began at or before `expiredBefore` starts again at `now` with 1. Concurrent calls each get their own
 * number (the row is locked for the update on PostgreSQL; SQLite has one writer), so a burst cannot
 * all read "fewer than the limit".
 */
export async function bump(db: Kysely<DB>, key: string, now: string, expiredBefore: string): Promise<Counted> {
  const result = await sql<Counted>`
    INSERT INTO login_throttle (key, failures, window_start) VALUES (${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN login_throttle.window_start <= ${expiredBefore} THEN 1 ELSE login_throttle.failures + 1 END,
      window_start = CASE WHEN login_throttle.window_start <= ${expiredBefore} THEN ${now} ELSE login_throttle.window_start END
    RETURNING failures, window_start`.execute(db);
  return result.rows[0]!;
}

/** Takes back one attempt counted in that window (it was refused, or the password was right). */
export async function unbump(db: Kysely<DB>, key: string, windowStart: string): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .where('failures', '>', 0)
    .execute();
}

export async function clear(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

/** Forgets counters whose window ended long ago. */
export async function pruneThrottle(db: Kysely<DB>, before: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('window_start', '<', before).execute();
}

/** Which of these places (hashes) the account signed in from successfully since `since`. */
export async function trustedPlaces(db: Kysely<DB>, userId: number, placeHashes: readonly string[], since: string): Promise<string[]> {
  if (placeHashes.length === 0) return [];
  const rows = await db
    .selectFrom('login_trust')
    .select('place_hash')
    .where('user_id', '=', userId)
    .where('place_hash', 'in', placeHashes)
    .where('last_used_at', '>', since)
    .execute();
  return rows.map((r) => r.place_hash);
}

/** Remembers the places of a successful sign-in. */
export async function trust(db: Kysely<DB>, userId: number, placeHashes: readonly string[], now: string, before: string): Promise<void> {
  if (placeHashes.length > 0) {
    await db
      .insertInto('login_trust')
      .values(placeHashes.map((place_hash) => ({ user_id: userId, place_hash, last_used_at: now })))
      .onConflict((oc) => oc.columns(['user_id', 'place_hash']).doUpdateSet({ last_used_at: now }))
      .execute();
  }
  // Forget places unused for long, and all but the newest KEEP_PLACES (a client without cookies brings a new device each time).
  await db.deleteFrom('login_trust').where('user_id', '=', userId).where('last_used_at', '<', before).execute();
  await db
    .deleteFrom('login_trust')
    .where('user_id', '=', userId)
    .where('place_hash', 'not in', (eb) => eb.selectFrom('login_trust').select('place_hash').where('user_id', '=', userId).orderBy('last_used_at', 'desc').limit(KEEP_PLACES))
    .execute();
}

const KEEP_PLACES = 20;
