import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost, aUser, signIn } from '../test/factories.ts';

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

  it('answers a broken multipart body with 400 and a message on every kind of call', async () => {
    const session = await signIn(t.app, await aUser(t.db));
    const bodies: Array<[string, string]> = [
      ['multipart/form-data', 'x'],
      ['multipart/form-data; boundary=', 'x'],
      ['multipart/form-data; boundary=abc', '--abc\r\ncontent-disposition: form-data; name="a"\r\n\r\nhello'],
      ['multipart/form-data; boundary=abc', '--abc\r\ncontent-disposition: form-data; name="__proto__"\r\n\r\nx\r\n--abc--\r\n'],
    ];
    for (const [type, payload] of bodies) {
      for (const url of ['/api/user/login', '/api/user/like', '/api/user/upload-image', '/api/user/add-post']) {
        const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': type, ...session.headers }, payload });
        expect(res.statusCode, `${type} ${url}`).toBe(400);
        expect(res.json().message).toMatch(/multipart|prototype/i);
      }
    }
    expect(({} as Record<string, unknown>).a).toBeUndefined();
  });

  it('refuses a JSON body that names __proto__ or constructor as a key, however it is spelt, and reads one that only mentions them', async () => {
    for (const payload of [
      '{"email":"a@b.c","__proto__":{"polluted":"yes"}}',
      '{"email":"a@b.c","\\u005f_proto__":{"polluted":"yes"}}',
      '{"email":"a@b.c","constructor":{"prototype":{"polluted":"yes"}}}',
      '{"email":"a@b.c","\\u0063onstructor":{"prototype":{"polluted":"yes"}}}',
      '{"email":',
      '',
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message, payload).toMatch(/JSON|empty/);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Words in a value are only words: the body is read, and the call answers as it would.
    const mentions = await t.app.inject({
      method: 'POST',
      url: '/api/user/search',
      headers: { 'content-type': 'application/json' },
      payload: '{"query":"the constructor of __proto__, in caf\\u00e9"}',
    });
    expect(mentions.statusCode, mentions.body).toBe(200);
  });

  it('refuses a user_id that is neither a number nor a string with 422, before converting it', async () => {
    const session = await signIn(t.app, await aUser(t.db));
    for (const user_id of [{ toString: 'x' }, { valueOf: 1 }, [session.id], true]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/notifications', headers: session.headers, payload: { user_id } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.user_id[0]).toBe('The user id field is invalid.');
    }
  });

  it('refuses a NUL character in any text field with 422 on every database alike (PostgreSQL text cannot hold it)', async () => {
    const user = await aUser(t.db);
    const session = await signIn(t.app, user);
    const postId = (await aPost(t.db, { userId: user.id })).id;
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/user/comment', { user_id: session.id, post_id: postId, comments: 'A line\u0000' }, 'comments'],
      ['/api/user/help', { user_id: session.id, message: 'Help\u0000me' }, 'message'],
      ['/api/user/update-profile', { id: session.id, name: 'a\u0000b' }, 'name'],
    ];
    for (const [url, payload, field] of cases) {
      const res = await t.app.inject({ method: 'POST', url, headers: session.headers, payload });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors[field][0]).toMatch(/NUL character/);
    }
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/user/comment',
      headers: { ...session.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `user_id=${session.id}&post_id=${postId}&comments=x%00y`,
    });
    expect(form.statusCode).toBe(422);
    expect((await t.db.selectFrom('comments').select('id').where('post_id', '=', postId).execute()).length).toBe(0);
  });

  it('refuses ids the id columns cannot hold with 422, on every database alike', async () => {
    const session = await signIn(t.app, await aUser(t.db));
    for (const id of [2 ** 31, 2 ** 53, 2 ** 63, '2147483648', 1e308]) {
      const open = await t.app.inject({ method: 'POST', url: '/api/user/get-profile-data', payload: { id } });
      expect(open.statusCode, String(id)).toBe(422);
      const signedIn = await t.app.inject({ method: 'POST', url: '/api/user/like', headers: session.headers, payload: { user_id: session.id, post_id: id, status: 1 } });
      expect(signedIn.statusCode, String(id)).toBe(422);
    }
    const largest = await t.app.inject({ method: 'POST', url: '/api/user/get-profile-data', payload: { id: 2 ** 31 - 1 } });
    expect(largest.statusCode).toBe(404);
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

  it('sets security headers: a page its full policy, an API answer the ones that matter for a resource that is not a document', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['strict-transport-security']).toContain('max-age=');
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(api.headers['strict-transport-security']).toContain('max-age=');
    expect(api.headers['cross-origin-opener-policy']).toBeUndefined();
    // Errors carry them too.
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect(missing.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('says it is alive, and ready when the database and file storage answer', async () => {
    const alive = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
  });

  it('tells the web app whether Google sign-in and federation are on, and whether sign-up is open', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/client-config' });
    expect(res.json()).toEqual({ google_client_id: null, federation: false, signup_open: true });
  });
});

describe('readiness when a part is down', () => {
  it('answers 503 while the database does not answer, and stays alive', async () => {
    const down = await buildTestApp();
    await down.database.destroy();
    const res = await down.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'unavailable', storage: 'ok' });
    expect((await down.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await down.close();
  });

  it('answers 503 while files cannot be stored', async () => {
    const t = await buildTestApp();
    // The storage root is a file now: nothing can be stored under it.
    const root = path.join(t.config.dataDir, 'storage');
    await fs.rm(root, { recursive: true, force: true });
    await fs.writeFile(root, 'not a directory');
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'ok', storage: 'unavailable' });
    await fs.rm(root);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    await t.close();
  });
});
