import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimit } from '../config.ts';

/** The most servers remembered as over their limit at once (the oldest is forgotten first). */
const MAX_REMEMBERED = 10_000;

export interface HostLimit {
  /** Seconds the server at `host` must wait before its next activity is taken, or 0. */
  wait(host: string): number;
  /** Counts one activity of `host` that was verified and taken; at the limit, its next ones wait. */
  taken(request: FastifyRequest, host: string): Promise<void>;
}

/**
 * Activities taken per remote server (RATE_LIMIT_FEDERATION_HOST, ADR 0070), beside the per-address
 * limit of the inbox routes: a server that posts from many addresses is still one server. Only an
 * activity Fedify verified and took counts, so nobody can use up another server's allowance by
 * naming it as the actor of forged posts. The count is @fastify/rate-limit's, shared by every app
 * server (Redis or the database); each process refuses a server from the moment its own count saw
 * it past the limit until the window ends.
 */
export function hostLimit(app: FastifyInstance, limit: RateLimit): HostLimit {
  const hosts = new WeakMap<FastifyRequest, string>();
  const count = app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: (request) => `fediverse-host ${hosts.get(request) ?? ''}` });
  const over = new Map<string, number>();
  return {
    wait(host) {
      const until = over.get(host);
      if (until === undefined) return 0;
      if (until > Date.now()) return Math.ceil((until - Date.now()) / 1000);
      over.delete(host);
      return 0;
    },
    async taken(request, host) {
      hosts.set(request, host);
      const counted = await count(request);
      // The max-th of the window was the last taken: the next ones wait for the window's end.
      if (counted.isAllowed || counted.remaining > 0) return;
      if (over.size >= MAX_REMEMBERED) over.delete(over.keys().next().value!);
      over.set(host, Date.now() + counted.ttl);
    },
  };
}
