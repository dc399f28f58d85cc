import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preHandler' | 'onSend';

/**
 * Adds a hook to one route as it is registered (from an `onRoute` hook): a hook that only some routes
 * need is then decided once, at start, instead of on every request of every route.
 */
export function addRouteHook(route: RouteOptions, name: HookName, hook: unknown): void {
  const present = route[name] as unknown;
  (route as unknown as Record<HookName, unknown[]>)[name] = present === undefined ? [hook] : Array.isArray(present) ? [...present, hook] : [present, hook];
}
