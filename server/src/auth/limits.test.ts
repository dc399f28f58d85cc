import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app';
import { aUser } from '../test/factories';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const login = (app: TestApp['app'], email: string, password: string, ip = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password }, remoteAddress: ip });

describe('rate limits', () => {
  it('locks an account after 10 failed logins in 15 minutes, even from many addresses', async () => {
    t = await buildTestApp();
    const user = await aUser(t.db);
    for (let i = 0; i < 10; i += 1) {
      const res = await login(t.app, user.email, 'Wrong#123', `10.0.0.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const locked = await login(t.app, user.email.toUpperCase(), user.password, '10.0.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/too many failed login attempts/i);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    // Once the window has passed, the right password works again.
    await t.db.updateTable('login_failures').set({ created_at: new Date(Date.now() - 16 * 60_000).toISOString() }).execute();
    expect((await login(t.app, user.email, user.password)).statusCode).toBe(200);
  });

  it('a success clears the account’s failures', async () => {
    t = await buildTestApp({ config: { rateLimits: { failedLoginsPerAccount: { max: 3, windowMs: 60_000 } } } });
    const user = await aUser(t.db);
    await login(t.app, user.email, 'Wrong#123');
    await login(t.app, user.email, 'Wrong#123');
    expect((await login(t.app, user.email, user.password)).statusCode).toBe(200);
    await login(t.app, user.email, 'Wrong#123');
    await login(t.app, user.email, 'Wrong#123');
    expect((await login(t.app, user.email, user.password)).statusCode).toBe(200);
  });

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
