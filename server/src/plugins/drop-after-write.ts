import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { addRouteHook } from './route-hooks.ts';

/**
 * Any successful state-changing call may change what a feed shows: `afterWrite` (the cached pages
 * dropped here and in every other app process) runs before the answer leaves, so the caller's next
 * read sees its own change wherever the load balancer sends it. The hook goes on the routes that may
 * write (not GET or HEAD, not marked readOnly), decided once as each is registered: register this
 * before the routes.
 */
export function registerDropAfterWrite(app: FastifyInstance, afterWrite: () => Promise<void>): void {
  const dropAfterWrite: onSendHookHandler = (request, reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) return void afterWrite().then(() => done(null, payload));
    done(null, payload);
  };
  app.addHook('onRoute', (options) => {
    const reads = [options.method].flat().every((method) => method === 'GET' || method === 'HEAD');
    if (!reads && !options.config?.readOnly) addRouteHook(options, 'onSend', dropAfterWrite);
  });
}
