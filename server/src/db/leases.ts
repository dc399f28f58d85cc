import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { takeLease } from './shared.repository.ts';

/** This process, as a lease holder: unique across machines and restarts. */
export const processHolder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * A gate for periodic work that must run on one app process at a time, whichever server it is on:
 * true for the process holding the lease `name`. The holder keeps it while it keeps asking (each ask
 * extends it to 1.5 intervals ahead); when it stops (a crash, a shutdown), another process takes it
 * once it has expired, so the work goes on within one and a half intervals.
 */
export function leaseGate(db: Kysely<DB>, name: string, intervalMs: number, holder = processHolder): () => Promise<boolean> {
  return () => {
    const now = Date.now();
    return takeLease(db, name, holder, new Date(now).toISOString(), new Date(now + intervalMs * 1.5).toISOString());
  };
}
