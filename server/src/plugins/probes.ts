import type { FastifyInstance } from 'fastify';
import { route } from './endpoint.ts';

/** What readiness asks: each answers whether it is reachable. */
interface Dependencies {
  database: { ping(): Promise<boolean> };
  storage: { ready(): Promise<boolean> };
  /** Redis, when REDIS_URL is set. */
  redis: { ping(): Promise<boolean> } | null;
}

/**
 * The probes: `health` (alive: the process answers; overload still answers 503) and `ready` (what it
 * needs answers too: the database, file storage, and Redis when set; 503 naming what does not).
 */
export function registerProbes(app: FastifyInstance, { database, storage, redis }: Dependencies): void {
  route(app, 'health', async () => ({ status: 'ok' }));
  route(app, 'ready', async (_request, reply) => {
    const [db, files, counts] = await Promise.all([database.ping(), storage.ready(), redis ? redis.ping() : true]);
    const state = (ok: boolean) => (ok ? 'ok' : 'unavailable');
    const ok = db && files && counts;
    return reply.code(ok ? 200 : 503).send({ status: state(ok), database: state(db), storage: state(files), ...(redis ? { redis: state(counts) } : {}) });
  });
}
