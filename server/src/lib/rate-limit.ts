import type { RateLimit } from '../config';

/** A route's `config` entry for @fastify/rate-limit: at most l.max calls per client address per window. */
export const perAddress = (l: RateLimit) => ({ rateLimit: { max: l.max, timeWindow: l.windowMs } });
