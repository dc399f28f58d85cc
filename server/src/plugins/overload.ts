import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

const SAMPLE_INTERVAL_MS = 500;

export const BUSY_MESSAGE = 'The server is busy right now. Please try again in a few seconds.';

/**
 * Overload is answered, not crashed into: while the event loop lags or the heap is nearly full, every
 * call (health included, so a balancer sees it) gets 503 with Retry-After at once, and the process
 * recovers by itself once the burst ends. Database saturation (pool queue full, a statement cancelled
 * by statement_timeout, SQLite busy) is turned into the same 503 by the error handler (errors.ts).
 * One exception: a lagging event loop does not refuse a signed-in write. Such a call goes through the
 * write queue (write-queue.ts), which bounds how many wait and how long, and a burst of them lags the
 * loop by arriving at once (2 000 requests read and parsed in a few turns): shedding them for it would
 * refuse the very burst the queue is there to absorb (ADR 0077). The heap guard still refuses them.
 * Nor does it refuse the web app's built files (`/assets/…`) to a page already sent.
 */
type PressureHandler = NonNullable<FastifyUnderPressureOptions['pressureHandler']>;

/**
 * under-pressure's handler as its README says it works: undefined lets the call go on; anything else is
 * sent as the reply, and no later hook of the call runs (its types allow only void). Sending the reply
 * inside the handler instead would let the call go on into the next hooks (the write queue's turn)
 * whenever the reply is not ended at once.
 */
const pressureHandler = (handler: (...args: Parameters<PressureHandler>) => object | undefined) => handler as PressureHandler;

export async function registerOverloadGuard(app: FastifyInstance, overload: Config['overload']): Promise<void> {
  if (overload.maxEventLoopDelayMs === 0 && overload.maxHeapUsedBytes === 0) return;
  // The samples start when the guard is registered, so the first one after the app is ready covers
  // the process's own start (modules loaded, the renderer read): up to a sample interval of 503s for a
  // process that has only just started, to the first calls a load balancer hands it. Lag that old is
  // not overload; lag after that is.
  let readyAt = Number.POSITIVE_INFINITY;
  app.addHook('onReady', (done) => {
    readyAt = Date.now();
    done();
  });
  await app.register(underPressure, {
    maxEventLoopDelay: overload.maxEventLoopDelayMs,
    maxHeapUsedBytes: overload.maxHeapUsedBytes,
    retryAfter: overload.retryAfterSeconds,
    // Not much shorter: under load the delay histogram can come up empty between two close samples,
    // which under-pressure reads as an infinite delay (a false 503 for a whole interval).
    sampleInterval: SAMPLE_INTERVAL_MS,
    pressureHandler: pressureHandler((request, reply, type, value) => {
      if (type === 'eventLoopDelay' && Date.now() - readyAt < SAMPLE_INTERVAL_MS) return undefined; // the start's own lag
      if (type === 'eventLoopDelay' && request.routeOptions.config.writeQueue) return undefined; // the queue bounds it
      // A script or style of a page already sent: refused, the page would never start (a browser does
      // not fetch a module again); it is a file read, and the HTML, the calls and health are refused.
      if (type === 'eventLoopDelay' && request.url.startsWith('/assets/')) return undefined;
      request.log.warn({ route: request.routeOptions.url, type, value }, 'overloaded: answered 503');
      void reply.code(503).header('retry-after', String(overload.retryAfterSeconds));
      return { message: BUSY_MESSAGE };
    }),
  });
}
