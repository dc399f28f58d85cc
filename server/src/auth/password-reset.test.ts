import { PASSWORD_HINT, PASSWORD_RESET_TTL_MS, TEXT } from '@inkwell/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { PASSWORD, aUser, signIn } from '../test/factories.ts';
import { linkFromMail } from '../test/smtp.ts';
import { RESET_MAILS_PER_ACCOUNT_PER_HOUR } from './password-reset.ts';

const NEW_PASSWORD = 'Fresh#2026';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (app: TestApp['app'], url: string, payload?: object, ip = '127.0.0.1', headers: Headers = {}) =>
  app.inject({ method: 'POST', url: `/api/user/${url}`, payload, remoteAddress: ip, headers });
const forgot = (email: string, ip?: string) => call(t.app, 'forgot-password', { email }, ip);
const reset = (token: string, password = NEW_PASSWORD, confirmation = password, ip?: string, headers?: Headers) =>
  call(t.app, 'reset-password', { token, password, password_confirmation: confirmation }, ip, headers);
const login = (email: string, password: string) => call(t.app, 'login', { email, password });

/** The reset mails sent to `to` so far, oldest first. */
async function mailsTo(to: string) {
  await t.app.outbox.drain();
  return t.sent.filter((m) => m.to === to && /reset/i.test(m.subject));
}

/** Asks for a link and returns the token the mail carries. */
async function tokenFor(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(200);
  const mails = await mailsTo(email);
  const link = new URL(linkFromMail(mails.at(-1)!.text)!);
  return link.searchParams.get('token')!;
}

const userRow = (id: number) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const resetTokens = (userId: number) => t.db.selectFrom('email_tokens').selectAll().where('user_id', '=', userId).where('purpose', '=', 'reset').orderBy('id').execute();
const profile = (session: { token: string; id: number }) => call(t.app, 'profile', { id: session.id }, undefined, { token: session.token, id: String(session.id) });

describe('forgot password', () => {
  it('answers every well-formed address alike, and mails a one-time link only to an account', async () => {
    const member = await aUser(t.db);
    const answers = await Promise.all([member.email.toUpperCase(), 'nobody-here@example.com'].map((e) => forgot(e)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: TEXT.resetLinkSent });
      expect(answer.headers['set-cookie']).toBeUndefined();
    }

    const [mail, ...more] = await mailsTo(member.email);
    expect(more).toHaveLength(0);
    expect(await mailsTo('nobody-here@example.com')).toHaveLength(0);
    expect(mail!.subject).toBe('Reset your Inkwell password');
    const link = linkFromMail(mail!.text)!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w-]{43}$/);
    expect(mail!.html).toContain(link);
    expect(mail!.text).toMatch(/works once, for 1 hour/);

    // Stored hashed, for an hour.
    const [row] = await resetTokens(member.id);
    const token = new URL(link).searchParams.get('token')!;
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toContain(token);
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(PASSWORD_RESET_TTL_MS);
    expect(PASSWORD_RESET_TTL_MS).toBe(60 * 60 * 1000);
  });

  it('refuses a malformed address with the field error, like every other form', async () => {
    const res = await call(t.app, 'forgot-password', { email: 'not-an-email' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email[0]).toBe('The email must be a valid email address.');
    expect((await call(t.app, 'forgot-password', {})).json().errors.email[0]).toBe('The email field is required.');
  });

  it(`sends at most ${RESET_MAILS_PER_ACCOUNT_PER_HOUR} mails per account an hour, whoever asks, even in a burst`, async () => {
    const member = await aUser(t.db);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => forgot(member.email, `10.3.0.${i + 1}`)));
    expect(answers.map((a) => a.json().message)).toEqual(Array(8).fill(TEXT.resetLinkSent));
    expect(await mailsTo(member.email)).toHaveLength(RESET_MAILS_PER_ACCOUNT_PER_HOUR);
    expect(await resetTokens(member.id)).toHaveLength(RESET_MAILS_PER_ACCOUNT_PER_HOUR);

    // An hour later the account can get mail again.
    await t.db
      .updateTable('email_tokens')
      .set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('user_id', '=', member.id)
      .execute();
    await forgot(member.email);
    expect(await mailsTo(member.email)).toHaveLength(RESET_MAILS_PER_ACCOUNT_PER_HOUR + 1);
  });
});

describe('reset password', () => {
  it('sets the new password, ends every session of the account and signs the caller in', async () => {
    const member = await aUser(t.db);
    const phone = await signIn(t.app, member);
    const laptop = await signIn(t.app, member);
    expect((await profile(phone)).statusCode).toBe(200);
    const token = await tokenFor(member.email);

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(TEXT.passwordResetDone);
    expect(body.user.id).toBe(member.id);
    expect(body.user).not.toHaveProperty('password_hash');
    expect(res.cookies.find((c) => c.name === 'token')).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax' });
    expect(res.cookies.find((c) => c.name === 'id')?.value).toBe(String(member.id));

    expect((await profile(phone)).statusCode).toBe(401);
    expect((await profile(laptop)).statusCode).toBe(401);
    expect((await profile({ token: body.token, id: member.id })).statusCode).toBe(200);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', member.id).execute()).toHaveLength(1);

    expect((await login(member.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('takes a link once: a second use, and every older link of the account, are refused', async () => {
    const member = await aUser(t.db);
    const older = await tokenFor(member.email);
    const token = await tokenFor(member.email);
    expect((await reset(token)).statusCode).toBe(200);
    for (const used of [token, older]) {
      const again = await reset(used, 'Other#2027');
      expect(again.statusCode).toBe(422);
      expect(again.json().errors.token[0]).toBe(TEXT.resetLinkInvalid);
    }
    expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lets only one of a burst of requests with the same link through', async () => {
    const member = await aUser(t.db);
    const token = await tokenFor(member.email);
    const codes = (await Promise.all(Array.from({ length: 6 }, (_, i) => reset(token, `Burst#${2020 + i}`)))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(5);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', member.id).execute()).toHaveLength(1);
  });

  it('refuses an expired, unknown or missing link and keeps the old password', async () => {
    const member = await aUser(t.db);
    const token = await tokenFor(member.email);
    await t.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', member.id)
      .execute();
    for (const bad of [token, 'not-a-token', 'x'.repeat(201), '']) {
      const res = await reset(bad);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.token[0]).toBe(TEXT.resetLinkInvalid);
    }
    const missing = await call(t.app, 'reset-password', { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(missing.json().errors.token[0]).toBe('The token field is required.');
    expect((await login(member.email, PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['short1!', PASSWORD_HINT],
    ['abc', 'The password must be at least 6 characters.'],
    ['a'.repeat(29) + '1!', 'The password may not be greater than 30 characters.'],
    ['password123', PASSWORD_HINT],
    ['12345678!', PASSWORD_HINT],
    ['abcdefgh!', PASSWORD_HINT],
    ['abcd 1234!', PASSWORD_HINT],
    ['abcd1234~', PASSWORD_HINT],
  ])('holds the new password %j to the spec’s rules, and the link stays usable', async (password, message) => {
    const member = await aUser(t.db);
    const token = await tokenFor(member.email);
    const res = await reset(token, password);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password[0]).toBe(message);
    const again = await reset(token);
    // Its body says why, should it ever be refused (it was once, in CI of 2e8f35c, not reproduced since).
    expect(again.statusCode, again.body).toBe(200);
  });

  it('refuses a confirmation that does not match, with the settings’ text', async () => {
    const member = await aUser(t.db);
    const token = await tokenFor(member.email);
    const res = await reset(token, NEW_PASSWORD, 'Fresh#2027');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password_confirmation[0]).toBe(TEXT.passwordMismatchSettings);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('verifies an unverified account: the mailed link proves the address', async () => {
    const member = await aUser(t.db, { verified: false });
    expect((await login(member.email, PASSWORD)).statusCode).toBe(403);
    const token = await tokenFor(member.email);
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email_verified).toBe(true);
    expect((await userRow(member.id)).email_verified_at).not.toBeNull();
    expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('gives a Google-only account its first password and keeps its Google sign-in', async () => {
    const member = await aUser(t.db);
    await t.db.updateTable('users').set({ password_hash: null, google_id: 'google-subject-hash' }).where('id', '=', member.id).execute();
    expect((await login(member.email, PASSWORD)).statusCode).toBe(401);
    const res = await reset(await tokenFor(member.email));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.has_password).toBe(true);
    expect((await userRow(member.id)).google_id).toBe('google-subject-hash');
    expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('mails a deactivated account too, and the reset brings it back, as signing in does', async () => {
    const member = await aUser(t.db);
    await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', member.id).execute();
    const res = await reset(await tokenFor(member.email));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(TEXT.passwordResetReactivated);
    expect((await userRow(member.id)).deactivated_at).toBeNull();
    expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lets the owner back in from the browser that reset, though strangers spent the account’s failed logins', async () => {
    const member = await aUser(t.db);
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => call(t.app, 'login', { email: member.email, password: 'Wrong#123' }, `10.2.0.${i}`)));
    expect(guesses.some((g) => g.statusCode === 429)).toBe(true);
    const res = await reset(await tokenFor(member.email), NEW_PASSWORD, NEW_PASSWORD, '10.1.0.9');
    expect(res.statusCode).toBe(200);
    const device = res.cookies.find((c) => c.name === 'inkwell_device')!;
    expect(device.httpOnly).toBe(true);
    // Signing in again later, from the same browser on another network.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: member.email, password: NEW_PASSWORD },
      remoteAddress: '10.1.7.7',
      cookies: { inkwell_device: device.value },
    });
    expect(again.statusCode).toBe(200);
    expect((await call(t.app, 'login', { email: member.email, password: NEW_PASSWORD }, '10.1.8.8')).statusCode).toBe(429);
  });
});

describe('rate limits per client address', () => {
  let limited: TestApp | undefined;
  afterEach(async () => {
    await limited?.close();
    limited = undefined;
  });

  it('limits forgot-password and reset-password per client address', async () => {
    const small = { max: 2, windowMs: 60_000 };
    limited = await buildTestApp({ config: { rateLimits: { forgotPassword: small, resetPassword: small } } });
    const member = await aUser(limited.db);
    const asks = [];
    for (let i = 0; i < 3; i += 1) asks.push(await call(limited.app, 'forgot-password', { email: member.email }, '10.4.4.4'));
    expect(asks.map((a) => a.statusCode)).toEqual([200, 200, 429]);
    expect(asks[2]!.json().message).toMatch(/too many requests/i);
    expect((await call(limited.app, 'forgot-password', { email: member.email }, '10.4.4.5')).statusCode).toBe(200);

    const tries = [];
    const body = { token: 'not-a-token', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    for (let i = 0; i < 3; i += 1) tries.push((await call(limited.app, 'reset-password', body, '10.4.4.4')).statusCode);
    expect(tries).toEqual([422, 422, 429]);
    expect((await call(limited.app, 'reset-password', body, '10.4.4.5')).statusCode).toBe(422);
  });
});
