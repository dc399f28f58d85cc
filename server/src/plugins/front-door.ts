import http from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/** Answers a request before Fastify sees it, or says it did not (false): Fastify then handles it. */
export type Front = (request: http.IncomingMessage, response: http.ServerResponse) => boolean;

/** The options Fastify hands a server factory, as it has filled them in. */
interface ServerOptions {
  http?: http.ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/**
 * Fastify's HTTP server (its `serverFactory`, with the timeouts Fastify itself would set) with a front
 * in front of Fastify's handler, set once the app is built (render/page-front.ts: kept pages sent as
 * ready bytes) and taken away when the app starts closing, so that Fastify's own 503 while closing
 * still answers. `app.inject` does not pass through it: tests of the front listen on a port.
 */
export function frontDoor(): { serverFactory: FastifyServerFactory; open(front: Front | null): void } {
  let front: Front | null = null;
  const serverFactory: FastifyServerFactory = (handler, given) => {
    const options = given as ServerOptions;
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (front === null || !front(request, response)) handler(request, response);
    });
    // As Fastify's own factory does (lib/server.js), from the options it has filled in with its defaults.
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
  return {
    serverFactory,
    open(next) {
      front = next;
    },
  };
}
