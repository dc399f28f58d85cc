import * as contract from '@inkwell/contract';
import { type Endpoint, endpoints } from '@inkwell/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodObject, ZodType } from 'zod';
import type { RouteEntry } from '../plugins/route-table.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { MATRIX } from './authz-matrix.ts';

/**
 * The endpoint table (contract/src/calls.ts) is what the server serves: every route it registers
 * has its entry and every entry is served, with the same access, read-only mark, per-address limit,
 * stream flag and schemas (the very objects the contract exports; a multipart body is the named text
 * fields and its file part). The authorization matrix names the same calls.
 */
let t: TestApp;
beforeAll(async () => {
  // Federation on: its routes are in the table too (FEDERATION is off by default on an http PUBLIC_URL).
  t = await buildTestApp({ config: { federation: { enabled: true, allowPrivateAddress: false, lookupTimeoutMs: 10_000 } } });
});
afterAll(() => t?.close());

const schema = (name: string | undefined) => (name === undefined ? undefined : ((contract as Record<string, unknown>)[name] as ZodType));
const key = (e: { method: string; path?: string; url?: string }) => `${e.method} ${e.path ?? e.url}`;
const table: Array<[string, Endpoint]> = Object.entries(endpoints);

function bodyMatches(route: RouteEntry, entry: Endpoint): boolean {
  const named = schema(entry.body);
  if (!entry.file) return route.body === named;
  const served = Object.keys((route.body as ZodObject).shape).sort();
  return JSON.stringify(served) === JSON.stringify([...new Set([...Object.keys((named as ZodObject).shape), entry.file])].sort());
}

describe('the endpoint table', () => {
  it('names every route the server serves, once, and nothing it does not serve', () => {
    const served = t.app.routeTable.map(key).sort();
    expect(table.map(([, entry]) => key(entry)).sort()).toEqual(served);
  });

  it.each(table)('%s: served as declared', (_name, entry) => {
    const route = t.app.routeTable.find((r) => key(r) === key(entry))!;
    expect(route.access).toBe(entry.access);
    expect(route.readOnly ?? false).toBe(entry.readOnly ?? false);
    expect(route.rateLimit).toBe(entry.rateLimit);
    expect(route.stream ?? false).toBe(entry.stream ?? false);
    expect(bodyMatches(route, entry), 'body').toBe(true);
    expect(route.querystring, 'query').toBe(schema(entry.query));
    expect(route.answer, 'answer').toBe(schema(entry.answer));
    expect(route.status, 'status').toBe(entry.status);
  });

  it('is what the authorization matrix covers', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(table.map(([name]) => name).sort());
  });
});
