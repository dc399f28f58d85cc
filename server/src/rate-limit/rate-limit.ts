import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config, RateLimit } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { tooManyRequests } from '../lib/errors.ts';
import { countCall, deleteExpiredCounters } from './rate-limit.repository.ts';
import { type RedisConnection, connectRedis } from './redis.ts';

/** The name of a per-address limit: a key of Config['rateLimits'] (RATE_LIMIT_<NAME> sets it). */
export type RateLimitName = keyof Config['rateLimits'];

/**
 * A route's `config` entry for @fastify/rate-limit: at most l.max calls per client address per window;
 * `rateLimitName` says which limit it is (the route table records it; contract/src/calls.ts names it).
 */
export const perAddress = (l: RateLimit, name: RateLimitName) => ({ rateLimit: { max: l.max, timeWindow: l.windowMs }, rateLimitName: name });

/** How often ended counters are deleted from the database (counts kept there), and at most how many per round. */
export const RATE_LIMIT_SWEEP_MS = 60_000;
const SWEEP_BATCH = 1000;
const SWEEP_BATCHES = 20;

/**
 * Registers @fastify/rate-limit for the routes that ask for it (`perAddress`), counting where every app
 * server sees the same counts: in Redis when `config.redisUrl` is set, in the database otherwise.
 *
 * Redis down: calls go on uncounted (the outage is logged, /api/ready says so), rather than refusing
 * sign-in and search to everyone. The database: a counter that cannot be written fails the call as any
 * other query would (503 when the database is busy). Counters whose window ended are deleted by the
 * `rate-limit-sweep` job (sweepEndedCounters), which app.ts adds when there is no Redis.
 *
 * Answers the Redis connection (for /api/ready), or null when counts live in the database.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config, db: Kysely<DB>): Promise<RedisConnection | null> {
  const errorResponseBuilder = (_request: unknown, context: { ttl: number }) => tooManyRequests(`Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`);
  if (config.redisUrl) {
    const redis = await connectRedis(config.redisUrl, app.log);
    app.addHook('onClose', async () => redis.close());
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder,
      redis: redis.client,
      nameSpace: `${config.redisPrefix}rate-limit:`,
      skipOnError: true,
    });
    return redis;
  }
  await app.register(rateLimit, { global: false, errorResponseBuilder, store: databaseStore(db) });
  return null;
}

/** A store of @fastify/rate-limit over the rate_limits table: one row per route and client address. */
function databaseStore(db: Kysely<DB>): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    private readonly route: string;

    constructor(_options: unknown, route = '') {
      this.route = route;
    }

    incr(address: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
      const now = Date.now();
      const call = { route: this.route, address, max, now: new Date(now).toISOString(), endsIfNew: new Date(now + timeWindow).toISOString() };
      countCall(db, call).then(
        (counted) => callback(null, { current: counted.calls, ttl: Math.max(0, Date.parse(counted.expires_at) - now) }),
        (err: Error) => callback(err),
      );
    }

    /** The plugin asks for one per rate-limited route, with the route it was registered for. */
    child(options: unknown): FastifyRateLimitStore {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
      return new DatabaseStore(undefined, `${method} ${route?.url ?? ''}`.trim());
    }
  }
  return DatabaseStore;
}

/**
 * One round of the `rate-limit-sweep` job (jobs/app-jobs.ts, every RATE_LIMIT_SWEEP_MS on the process
 * holding its lease): deletes counters whose window ended, in bounded batches. Answers how many went.
 */
export async function sweepEndedCounters(db: Kysely<DB>): Promise<number> {
  const now = new Date().toISOString();
  let removed = 0;
  for (let batch = 0; batch < SWEEP_BATCHES; batch += 1) {
    const deleted = await deleteExpiredCounters(db, now, SWEEP_BATCH);
    removed += deleted;
    if (deleted < SWEEP_BATCH) break;
  }
  return removed;
}
