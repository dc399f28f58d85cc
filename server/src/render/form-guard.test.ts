import { HONEYPOT_FIELD, SHOWN_AT_FIELD, paths } from '@inkwell/contract';
import { NEWSLETTER_CHECK_INBOX, NEWSLETTER_SUBSCRIBE_FORM } from '@inkwell/contract/newsletters';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filledSince, sentByProgram } from '../lib/form-guard.ts';
import { type TestApp, buildRenderingTestApp } from '../test/app.ts';
import { aPost, aUser, signIn } from '../test/factories.ts';

/**
 * The form guard (issue 47, ADR 0098) on the sign-up and the subscribe, as the app sends them and as the
 * plain forms do before it starts: a honeypot filled, or a form sent back sooner than SPAM_MIN_FILL_SECONDS,
 * gets the answer a success gets, and nothing is written nor mailed.
 */
const ORIGIN = 'http://localhost:3000';
let t: TestApp;
let writerId: number;
beforeAll(async () => {
  t = await buildRenderingTestApp({
    publicUrl: ORIGIN,
    spam: { newAccountMs: 0, newAccountLinks: 2, newAccountCommentsPerHour: 10, holdFirstLink: false, trustAfter: 3, repeatMs: 0, minFillMs: 3000 },
  });
  writerId = (await aUser(t.db, { name: 'Wren Writer' })).id;
});
afterAll(() => t?.close());

const PASSWORD = 'Secret#123';
const api = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload });
const form = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams(fields).toString(),
  });
const accountOf = (email: string) => t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
const subscriberOf = (email: string) => t.db.selectFrom('newsletter_subscribers').select('id').where('email', '=', email).executeTakeFirst();
const mailsTo = async (to: string) => {
  await t.app.outbox.drain();
  return t.sent.filter((m) => m.to === to);
};
let serial = 0;
const address = () => `guarded-${++serial}-${Date.now()}@example.com`;

describe('a sign-up', () => {
  it('filled by a program is answered as a person’s is, and makes nothing', async () => {
    const person = address();
    const real = await api('register', { email: person, password: PASSWORD, password_confirmation: PASSWORD, filled_ms: 9000 });
    expect(real.statusCode).toBe(201);
    expect(await accountOf(person)).toBeDefined();
    for (const guard of [{ website: 'https://spam.example' }, { filled_ms: 800 }]) {
      const bot = address();
      const answer = await api('register', { email: bot, password: PASSWORD, password_confirmation: PASSWORD, ...guard });
      expect({ status: answer.statusCode, body: answer.json() }, JSON.stringify(guard)).toEqual({ status: real.statusCode, body: real.json() });
      expect(await accountOf(bot)).toBeUndefined();
      expect(await mailsTo(bot)).toEqual([]);
    }
    // Even an address that is taken: a program learns nothing of who is registered.
    const taken = await api('register', { email: person, password: PASSWORD, password_confirmation: PASSWORD, website: 'x' });
    expect(taken.json()).toEqual(real.json());
  });

  it('sent as a plain form before the app starts: the page’s render time and its honeypot are read back', async () => {
    const page = new JSDOM((await t.app.inject({ method: 'GET', url: paths.signup.getHref() })).body).window.document;
    const shownAt = page.querySelector<HTMLInputElement>(`form input[name="${SHOWN_AT_FIELD}"]`)?.value;
    expect(Math.abs(Date.now() - Number(shownAt))).toBeLessThan(60_000);
    const honeypot = page.querySelector<HTMLInputElement>(`form input[name="${HONEYPOT_FIELD}"]`)!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();

    const fields = (email: string, extra: Record<string, string>) => ({ email, password: PASSWORD, password_confirmation: PASSWORD, ...extra });
    const early = address();
    const [soon, filled] = [
      await form('/signup', fields(early, { [SHOWN_AT_FIELD]: String(Date.now() - 500) })),
      await form('/signup', fields(address(), { [HONEYPOT_FIELD]: 'me' })),
    ];
    const person = address();
    const real = await form('/signup', fields(person, { [SHOWN_AT_FIELD]: String(Date.now() - 20_000) }));
    expect(real.statusCode).toBe(303);
    expect(await accountOf(person)).toBeDefined();
    for (const bot of [soon, filled]) expect({ status: bot.statusCode, location: bot.headers.location }).toEqual({ status: 303, location: real.headers.location });
    expect(await accountOf(early)).toBeUndefined();
  });
});

describe('a subscribe', () => {
  it('filled by a program gets the answer a new address gets, and nothing is kept nor mailed', async () => {
    const person = address();
    const real = await api('newsletter/subscribe', { writer_id: writerId, email: person, filled_ms: 12_000 });
    expect(real.json()).toEqual({ status: 'pending', message: NEWSLETTER_CHECK_INBOX });
    expect(await subscriberOf(person)).toBeDefined();
    const bot = address();
    expect((await api('newsletter/subscribe', { writer_id: writerId, email: bot, website: 'spam' })).json()).toEqual(real.json());
    const plain = await form(NEWSLETTER_SUBSCRIBE_FORM, { writer_id: String(writerId), email: bot, back: '/', [SHOWN_AT_FIELD]: String(Date.now() - 100) });
    expect(plain.statusCode).toBe(303);
    expect(plain.headers.location).toBe('/?newsletter=pending#newsletter');
    expect(await subscriberOf(bot)).toBeUndefined();
    expect(await mailsTo(bot)).toEqual([]);
  });
});

describe('a comment or a reply', () => {
  it('filled by a program is answered as one written is, with an id like its, and nothing is kept, counted or told', async () => {
    const reader = await signIn(t.app, await aUser(t.db, { name: 'Rae Reader' }));
    const postId = (await aPost(t.db, { userId: writerId, title: 'Guarded' })).id;
    const send = (what: 'comment' | 'replies', body: object) =>
      t.app.inject({ method: 'POST', url: `/api/user/${what}`, payload: { user_id: reader.id, post_id: postId, ...body }, headers: reader.headers });
    const real = await send('comment', { comments: 'A person wrote this.', filled_ms: 40_000 });
    expect(real.json()).toEqual({ message: 'Comment added.', id: expect.any(Number) });
    const commentId = real.json().id as number;
    for (const guard of [{ website: 'https://spam.example' }, { filled_ms: 900 }]) {
      const bot = await send('comment', { comments: 'Buy now', ...guard });
      expect({ status: bot.statusCode, message: bot.json().message, id: typeof bot.json().id }).toEqual({ status: 200, message: 'Comment added.', id: 'number' });
      expect(bot.json().id).toBeGreaterThan(commentId);
      const answer = await send('replies', { comment_id: commentId, reply: 'Buy now', ...guard });
      expect({ status: answer.statusCode, message: answer.json().message }).toEqual({ status: 200, message: 'Reply added.' });
    }
    // Without the timing (an old page, a program of one's own): taken.
    expect((await send('replies', { comment_id: commentId, reply: 'No timing here.' })).statusCode).toBe(200);
    const said = await t.db.selectFrom('comments').select('body').where('post_id', '=', postId).execute();
    expect(said.map((c) => c.body)).toEqual(['A person wrote this.']);
    const replies = await t.db.selectFrom('replies').select('body').where('post_id', '=', postId).execute();
    expect(replies.map((r) => r.body)).toEqual(['No timing here.']);
    const post = await t.db.selectFrom('posts').select('comments_count').where('id', '=', postId).executeTakeFirstOrThrow();
    expect(post.comments_count).toBe(2);
    expect(await t.db.selectFrom('notifications').select('id').where('user_id', '=', writerId).execute()).toHaveLength(2);

    // The post page's plain form carries the guard; sent too soon it comes back to the post as a written one does, and nothing is kept.
    const cookie = `token=${reader.token}; id=${reader.id}`;
    const html = await t.app.inject({ method: 'GET', url: paths.viewPost.getHref(postId), headers: { accept: 'text/html', cookie } });
    const doc = new JSDOM(html.body).window.document;
    const box = doc.querySelector('form textarea[name="comments"]')!.closest('form')!;
    expect(box.querySelector(`input[name="${SHOWN_AT_FIELD}"]`)).not.toBeNull();
    expect(box.querySelector(`input[name="${HONEYPOT_FIELD}"]`)).not.toBeNull();
    const plain = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: paths.viewPost.getHref(postId),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'sec-fetch-site': 'same-origin', cookie },
        payload: new URLSearchParams(fields).toString(),
      });
    const soon = await plain({ comments: 'Fast fingers', [SHOWN_AT_FIELD]: String(Date.now() - 200) });
    expect(soon.statusCode).toBe(303);
    expect(soon.headers.location).toMatch(new RegExp(`#comment-\\d+$`));
    const slow = await plain({ comments: 'Thought it over', [SHOWN_AT_FIELD]: String(Date.now() - 30_000) });
    expect(slow.statusCode).toBe(303);
    const kept = await t.db.selectFrom('comments').select('body').where('post_id', '=', postId).orderBy('id').execute();
    expect(kept.map((c) => c.body)).toEqual(['A person wrote this.', 'Thought it over']);
  });
});

describe('the guard', () => {
  it('takes a filled honeypot or a form sent too soon for a program, and nothing else', () => {
    expect(sentByProgram({}, 3000)).toBe(false);
    expect(sentByProgram({ website: '  ' }, 3000)).toBe(false);
    expect(sentByProgram({ website: 'a' }, 0)).toBe(true);
    expect(sentByProgram({ filled_ms: 2999 }, 3000)).toBe(true);
    expect(sentByProgram({ filled_ms: 3000 }, 3000)).toBe(false);
    expect(sentByProgram({ filled_ms: 1 }, 0)).toBe(false);
    const now = 1_800_000_000_000;
    expect(filledSince(String(now - 4000), now)).toBe(4000);
    for (const bad of [undefined, '', 'soon', String(now + 5000), String(now - 2 * 86_400_000), '12']) expect(filledSince(bad, now), String(bad)).toBeUndefined();
  });
});
