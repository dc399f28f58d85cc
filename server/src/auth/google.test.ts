import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inkwellUserAgent } from '../lib/user-agent.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aUser } from '../test/factories.ts';
import { FakeGoogle } from '../test/google.ts';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
const google = new FakeGoogle();
let t: TestApp;

beforeAll(async () => {
  const jwksUrl = await google.start();
  t = await buildTestApp({ config: { googleClientId: CLIENT_ID, googleJwksUrl: jwksUrl } });
});
afterAll(async () => {
  await t.close();
  await google.stop();
});

const signInWith = (payload: object) => t.app.inject({ method: 'POST', url: '/api/user/google', payload });
const email = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@gmail.com`;

describe('Google sign-in', () => {
  it('creates a verified account from a valid ID token and signs in again with it', async () => {
    const address = email('new');
    const credential = await google.idToken({ sub: 'sub-new-1', email: address, name: 'New Person' });
    const first = await signInWith({ credential });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ id: expect.any(Number), token: expect.any(String), message: expect.any(String) });

    const row = await t.db.selectFrom('users').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(address);
    expect(row.name).toBe('New Person');
    expect(row.email_verified_at).not.toBeNull();
    expect(row.google_id).toMatch(/^[0-9a-f]{64}$/);
    expect(row.google_id).not.toContain('sub-new-1');

    const again = await signInWith({ credential: await google.idToken({ sub: 'sub-new-1', email: address }) });
    expect(again.json().id).toBe(body.id);
    // Google's keys were fetched naming this server.
    expect(google.userAgents).not.toEqual([]);
    for (const userAgent of google.userAgents) expect(userAgent).toBe(inkwellUserAgent(t.config.publicUrl));
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      headers: { token: again.json().token, id: String(body.id) },
      payload: { id: body.id },
    });
    expect(profile.statusCode).toBe(200);
  });

  it('links to an existing account with the same verified email, in any case', async () => {
    const user = await aUser(t.db, { email: email('Linked') });
    const res = await signInWith({ credential: await google.idToken({ sub: 'sub-link', email: user.email.toLowerCase() }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.id);
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.google_id).toMatch(/^[0-9a-f]{64}$/);
    expect(row.password_hash).not.toBeNull();
  });

  it('takes over an unverified account only by dropping the password nobody proved', async () => {
    const squatter = await aUser(t.db, { email: email('squat'), verified: false });
    const res = await signInWith({ credential: await google.idToken({ sub: 'sub-owner', email: squatter.email }) });
    expect(res.json().id).toBe(squatter.id);
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', squatter.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(row.email_verified_at).not.toBeNull();
    const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: squatter.email, password: squatter.password } });
    expect(login.statusCode).toBe(401);
  });

  it.each([
    ['a wrong audience', { audience: 'someone-else.apps.googleusercontent.com' }, {}],
    ['an expired token', { expiresIn: Math.floor(Date.now() / 1000) - 60 }, {}],
    ['a wrong issuer', { issuer: 'https://evil.example' }, {}],
    ['an unverified email', {}, { email_verified: false }],
  ])('refuses %s', async (_name, options, claims) => {
    const credential = await google.idToken({ sub: 'sub-bad', email: email('bad'), ...claims }, options);
    const res = await signInWith({ credential });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
    expect(res.json().token).toBeUndefined();
  });

  it('refuses a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const credential = await google.idToken({ sub: 'sub-forged', email: email('forged') }, { key: privateKey });
    expect((await signInWith({ credential })).statusCode).toBe(401);
    const otherKid = await google.idToken({ sub: 'sub-forged', email: email('forged') }, { key: privateKey, kid: 'unknown' });
    expect((await signInWith({ credential: otherKid })).statusCode).toBe(401);
    expect((await signInWith({ credential: 'not.a.jwt' })).statusCode).toBe(401);
  });

  it('never signs anyone in from a bare {name, email, google_id}', async () => {
    const user = await aUser(t.db);
    const res = await signInWith({ name: 'Mallory', email: user.email, google_id: '123' });
    expect(res.statusCode).toBe(422);
    expect(res.json().token).toBeUndefined();
  });
});

describe('Google sign-in switched off', () => {
  it('answers 503 when GOOGLE_CLIENT_ID is not set', async () => {
    const off = await buildTestApp();
    const res = await off.app.inject({ method: 'POST', url: '/api/user/google', payload: { credential: 'x.y.z' } });
    expect(res.statusCode).toBe(503);
    await off.close();
  });
});
