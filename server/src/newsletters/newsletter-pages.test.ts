import { paths } from '@inkwell/contract';
import { NEWSLETTER_CHECK_INBOX, NEWSLETTER_SUBSCRIBE_FORM } from '@inkwell/contract/newsletters';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildRenderingTestApp } from '../test/app.ts';
import { aPost, aUser, signIn } from '../test/factories.ts';
import { linkFromMail } from '../test/smtp.ts';

/**
 * The newsletter's pages as a browser gets them before the app's scripts run (issue 29): rendered on
 * the server with what the link is about, and their buttons are real forms that do their job.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildRenderingTestApp();
}, 600_000);
afterAll(() => t?.close());

const browser = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' };
const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const text = (html: string) => new JSDOM(html).window.document.getElementById('root')?.textContent ?? '';
const form = (url: string, fields: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
const status = async (email: string) => (await t.db.selectFrom('newsletter_subscribers').select('status').where('email', '=', email).executeTakeFirst())?.status;

describe('the newsletter pages before the app starts', () => {
  it('confirm: the page shows what the link is about and confirms nothing; its form confirms, and the page says so', async () => {
    const writer = await aUser(t.db, { name: 'Page Writer' });
    const email = `page-${Date.now()}@example.com`;
    const asked = await t.app.inject({ method: 'POST', url: '/api/user/newsletter/subscribe', payload: { writer_id: writer.id, email } });
    expect(asked.statusCode, asked.body).toBe(200);
    await t.app.outbox.drain();
    const link = new URL(linkFromMail(t.sent.find((m) => m.to === email)!.text)!);
    const address = `${link.pathname}${link.search}`;

    const before = await page(address);
    expect(before.statusCode).toBe(200);
    const document = new JSDOM(before.body).window.document;
    expect(text(before.body)).toContain('Page Writer');
    const confirmForm = document.querySelector(`form[method="post"][action="${paths.newsletterConfirm.path}"]`);
    expect(confirmForm?.querySelector('input[name="token"]')?.getAttribute('value')).toBe(link.searchParams.get('token'));
    expect(await status(email)).toBe('pending');

    const sent = await form(paths.newsletterConfirm.path, { token: link.searchParams.get('token')! });
    expect(sent.statusCode, sent.body).toBe(303);
    expect(sent.headers.location).toBe(address);
    expect(await status(email)).toBe('confirmed');
    expect(text((await page(address)).body)).toContain('New stories by Page Writer will come to');

    // unsubscribe: the welcome mail's link; the page's form posts to the link's own address and comes back done.
    await t.app.outbox.drain();
    const welcome = t.sent.filter((m) => m.to === email).at(-1)!;
    const leave = new URL(/<([^>]+)>/.exec(welcome.headers!['List-Unsubscribe']!)![1]!);
    const leavePage = await page(`${leave.pathname}${leave.search}`);
    const leaveForm = new JSDOM(leavePage.body).window.document.querySelector('form[method="post"]');
    expect(leaveForm?.getAttribute('action')).toBe(`${leave.pathname}${leave.search}`);
    const left = await form(`${leave.pathname}${leave.search}`, {});
    expect(left.statusCode, left.body).toBe(303);
    expect(left.headers.location).toBe(paths.newsletterUnsubscribe.getHref(leave.searchParams.get('token')!, true));
    expect(await status(email)).toBe('unsubscribed');
    expect(text((await page(left.headers.location as string)).body)).toContain('Done: you will no longer get new stories');
  });

  it('subscribe: a visitor’s form on a profile asks for a confirmation and comes back saying so; a bad address comes back kept, with the message', async () => {
    const writer = await aUser(t.db, { name: 'Box Writer' });
    const profile = paths.viewProfile.getHref(writer.id);
    const box = new JSDOM((await page(profile)).body).window.document.querySelector(`form[method="post"][action="${NEWSLETTER_SUBSCRIBE_FORM}"]`);
    const fields = Object.fromEntries([...box!.querySelectorAll('input')].map((input) => [input.getAttribute('name'), input.getAttribute('value') ?? '']));
    // With the form guard's (ADR 0098): the honeypot, empty, and the time the server rendered the form.
    expect(fields).toEqual({ writer_id: String(writer.id), source: 'profile', back: profile, email: '', website: '', shown_at: expect.stringMatching(/^\d{13}$/) });

    const email = `box-${Date.now()}@example.com`;
    const sent = await form(NEWSLETTER_SUBSCRIBE_FORM, { ...fields, email });
    expect(sent.statusCode, sent.body).toBe(303);
    expect(sent.headers.location).toBe(`${profile}?newsletter=pending#newsletter`);
    expect(text((await page(`${profile}?newsletter=pending`)).body)).toContain(NEWSLETTER_CHECK_INBOX);
    await t.app.outbox.drain();
    expect(t.sent.filter((m) => m.to === email).map((m) => m.subject)).toEqual(['Confirm your subscription to Box Writer']);

    const refused = await form(NEWSLETTER_SUBSCRIBE_FORM, { ...fields, email: 'not-an-address' });
    expect(refused.statusCode).toBe(422);
    const again = new JSDOM(refused.body).window.document;
    expect(again.querySelector('input[name="email"]')?.getAttribute('value')).toBe('not-an-address');
    expect(again.getElementById('root')?.textContent).toContain('The email must be a valid email address.');
  });

  it('subscribe: a member’s one-click form at the end of a story subscribes their own address at once', async () => {
    const writer = await aUser(t.db, { name: 'Story Writer' });
    const post = await aPost(t.db, { userId: writer.id, title: 'A story with a box' });
    const member = await aUser(t.db);
    const session = await signIn(t.app, member);
    const cookie = `token=${session.token}; id=${member.id}`;
    const story = paths.viewPost.getHref(post.id);
    const html = await t.app.inject({ method: 'GET', url: story, headers: { accept: 'text/html', cookie } });
    const box = new JSDOM(html.body).window.document.querySelector(`form[action="${NEWSLETTER_SUBSCRIBE_FORM}"]`);
    expect(box?.querySelector('input[name="email"]')).toBeNull();
    const sent = await t.app.inject({
      method: 'POST',
      url: NEWSLETTER_SUBSCRIBE_FORM,
      headers: { ...browser, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ writer_id: String(writer.id), source: 'story', back: story }).toString(),
    });
    expect(sent.statusCode, sent.body).toBe(303);
    expect(sent.headers.location).toBe(`${story}?newsletter=confirmed#newsletter`);
    expect(await status(member.email.toLowerCase())).toBe('confirmed');
  });

  it('says a link is not valid, with a way back', async () => {
    const res = await page(paths.newsletterConfirm.getHref('not-a-token'));
    expect(res.statusCode).toBe(200);
    expect(text(res.body)).toContain('This link is not valid.');
  });
});
