import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import type { Guards } from './session.ts';

/** One route as the security suites see it: who may call it and what its body and query look like. */
export interface RouteEntry {
  method: string;
  url: string;
  /** 'session': requireSession guards it; 'open': anyone (optionalSession or nothing). */
  access: 'session' | 'open';
  body?: ZodType;
  querystring?: ZodType;
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
    const access = hooks.includes(guards.requireSession) ? 'session' : 'open';
    const schema = (route.schema ?? {}) as { body?: ZodType; querystring?: ZodType };
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const stream = (route.config as { stream?: boolean } | undefined)?.stream === true;
      table.push({ method, url: route.url, access, body: schema.body, querystring: schema.querystring, ...(stream ? { stream } : {}) });
    }
  });
}
