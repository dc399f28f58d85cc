import type { FastifyInstance, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import { addRouteHook } from './route-hooks.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Counted among the running handlers (until its answer is made). */
    inFlight: boolean;
  }
  interface FastifyInstance {
    /** Resolves once no handler is running (or after timeoutMs): main.ts waits for it before closing the database. */
    drain(timeoutMs: number): Promise<void>;
  }
}

/**
 * Counts the handlers that are running. Closing the server waits for open connections, but not for a
 * handler whose client already hung up; without this the database could be closed under it (a
 * 'driver has already been destroyed' error in the log, and a write cut short).
 */
export function trackInFlight(app: FastifyInstance): void {
  let running = 0;
  app.decorateRequest('inFlight', false);
  const start: preHandlerHookHandler = (request, _reply, done) => {
    running += 1;
    request.inFlight = true;
    done();
  };
  const end: onSendHookHandler = (request, _reply, payload, done) => {
    if (request.inFlight) {
      request.inFlight = false;
      running -= 1;
    }
    done(null, payload);
  };
  // A stream (Server-Sent Events) lasts as long as its tab: closing the app ends it instead. Decided
  // per route as it is registered, so no request asks.
  app.addHook('onRoute', (route) => {
    if (route.config?.stream) return;
    addRouteHook(route, 'preHandler', start);
    addRouteHook(route, 'onSend', end);
  });
  app.decorate('drain', async (timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    while (running > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  });
}
