import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT, paths } from '@inkwell/contract';
import { type TestApp, buildRenderingTestApp } from '../test/app.ts';
import { aPost, aUser, signIn } from '../test/factories.ts';

/**
 * The rendered pages' forms as a browser sends them before the app's scripts run: urlencoded POSTs,
 * answered with a 303 when done, or with the page again (the API's texts, the fields kept, never a
 * password) when refused.
 */
let t: TestApp;
const LOGIN_LIMIT = 6;

beforeAll(async () => {
  t = await buildRenderingTestApp();
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const ORIGIN = 'http://localhost:3000';
/** A form post as a browser sends it: urlencoded, same-origin headers, from one address per test. */
function send(app: TestApp['app'], url: string, fields: Record<string, string>, headers: Record<string, string> = {}, address = '203.0.113.1') {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'sec-fetch-site': 'same-origin', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}
const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}, address?: string) => send(t.app, url, fields, headers, address);
const doc = (html: string) => new JSDOM(html).window.document;
const cookieNames = (setCookie: string | string[] | undefined) => [setCookie ?? []].flat().map((c) => c.split('=')[0]);
/** A set-cookie line without its value: what must match the API's exactly. */
const attributes = (line: string) => line.replace(/^([^=]+)=[^;]*/, '$1=').replace(/Expires=[^;]+/i, 'Expires=');

describe('the login form without the app', () => {
  it('signs in with a 303 home, with the very cookies the API login sets', async () => {
    const user = await aUser(t.db);
    const res = await post('/login', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    const api = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: user.email, password: user.password } });
    const mine = [res.headers['set-cookie'] ?? []].flat().map(attributes);
    const theirs = [api.headers['set-cookie'] ?? []].flat().map(attributes);
    expect(cookieNames(res.headers['set-cookie'])).toEqual(expect.arrayContaining(['token', 'id']));
    expect(mine.filter((c) => !c.startsWith('inkwell_device'))).toEqual(theirs.filter((c) => !c.startsWith('inkwell_device')));
    expect(mine.find((c) => c.startsWith('token='))).toMatch(/HttpOnly/);
  });

  it('returns to a next page of this site only', async () => {
    const user = await aUser(t.db);
    expect((await post('/login', { email: user.email, password: user.password, next: '/saved?x=1' })).headers.location).toBe('/saved?x=1');
    for (const next of ['//evil.test/', 'https://evil.test/', '/\\evil.test', '/login']) {
      expect((await post('/login', { email: user.email, password: user.password, next })).headers.location).toBe('/');
    }
  });

  it('answers a wrong password with the login page again: the message, the address kept, never the password', async () => {
    const user = await aUser(t.db);
    const res = await post('/login', { email: user.email, password: 'Wrong#pass99', next: '/saved' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('Wrong#pass99');
    const page = doc(res.body);
    const form = page.querySelector('form[action="/login"]');
    expect(form?.getAttribute('method')).toBe('post');
    expect((page.querySelector('input[name=email]') as HTMLInputElement).value).toBe(user.email);
    expect((page.querySelector('input[name=password]') as HTMLInputElement).value).toBe('');
    expect((page.querySelector('input[name=next]') as HTMLInputElement).value).toBe('/saved');
    const api = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: user.email, password: 'Wrong#pass99' } });
    expect(res.statusCode).toBe(api.statusCode);
    const apiBody = api.json<{ message: string; errors?: Record<string, string[]> }>();
    const shown = apiBody.errors ? Object.values(apiBody.errors).flat() : [apiBody.message];
    for (const text of shown) expect(page.getElementById('root')?.textContent).toContain(text);
  });

  it('sends a member whose address is not verified to the Verified screen, as the app does', async () => {
    const user = await aUser(t.db, { verified: false });
    const res = await post('/login', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/verified\?success=false&message=/);
  });

  it('refuses another site’s form (the CSRF check)', async () => {
    const user = await aUser(t.db);
    for (const headers of [
      { origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' },
      // A sandboxed frame's or a no-referrer page's opaque origin, vouched for by nothing.
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: 'null', 'sec-fetch-site': 'same-site' },
    ]) {
      const res = await post('/login', { email: user.email, password: user.password }, headers);
      expect(res.statusCode).toBe(403);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('accepts its own page’s form, which Chromium sends with Origin null under Referrer-Policy no-referrer', async () => {
    const user = await aUser(t.db);
    const res = await post('/login', { email: user.email, password: user.password }, { origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode).toBe(303);
  });

  it('counts against the API login’s own rate limit, per address', async () => {
    const limited = await buildRenderingTestApp({ rateLimits: { login: { max: LOGIN_LIMIT, windowMs: 60_000 } } });
    try {
      const user = await aUser(limited.db);
      const address = '198.51.100.7';
      for (let i = 0; i < LOGIN_LIMIT / 2; i += 1) {
        await limited.app.inject({ method: 'POST', url: '/api/user/login', remoteAddress: address, payload: { email: user.email, password: 'nope' } });
        await send(limited.app, '/login', { email: user.email, password: 'nope' }, {}, address);
      }
      const res = await send(limited.app, '/login', { email: user.email, password: user.password }, {}, address);
      expect(res.statusCode).toBe(429);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(doc(res.body).getElementById('root')?.textContent).toMatch(/Too many requests/);
      // Another address is not held back.
      expect((await send(limited.app, '/login', { email: user.email, password: user.password }, {}, '198.51.100.8')).statusCode).toBe(303);
    } finally {
      await limited.close();
    }
  });
});

describe('the signup form without the app', () => {
  it('registers and shows what the app shows after signup', async () => {
    const email = `new-${Date.now()}@example.com`;
    const res = await post('/signup', { email, password: 'Fresh#pass123', password_confirmation: 'Fresh#pass123' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/verified\?success=true&message=/);
    const row = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    expect(row).toBeDefined();
  });

  it('answers a mismatch with SPEC’s text, the address kept and no password in the page', async () => {
    const res = await post('/signup', { email: 'mismatch@example.com', password: 'Fresh#pass123', password_confirmation: 'Other#pass123' });
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toMatch(/Fresh#pass123|Other#pass123/);
    const page = doc(res.body);
    expect(page.getElementById('root')?.textContent).toContain(TEXT.passwordMismatchSignup);
    expect((page.querySelector('input[name=email]') as HTMLInputElement).value).toBe('mismatch@example.com');
  });

  it('answers a taken address with the API’s message', async () => {
    const user = await aUser(t.db);
    const res = await post('/signup', { email: user.email, password: 'Fresh#pass123', password_confirmation: 'Fresh#pass123' });
    expect(res.statusCode).toBe(422);
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { email: user.email, password: 'Fresh#pass123', password_confirmation: 'Fresh#pass123' },
    });
    const message = Object.values(api.json<{ errors: Record<string, string[]> }>().errors).flat()[0]!;
    expect(doc(res.body).getElementById('root')?.textContent).toContain(message);
  });
});

describe('the resend-verification form without the app', () => {
  it('sends the link again and says so on the Verified screen; a bad address comes back with its message', async () => {
    const user = await aUser(t.db, { verified: false });
    const done = await post('/verified', { email: user.email });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toMatch(/^\/verified\?success=true&message=./);
    const refused = await post('/verified', { email: 'not an address' });
    expect(refused.statusCode).toBe(422);
    const page = doc(refused.body);
    expect((page.querySelector('form[action="/verified"] input[name=email]') as HTMLInputElement).value).toBe('not an address');
    expect(page.querySelector('form[action="/verified"] [aria-invalid=true]')).not.toBeNull();
  });
});

describe('the welcome’s name form without the app', () => {
  it('saves a new member’s name and goes home; an empty one comes back with the message', async () => {
    const member = await aUser(t.db, { name: null });
    const session = await signIn(t.app, member);
    const cookie = `token=${session.token}; id=${session.id}`;
    const refused = await post('/', { name: '  ' }, { cookie });
    expect(refused.statusCode).toBe(422);
    expect(doc(refused.body).querySelector('form[action="/"] [aria-invalid=true]')).not.toBeNull();
    const done = await post('/', { name: 'Ada Lovelace' }, { cookie });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/');
    const row = await t.db.selectFrom('users').select('name').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Ada Lovelace');
  });
});

describe('the comment form without the app', () => {
  const commentsOf = (postId: number) => t.db.selectFrom('comments').select(['id', 'user_id', 'body']).where('post_id', '=', postId).execute();

  it('posts a member’s comment and goes back to the post at it', async () => {
    const author = await aUser(t.db);
    const reader = await aUser(t.db);
    const story = await aPost(t.db, { userId: author.id });
    const session = await signIn(t.app, reader);
    const cookie = `token=${session.token}; id=${session.id}`;
    const res = await post(paths.viewPost.getHref(story.id), { comments: 'Sent before the app ran.' }, { cookie });
    expect(res.statusCode).toBe(303);
    const [saved] = await commentsOf(story.id);
    expect(saved).toMatchObject({ user_id: reader.id, body: 'Sent before the app ran.' });
    expect(res.headers.location).toBe(`${paths.viewPost.getHref(story.id)}#comment-${saved!.id}`);
  });

  it('answers a refused comment with the post again and the text still in the box', async () => {
    const author = await aUser(t.db);
    const story = await aPost(t.db, { userId: author.id });
    const session = await signIn(t.app, author);
    const long = 'x'.repeat(20_000);
    const res = await post(paths.viewPost.getHref(story.id), { comments: long }, { cookie: `token=${session.token}; id=${session.id}` });
    expect(res.statusCode).toBe(422);
    const box = doc(res.body).querySelector('textarea[name=comments]') as HTMLTextAreaElement;
    expect(box.value).toBe(long);
    expect(await commentsOf(story.id)).toHaveLength(0);
  });

  it('keeps a visitor’s comment through login, in the login page, and posts it with the login', async () => {
    const author = await aUser(t.db);
    const reader = await aUser(t.db);
    const story = await aPost(t.db, { userId: author.id });
    const code = paths.viewPost.getHref(story.id).split('/').pop()!;
    // The visitor's box posts to /login: the login page, the comment waiting in it.
    const first = await post('/login', { comment: 'Kept through login.', comment_post: code });
    expect(first.statusCode).toBe(200);
    const page = doc(first.body);
    expect((page.querySelector('input[name=comment]') as HTMLInputElement).value).toBe('Kept through login.');
    expect((page.querySelector('input[name=comment_post]') as HTMLInputElement).value).toBe(code);
    expect(page.querySelector('[data-testid=kept-comment]')?.textContent).toContain('Kept through login.');
    expect(await commentsOf(story.id)).toHaveLength(0);

    // A wrong password keeps it still.
    const wrong = await post('/login', { email: reader.email, password: 'Wrong#pass99', comment: 'Kept through login.', comment_post: code });
    expect((doc(wrong.body).querySelector('input[name=comment]') as HTMLInputElement).value).toBe('Kept through login.');

    const res = await post('/login', { email: reader.email, password: reader.password, comment: 'Kept through login.', comment_post: code });
    expect(res.statusCode).toBe(303);
    expect(cookieNames(res.headers['set-cookie'])).toContain('token');
    const [saved] = await commentsOf(story.id);
    expect(saved).toMatchObject({ user_id: reader.id, body: 'Kept through login.' });
    expect(res.headers.location).toBe(`${paths.viewPost.getHref(story.id)}#comment-${saved!.id}`);
  });
});

describe('the rendered forms’ markup', () => {
  it('posts login and signup, sends search as a GET to the results page, and never a form without a method', async () => {
    const read = async (url: string) => doc((await t.app.inject({ method: 'GET', url })).body);
    for (const url of ['/login', '/signup'] as const) {
      const page = await read(url);
      expect(page.querySelector(`form[action="${url}"]`)?.getAttribute('method')).toBe('post');
    }
    const home = await read('/');
    const search = home.querySelector('form[role=search]');
    expect(search?.getAttribute('action')).toBe('/search');
    expect(search?.getAttribute('method')).toBe('get');
    expect(search?.querySelector('input[name=q]')?.getAttribute('type')).toBe('text');
    for (const url of ['/', '/login', '/signup']) {
      for (const form of (await read(url)).querySelectorAll('#root form')) expect(form.getAttribute('method'), form.outerHTML.slice(0, 80)).toMatch(/^(post|get)$/);
    }
  });
});
