import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@inkwell/contract';
import { stored } from '../posts/testing.ts';
import { aJpeg, multipart } from '../storage/testing.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { PASSWORD, type Session, aUser, signIn } from '../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { uploadGraceMs: 0 } });
});
afterAll(() => t.close());

const update = (session: Session, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/user/update-profile', payload: { id: session.id, ...payload }, headers: session.headers });
const row = (id: number) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /api/user/update-profile', () => {
  it('changes only what is sent: name, bio, user name and the notification choices', async () => {
    const me = await signIn(t.app, await aUser(t.db, { name: null }));
    const res = await update(me, { name: '  Ada Lovelace ', bio: 'Engines and poetry.', username: 'Ada_L', notify_like: false, notify_help: '0' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Profile updated successfully.',
      user: { id: me.id, name: 'Ada Lovelace', bio: 'Engines and poetry.', username: 'ada_l', notify_like: false, notify_comment: true, notify_help: false },
    });
    expect(await row(me.id)).toMatchObject({ name: 'Ada Lovelace', username: 'ada_l', notify_like: 0, notify_help: 0 });
    // Sending only the bio leaves the rest; an empty bio clears it.
    expect((await update(me, { bio: '' })).json().user).toMatchObject({ name: 'Ada Lovelace', bio: null, username: 'ada_l' });
  });

  it('refuses a user name somebody has, a malformed one, a blank name, and anyone else’s profile', async () => {
    const first = await signIn(t.app, await aUser(t.db));
    const second = await signIn(t.app, await aUser(t.db));
    expect((await update(first, { username: 'taken_name' })).statusCode).toBe(200);
    const taken = await update(second, { username: 'TAKEN_NAME' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.username[0]).toBe('The username has already been taken.');
    expect((await update(second, { username: 'no spaces!' })).statusCode).toBe(422);
    expect((await update(second, { name: '   ' })).json().errors.name[0]).toBe('The name field is required.');
    const other = await t.app.inject({ method: 'POST', url: '/api/user/update-profile', payload: { id: first.id, name: 'Mallory' }, headers: second.headers });
    expect(other.statusCode).toBe(403);
    expect((await row(first.id)).name).not.toBe('Mallory');
    expect((await t.app.inject({ method: 'POST', url: '/api/user/update-profile', payload: { id: first.id, name: 'X' } })).statusCode).toBe(401);
  });

  it('changes the password only with the current one and a matching confirmation, and ends other sessions', async () => {
    const user = await aUser(t.db);
    const here = await signIn(t.app, user);
    const elsewhere = await signIn(t.app, user);
    const next = 'N3w#secret9';
    const mismatch = await update(here, { current_password: PASSWORD, new_password: next, new_password_confirmation: 'other' });
    expect(mismatch.json().errors.new_password_confirmation[0]).toBe(TEXT.passwordMismatchSettings);
    const wrong = await update(here, { current_password: 'Wrong#pass1', new_password: next, new_password_confirmation: next });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password[0]).toBe('The current password is incorrect.');
    expect((await update(here, { new_password: next, new_password_confirmation: next })).json().errors.current_password[0]).toBe('The current password field is required.');
    expect((await update(here, { current_password: PASSWORD, new_password: 'weak', new_password_confirmation: 'weak' })).statusCode).toBe(422);

    expect((await update(here, { current_password: PASSWORD, new_password: next, new_password_confirmation: next })).statusCode).toBe(200);
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: user.email, password } });
    expect((await login(PASSWORD)).statusCode).toBe(401);
    expect((await login(next)).statusCode).toBe(200);
    // This session goes on; the other one was ended.
    expect((await t.app.inject({ method: 'POST', url: '/api/user/profile', payload: { id: here.id }, headers: here.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/profile', payload: { id: here.id }, headers: elsewhere.headers })).statusCode).toBe(401);
  });

  it('stores a new profile picture like any upload (multipart), and releases the old file', async () => {
    const me = await signIn(t.app, await aUser(t.db));
    const send = async () => {
      const form = multipart({ id: me.id, name: 'Pictured', profile_picture: { data: await aJpeg(), filename: 'me.jpg', type: 'image/jpeg' } });
      return t.app.inject({ method: 'POST', url: '/api/user/update-profile', payload: form.payload, headers: { ...me.headers, ...form.headers } });
    };
    const first = await send();
    expect(first.statusCode).toBe(200);
    const oldPath = first.json().user.profile_picture as string;
    expect(oldPath).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
    expect(stored(t, oldPath)).toBe(true);
    const second = await send();
    const newPath = second.json().user.profile_picture as string;
    expect(newPath).not.toBe(oldPath);
    expect(stored(t, newPath)).toBe(true);
    expect(stored(t, oldPath)).toBe(false); // no grace period in this app

    const text = multipart({ id: me.id, profile_picture: 'not a file' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/user/update-profile', payload: text.payload, headers: { ...me.headers, ...text.headers } });
    expect(bad.statusCode).toBe(422);
    const svg = multipart({ id: me.id, profile_picture: { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'x.svg', type: 'image/svg+xml' } });
    expect((await t.app.inject({ method: 'POST', url: '/api/user/update-profile', payload: svg.payload, headers: { ...me.headers, ...svg.headers } })).statusCode).toBe(415);
  });
});
