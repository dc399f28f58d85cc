import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aUser } from '../test/factories.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const login = (app: TestApp['app'], email: string, password: string, ip = '127.0.0.1', cookies: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password }, remoteAddress: ip, cookies });

const counts = (codes: number[]) => codes.reduce<Record<number, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {});

describe('failed logins per account', () => {
  it('holds a parallel burst from four addresses to 10 password checks in all', async () => {
    t = await buildTestApp();
    const user = await aUser(t.db);
    const app = t.app;
    const burst = Array.from({ length: 40 }, (_, i) => login(app, user.email, 'Wrong#123', `10.9.0.${(i % 4) + 1}`));
    const codes = (await Promise.all(burst)).map((r) => r.statusCode);
    expect(counts(codes)).toEqual({ 401: 10, 429: 30 });

    // The right password from a fifth address that never signed in is refused too, with Retry-After.
    const locked = await login(app, user.email.toUpperCase(), user.password, '10.9.0.5');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/too many failed login attempts/i);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    // Once the window has passed, the right password works again.
    await t.db
      .updateTable('login_throttle')
      .set({ window_start: new Date(Date.now() - 16 * 60_000).toISOString() })
      .execute();
    expect((await login(app, user.email, user.password, '10.9.0.5')).statusCode).toBe(200);
  });

  it('lets the owner in from an address or a browser that signed in before, whatever strangers tried', async () => {
    t = await buildTestApp();
    const user = await aUser(t.db);
    const home = await login(t.app, user.email, user.password, '10.8.0.1');
    expect(home.statusCode).toBe(200);
    const device = home.cookies.find((c) => c.name === 'inkwell_device');
    expect(device?.httpOnly).toBe(true);

    // A stranger spends the account's limit for unknown places, and more.
    const strangers = await Promise.all(Array.from({ length: 25 }, (_, i) => login(t!.app, user.email, 'Wrong#123', `10.7.0.${(i % 5) + 1}`)));
    expect(counts(strangers.map((r) => r.statusCode))).toEqual({ 401: 10, 429: 15 });
    expect((await login(t.app, user.email, user.password, '10.7.9.9')).statusCode).toBe(429);

    // The owner: from the same address, and from a new address in the same browser.
    expect((await login(t.app, user.email, user.password, '10.8.0.1')).statusCode).toBe(200);
    expect((await login(t.app, user.email, user.password, '10.6.0.1', { inkwell_device: device!.value })).statusCode).toBe(200);
    // A made-up device cookie is just an unknown place.
    expect((await login(t.app, user.email, user.password, '10.6.0.2', { inkwell_device: 'x'.repeat(43) })).statusCode).toBe(429);
  });

  it('still limits guesses from a known address or browser, each on its own counter', async () => {
    t = await buildTestApp({ config: { rateLimits: { failedLoginsPerAddress: { max: 3, windowMs: 60_000 } } } });
    const user = await aUser(t.db);
    const first = await login(t.app, user.email, user.password, '10.5.0.1');
    const device = first.cookies.find((c) => c.name === 'inkwell_device')!.value;
    const guesses = await Promise.all(Array.from({ length: 8 }, () => login(t!.app, user.email, 'Wrong#123', '10.5.0.1')));
    expect(counts(guesses.map((r) => r.statusCode))).toEqual({ 401: 3, 429: 5 });
    expect((await login(t.app, user.email, user.password, '10.5.0.1')).statusCode).toBe(429);
    // The browser's own counter is untouched by guesses made without its cookie.
    expect((await login(t.app, user.email, user.password, '10.5.0.1', { inkwell_device: device })).statusCode).toBe(200);
  });

  it('a success clears that place’s failures', async () => {
    t = await buildTestApp({ config: { rateLimits: { failedLoginsPerAccount: { max: 3, windowMs: 60_000 } } } });
    const user = await aUser(t.db);
    await login(t.app, user.email, 'Wrong#123');
    await login(t.app, user.email, 'Wrong#123');
    expect((await login(t.app, user.email, user.password)).statusCode).toBe(200);
    await login(t.app, user.email, 'Wrong#123');
    await login(t.app, user.email, 'Wrong#123');
    expect((await login(t.app, user.email, user.password)).statusCode).toBe(200);
  });

  it('counts guesses at an address nobody registered like any other, so the answers tell nothing', async () => {
    t = await buildTestApp({ config: { rateLimits: { failedLoginsPerAccount: { max: 2, windowMs: 60_000 } } } });
    const codes = [];
    for (let i = 0; i < 3; i += 1) codes.push((await login(t.app, 'nobody@example.com', 'Wrong#123', `10.4.0.${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 429]);
  });
});

describe('rate limits per client address', () => {
  it('limits login, register and google per client address', async () => {
    const small = { max: 2, windowMs: 60_000 };
    t = await buildTestApp({ config: { rateLimits: { login: small, register: small, google: small } } });
    const user = await aUser(t.db);
    expect((await login(t.app, user.email, user.password, '10.1.1.1')).statusCode).toBe(200);
    expect((await login(t.app, user.email, user.password, '10.1.1.1')).statusCode).toBe(200);
    const third = await login(t.app, user.email, user.password, '10.1.1.1');
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/too many requests/i);
    expect((await login(t.app, user.email, user.password, '10.1.1.2')).statusCode).toBe(200);

    for (const url of ['/api/user/register', '/api/user/google']) {
      const codes = [];
      for (let i = 0; i < 3; i += 1) {
        codes.push((await t.app.inject({ method: 'POST', url, payload: {}, remoteAddress: '10.2.2.2' })).statusCode);
      }
      expect(codes[2]).toBe(429);
    }
  });
});
