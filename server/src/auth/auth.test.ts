import { PASSWORD_HINT, TEXT } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { PASSWORD, aUser, signIn } from '../test/factories.ts';
import { linkFromMail } from '../test/smtp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload?: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });

function uniqueEmail(prefix = 'new') {
  return `${prefix}-${Math.random().toString(36).slice(2, 9)}@Example.com`;
}

describe('register, verify, login', () => {
  it('registers, mails a link that verifies, and only then lets the user in', async () => {
    const email = uniqueEmail();
    const reg = await post('/api/user/register', { email, password: PASSWORD, password_confirmation: PASSWORD });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().message).toMatch(/verify/i);

    const before = await post('/api/user/login', { email, password: PASSWORD });
    expect(before.statusCode).toBe(403);
    expect(before.json().message).toBe('Your email is not verified. Please verify your email.');

    await t.app.outbox.drain();
    const mail = t.sent.find((m) => m.to === email);
    expect(mail?.subject).toMatch(/verify/i);
    const link = linkFromMail(mail!.text)!;
    expect(link.startsWith('http://localhost:3000/api/user/verify-email?token=')).toBe(true);

    const verify = await t.app.inject({ method: 'GET', url: link.replace('http://localhost:3000', '') });
    expect(verify.statusCode).toBe(303);
    const target = new URL(verify.headers.location as string, 'http://x');
    expect(target.pathname).toBe('/');
    expect(target.searchParams.get('success')).toBe('true');
    expect(target.searchParams.get('message')).toMatch(/verified/);

    const again = await t.app.inject({ method: 'GET', url: link.replace('http://localhost:3000', '') });
    expect(new URL(again.headers.location as string, 'http://x').searchParams.get('message')).toMatch(/already verified/);

    const login = await post('/api/user/login', { email: email.toUpperCase(), password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.message).toBeTruthy();
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.user.email).toBe(email);
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.user).not.toHaveProperty('password');
    // The spec's cookies: token HttpOnly (no page script can read it), id readable.
    const cookie = login.cookies.find((c) => c.name === 'token');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.value).toBe(body.token);
    const idCookie = login.cookies.find((c) => c.name === 'id');
    expect(idCookie?.value).toBe(String(body.user.id));
    expect(idCookie?.httpOnly).toBeFalsy();

    const stored = await t.db.selectFrom('sessions').select('token_hash').where('user_id', '=', body.user.id).execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(body.token);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a bad, tampered or expired verification link', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/user/verify-email?token=nope' });
    expect(bad.statusCode).toBe(303);
    const target = new URL(bad.headers.location as string, 'http://x');
    expect(target.pathname).toBe('/verified');
    expect(target.searchParams.get('success')).toBe('false');

    const email = uniqueEmail('late');
    await post('/api/user/register', { email, password: PASSWORD, password_confirmation: PASSWORD });
    await t.app.outbox.drain();
    const link = linkFromMail(t.sent.find((m) => m.to === email)!.text)!;
    await t.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await t.app.inject({ method: 'GET', url: link.replace('http://localhost:3000', '') });
    expect(new URL(expired.headers.location as string, 'http://x').pathname).toBe('/verified');
    expect((await post('/api/user/login', { email, password: PASSWORD })).statusCode).toBe(403);
  });

  it('resends a link to an unverified account and says the same for unknown addresses', async () => {
    const email = uniqueEmail('resend');
    await post('/api/user/register', { email, password: PASSWORD, password_confirmation: PASSWORD });
    const known = await post('/api/user/resend-verification', { email });
    const unknown = await post('/api/user/resend-verification', { email: uniqueEmail('ghost') });
    expect(known.statusCode).toBe(200);
    expect(unknown.json().message).toBe(known.json().message);
    await t.app.outbox.drain();
    expect(t.sent.filter((m) => m.to === email)).toHaveLength(2);
  });

  it('treats emails as unique without regard to case', async () => {
    const user = await aUser(t.db, { email: `Case-${Date.now()}@Example.com` });
    const res = await post('/api/user/register', {
      email: user.email.toLowerCase(),
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email[0]).toBe('The email has already been taken.');
  });

  it.each([
    ['short1!', PASSWORD_HINT],
    ['abc', 'The password must be at least 6 characters.'],
    ['a'.repeat(29) + '1!', 'The password may not be greater than 30 characters.'],
    ['password123', PASSWORD_HINT],
    ['12345678!', PASSWORD_HINT],
    ['abcdefgh!', PASSWORD_HINT],
    ['abcd1234', PASSWORD_HINT],
    ['abcd 1234!', PASSWORD_HINT],
    ['abcd1234~', PASSWORD_HINT],
  ])('rejects the weak password %j', async (password, message) => {
    const res = await post('/api/user/register', { email: uniqueEmail(), password, password_confirmation: password });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password[0]).toContain(message);
  });

  it('rejects a confirmation that does not match, and says which fields are missing', async () => {
    const mismatch = await post('/api/user/register', { email: uniqueEmail(), password: PASSWORD, password_confirmation: 'Other#123' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation[0]).toBe(TEXT.passwordMismatchSignup);

    const empty = await post('/api/user/register');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.email[0]).toBe('The email field is required.');
    expect(empty.json().errors.password[0]).toBe('The password field is required.');

    const badEmail = await post('/api/user/login', { email: 'not-an-email', password: PASSWORD });
    expect(badEmail.json().errors.email[0]).toBe('The email must be a valid email address.');
  });

  it('answers wrong credentials with 401 and the same text for unknown accounts', async () => {
    const user = await aUser(t.db);
    const wrong = await post('/api/user/login', { email: user.email, password: 'Wrong#123' });
    const unknown = await post('/api/user/login', { email: uniqueEmail('nobody'), password: PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('accepts urlencoded and multipart bodies as well as JSON', async () => {
    const user = await aUser(t.db);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: user.email, password: user.password }).toString(),
    });
    expect(form.statusCode).toBe(200);

    const boundary = '----inkwell';
    const multipart = [
      `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${user.email}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${user.password}\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const multi = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    expect(multi.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('lets the right token and id in, and nothing else', async () => {
    const user = await aUser(t.db);
    const other = await aUser(t.db);
    const session = await signIn(t.app, user);
    const otherSession = await signIn(t.app, other);

    const ok = await post('/api/user/profile', { id: user.id }, session.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(user.email);

    expect((await post('/api/user/profile', { id: user.id })).statusCode).toBe(401);
    const forged = await post('/api/user/profile', { id: user.id }, { token: 'A'.repeat(43), id: String(user.id) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBeTruthy();
    // A real token presented with another user's id.
    const swapped = await post('/api/user/profile', { id: other.id }, { token: session.token, id: String(other.id) });
    expect(swapped.statusCode).toBe(401);
    expect((await post('/api/user/profile', { id: user.id }, { token: session.token, id: 'abc' })).statusCode).toBe(401);
    // Asking for somebody else's private profile with one's own session.
    expect((await post('/api/user/profile', { id: other.id }, session.headers)).statusCode).toBe(403);
    // The cookie alone (as a browser sends it) identifies the caller too.
    const byCookie = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      payload: { id: other.id },
      cookies: { token: otherSession.token, id: String(other.id) },
    });
    expect(byCookie.statusCode).toBe(200);
    // A dead cookie session gets 401 and the answer drops the cookies.
    const dead = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      payload: { id: other.id },
      cookies: { token: 'not-a-session', id: String(other.id) },
    });
    expect(dead.statusCode).toBe(401);
    expect(dead.cookies.find((c) => c.name === 'token')?.value).toBe('');
  });

  it('refuses a body user_id that is not the caller', async () => {
    const user = await aUser(t.db);
    const other = await aUser(t.db);
    const session = await signIn(t.app, user);
    const mine = await post('/api/user/notifications', { user_id: user.id }, session.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().notifications).toEqual([]);
    const theirs = await post('/api/user/notifications', { user_id: other.id }, session.headers);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBeTruthy();
    const asText = await post('/api/user/notifications', { user_id: String(other.id) }, session.headers);
    expect(asText.statusCode).toBe(403);
  });

  it('ends the session on logout: the old token then gets 401', async () => {
    const user = await aUser(t.db);
    const session = await signIn(t.app, user);
    const second = await signIn(t.app, user);
    const out = await post('/api/user/logout', undefined, session.headers);
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'token')?.value).toBe('');
    expect(out.cookies.find((c) => c.name === 'id')?.value).toBe('');
    expect((await post('/api/user/profile', { id: user.id }, session.headers)).statusCode).toBe(401);
    expect((await post('/api/user/logout', undefined, session.headers)).statusCode).toBe(401);
    // Other devices stay signed in.
    expect((await post('/api/user/profile', { id: user.id }, second.headers)).statusCode).toBe(200);
  });

  it('lets an expired session in no more', async () => {
    const user = await aUser(t.db);
    const session = await signIn(t.app, user);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await post('/api/user/profile', { id: user.id }, session.headers)).statusCode).toBe(401);
  });
});

describe('public profile', () => {
  it('shows anyone the public fields only, and 404 for nobody', async () => {
    const user = await aUser(t.db, { name: 'Ada Lovelace' });
    const res = await post('/api/user/get-profile-data', { id: user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, name: 'Ada Lovelace', post_count: 0, followers_count: 0 });
    expect(JSON.stringify(res.json())).not.toContain(user.email);
    expect((await post('/api/user/get-profile-data', { id: 999999 })).statusCode).toBe(404);
    const bad = await post('/api/user/get-profile-data', { id: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.id[0]).toBeTruthy();
  });
});
