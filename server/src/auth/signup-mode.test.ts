import { SIGNUP_CLOSED } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { PASSWORD, aUser } from '../test/factories.ts';
import { FakeGoogle } from '../test/google.ts';

/**
 * Sign-up closed (SIGNUP_MODE=closed, issue 47), on SQLite or PostgreSQL: no new account by the form
 * nor by Google, the sign-up page told so; members still sign in, with Google too.
 */
const CLIENT_ID = 'test-client.apps.googleusercontent.com';
const google = new FakeGoogle();
let t: TestApp;

beforeAll(async () => {
  const jwksUrl = await google.start();
  t = await buildTestApp({ config: { googleClientId: CLIENT_ID, googleJwksUrl: jwksUrl, signupMode: 'closed' } });
});
afterAll(async () => {
  await t.close();
  await google.stop();
});

const call = (url: string, payload?: object) => t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload });

describe('sign-up closed', () => {
  it('makes no account by the form, nor by Google, and says so; the client is told', async () => {
    const refused = await call('register', { email: 'newcomer@example.com', password: 'Secret#2026', password_confirmation: 'Secret#2026', filled_ms: 10_000 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SIGNUP_CLOSED);
    const byGoogle = await call('google', { credential: await google.idToken({ sub: 'sub-closed', email: 'googler@gmail.com', name: 'Googler' }) });
    expect(byGoogle.statusCode).toBe(403);
    expect(byGoogle.json().message).toBe(SIGNUP_CLOSED);
    expect(await t.db.selectFrom('users').select('id').where('email_normalized', 'in', ['newcomer@example.com', 'googler@gmail.com']).execute()).toEqual([]);
    const config = await t.app.inject({ method: 'GET', url: '/api/user/client-config' });
    expect(config.json()).toMatchObject({ signup_open: false });
  });

  it('still signs members in, by password and by Google', async () => {
    const member = await aUser(t.db, { email: `member-${Date.now()}@gmail.com` });
    expect((await call('login', { email: member.email, password: PASSWORD })).statusCode).toBe(200);
    const linked = await call('google', { credential: await google.idToken({ sub: 'sub-member', email: member.email }) });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().id).toBe(member.id);
  });

  it('is read from SIGNUP_MODE: open unless it says closed, and nothing else', () => {
    expect(loadConfig({}).signupMode).toBe('open');
    expect(loadConfig({ SIGNUP_MODE: 'closed' }).signupMode).toBe('closed');
    expect(() => loadConfig({ SIGNUP_MODE: 'approval' })).toThrow(/SIGNUP_MODE must be open or closed/);
  });
});
