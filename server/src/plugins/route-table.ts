import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import type { Guards } from './session.ts';

/** One route as the security suites see it: who may call it and what its body and query look like. */
export interface RouteEntry {
  method: string;
  url: string;
  /** 'session': requireSession guards it; 'reader': optionalSession reads it; 'open': no session read. */
  access: 'session' | 'reader' | 'open';
  body?: ZodType;
  querystring?: ZodType;
  /** The success answer's schema (the route's first 2xx response), when it declares one. */
  answer?: ZodType;
  /** The success status, when it is always another than 200 (route config `status`). */
  status?: number;
  /** A POST that only reads (it leaves the caches alone). */
  readOnly?: boolean;
  /** The per-address limit it counts against (`perAddress`). */
  rateLimit?: string;
  /** A long-lived answer (Server-Sent Events): the suites call it over real HTTP and close it. */
  stream?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, in order (tests generate their cases from it). */
    routeTable: RouteEntry[];
  }
}

/** Records every route as it is added. Must be registered before the routes. */
export function recordRoutes(app: FastifyInstance, guards: Guards): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hooks = [route.preValidation ?? []].flat();
    const access = hooks.includes(guards.requireSession) ? 'session' : hooks.includes(guards.optionalSession) ? 'reader' : 'open';
    const schema = (route.schema ?? {}) as { body?: ZodType; querystring?: ZodType; response?: Record<string, ZodType> };
    const config = (route.config ?? {}) as { stream?: boolean; readOnly?: boolean; rateLimitName?: string; status?: number };
    const answer = Object.entries(schema.response ?? {}).find(([code]) => /^2/.test(code))?.[1];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({
        method,
        url: route.url,
        access,
        body: schema.body,
        querystring: schema.querystring,
        ...(answer ? { answer } : {}),
        ...(config.status ? { status: config.status } : {}),
        ...(config.readOnly ? { readOnly: true } : {}),
        ...(config.rateLimitName ? { rateLimit: config.rateLimitName } : {}),
        ...(config.stream ? { stream: true } : {}),
      });
    }
  });
}
