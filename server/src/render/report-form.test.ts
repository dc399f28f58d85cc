import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTED_ALREADY, REPORT_RECEIVED, encodeId, paths } from '@inkwell/contract';
import { type TestApp, buildRenderingTestApp } from '../test/app.ts';
import { type Session, aPost, aUser, signIn } from '../test/factories.ts';

/**
 * The report form before the app's scripts run (issue 47): rendered with the page for a member, sent
 * as a browser sends it (urlencoded), answered with a 303 to the reader's reports, where the receipt
 * shows, or with the form again (the choice and the note kept) and the API's message.
 */
let t: TestApp;
let reader: Session;
let postId: number;
let cookie: string;

beforeAll(async () => {
  t = await buildRenderingTestApp();
  const writer = await aUser(t.db, { name: 'Wren Writer' });
  reader = await signIn(t.app, await aUser(t.db, { name: 'Rae Reader' }));
  cookie = `token=${reader.token}; id=${reader.id}`;
  postId = (await aPost(t.db, { userId: writer.id, title: 'A story with casino links' })).id;
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const ORIGIN = 'http://localhost:3000';
const formPath = () => paths.report.getHref('post', postId);
const send = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: formPath(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'sec-fetch-site': 'same-origin', cookie },
    payload: new URLSearchParams(fields).toString(),
  });
const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie } });
  expect(res.statusCode).toBe(200);
  return new JSDOM(res.body).window.document;
};
const reportsOfReader = () => t.db.selectFrom('reports').select(['id', 'category', 'note']).where('reporter_id', '=', reader.id).execute();

describe('the report form without the app', () => {
  it('is rendered for a member with what is reported, the categories and the note, posting to its own address', async () => {
    const document = await page(formPath());
    expect(document.querySelector('h1')?.textContent).toBe('Report this story');
    expect(document.body.textContent).toContain('A story with casino links');
    const form = document.querySelector<HTMLFormElement>(`form[action="${formPath()}"]`)!;
    expect(form.getAttribute('method')).toBe('post');
    expect([...form.querySelectorAll<HTMLInputElement>('input[name="category"]')].map((input) => input.value)).toEqual(['spam', 'harassment', 'illegal', 'rule', 'other']);
    expect(form.querySelector('textarea[name="note"]')).not.toBeNull();
  });

  it('refuses a report without a category with the form again, the note kept, and nothing reported', async () => {
    const res = await send({ note: 'Kept through the refusal' });
    expect(res.statusCode).toBe(422);
    const document = new JSDOM(res.body).window.document;
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Choose what is wrong with it.');
    expect(document.querySelector('textarea[name="note"]')?.textContent).toBe('Kept through the refusal');
    expect(await reportsOfReader()).toEqual([]);
  });

  it('sends a report with a 303 to the reader’s reports, which show its receipt; the same again is refused, the page saying it is open', async () => {
    const res = await send({ category: 'spam', note: 'Casino links in every paragraph' });
    expect(res.statusCode).toBe(303);
    const [made] = await reportsOfReader();
    expect(made).toEqual({ id: expect.any(Number), category: 'spam', note: 'Casino links in every paragraph' });
    expect(res.headers.location).toBe(paths.reports.getHref(made!.id));

    const reports = await page(String(res.headers.location));
    expect(reports.querySelector('[role="status"]')?.textContent).toBe(REPORT_RECEIVED);
    expect(reports.querySelector(`#report-${made!.id}`)?.textContent).toContain('A story with casino links');
    expect(reports.querySelector(`#report-${made!.id} a`)?.getAttribute('href')).toBe(`/view-post/${encodeId(postId)}`);

    // Sent again (from a page left open): refused, and the page now says the report is open, with no form.
    const again = await send({ category: 'rule' });
    expect(again.statusCode).toBe(409);
    const document = new JSDOM(again.body).window.document;
    expect(document.querySelector('[role="status"]')?.textContent).toContain(REPORTED_ALREADY);
    expect(document.querySelector('a[href^="/reports#report-"]')?.getAttribute('href')).toBe(`/reports#report-${made!.id}`);
    expect(document.querySelector('input[name="category"]')).toBeNull();
    expect(await reportsOfReader()).toHaveLength(1);
  });
});
