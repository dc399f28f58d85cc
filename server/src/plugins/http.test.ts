import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app';
import { aUser, signIn } from '../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('HTTP conventions', () => {
  it('answers unknown /api paths with 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/nothing-here'],
      ['POST', '/api/nothing'],
      ['GET', '/api/user/login'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBeTruthy();
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses a state-changing call from another site', async () => {
    const user = await aUser(t.db);
    const session = await signIn(t.app, user);
    const evil = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { ...session.headers, origin: 'https://evil.example' },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().message).toMatch(/cross-site/i);
    const fetchSite = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email: user.email, password: user.password },
    });
    expect(fetchSite.statusCode).toBe(403);
    // The session survived the refused call.
    expect((await t.app.inject({ method: 'POST', url: '/api/user/profile', headers: session.headers, payload: { id: user.id } })).statusCode).toBe(200);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { ...session.headers, origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain('script-src \'self\' https://accounts.google.com/gsi/client');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    // Errors carry them too.
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it('reports health from the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('tells the web app whether Google sign-in is on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/client-config' });
    expect(res.json()).toEqual({ google_client_id: null });
  });
});

describe('health without a database', () => {
  it('answers 503 when the database does not answer', async () => {
    const down = await buildTestApp();
    await down.database.destroy();
    const res = await down.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
    await down.close();
  });
});
