/** The app's own bookkeeping: rate-limit counters, its secrets, the write epoch and leases. */
/** A per-address call counter of one rate-limited route (migration 0016), when no Redis counts them. */
export interface RateLimitsTable {
  /** 'POST /api/user/search' */
  route: string;
  address: string;
  calls: number;
  /** When the current window ends. */
  expires_at: string;
}

/** Secrets the app makes for itself once (e.g. 'unsubscribe': the key that signs unsubscribe links). */
export interface AppKeysTable {
  name: string;
  value: string;
  created_at: string;
}

/** One row (id 1): raised after every state-changing call; SQLite processes compare it to drop their caches. */
export interface WriteEpochTable {
  id: number;
  n: number;
}

/** Named periodic work and which process holds it until when (one server at a time). */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}
