import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';

/** Behind a load balancer every call comes from its address: TRUST_PROXY says whose X-Forwarded-For to believe. */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const search = (app: TestApp['app'], forwardedFor: string) =>
  app.inject({ method: 'POST', url: '/api/user/search', headers: { 'x-forwarded-for': forwardedFor }, payload: { query: 'night' } });

describe('client addresses behind a proxy', () => {
  it('counts per-address limits per forwarded client when the proxy is trusted', async () => {
    t = await buildTestApp({ config: { trustProxy: ['127.0.0.1'], rateLimits: { search: { max: 2, windowMs: 60_000 } } } });
    const statuses = [];
    for (const client of ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.2', '203.0.113.1']) statuses.push((await search(t.app, client)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('takes the client as the proxy hops say: with one hop, the last forwarded address', async () => {
    t = await buildTestApp({ config: { trustProxy: 1, rateLimits: { search: { max: 1, windowMs: 60_000 } } } });
    const statuses = [];
    for (const chain of ['198.51.100.9, 203.0.113.1', '198.51.100.9, 203.0.113.2', '198.51.100.7, 203.0.113.1']) statuses.push((await search(t.app, chain)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('ignores X-Forwarded-For from anyone not trusted: one address, one count', async () => {
    t = await buildTestApp({ config: { rateLimits: { search: { max: 2, windowMs: 60_000 } } } });
    const statuses = [];
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) statuses.push((await search(t.app, client)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
