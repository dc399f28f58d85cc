import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import { artifactPath } from './support/browser.ts';
import { type OpenedPage, type Session, type World, aStory, callApi, openAs, startWorld, stopWorld, verifiedUser } from './support/world.ts';

/**
 * A reader on a slow phone fills a rendered page's form and presses its button before the app's
 * scripts have run (they start after the load event and the first paint): the browser submits the form
 * itself, as its markup says. Every script is held back here so that this is what happens.
 */
const HOLD_MS = 6000;
let world: World;
let member: Session;
let postId: number;
const email = 'slow.phone@example.com';
const password = 'S3cret!pass';

beforeAll(async () => {
  world = await startWorld();
  member = await verifiedUser(world, email, password);
  await callApi(world, 'update-profile', { id: Number(member.id), name: 'Sol Phone' }, { ...member });
  const author = await verifiedUser(world, 'author.forms@example.com', 'Author#2026');
  postId = await aStory(world, author, { title: 'Tide tables by hand', sub_title: 'Pencil and moon', description: '<p>High water at noon.</p>' });
}, 120_000);
afterAll(() => stopWorld(world));

/** Every address the browser asked for or went to, its POSTs, and how many scripts it has received. */
interface Watched extends OpenedPage {
  urls: string[];
  posts: string[];
  scripts: () => number;
}

/** A page whose scripts all wait HOLD_MS, watched: every request's and every navigation's address. */
async function slowPhone(session: Session | null, width = 1280): Promise<Watched> {
  const opened = await openAs(world, session, { width, height: 900 });
  const urls: string[] = [];
  const posts: string[] = [];
  let scripts = 0;
  opened.page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname.endsWith('.js')) scripts += 1;
  });
  opened.page.on('request', (request) => {
    urls.push(request.url());
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
  });
  opened.page.on('framenavigated', (frame) => urls.push(frame.url()));
  await opened.page.route('**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    await route.continue().catch(() => undefined); // the page may have gone on meanwhile
  });
  return { ...opened, urls, posts, scripts: () => scripts };
}

/**
 * Opens a page and waits for its form only: goto's own promise, even at `commit`, waited here for the
 * held scripts, which would let the app start before the test presses anything.
 */
async function visit(page: Page, path: string, form = 'form'): Promise<void> {
  void page.goto(`${world.server.url}${path}`, { waitUntil: 'commit' }).catch(() => undefined);
  await page.locator(form).first().waitFor();
}

/** Presses a button that posts its form and waits for the server's answer to that POST. */
async function press(page: Page, button: ReturnType<Page['getByRole']>, path: string): Promise<number> {
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === path);
  await button.click();
  return (await answered).status();
}

function expectNoSecret(urls: string[]) {
  for (const url of urls) {
    for (const secret of [password, encodeURIComponent(password), 'password=']) expect(url, url).not.toContain(secret);
  }
}

describe('forms sent before the app starts', () => {
  it('logs in without the password in any address, after a refused try shown by the server', async () => {
    for (const width of [1280, 375]) {
      const { context, page, urls, posts, scripts } = await slowPhone(null, width);
      await visit(page, paths.login.getHref(), 'form[action="/login"]');
      await page.locator('input[name=email]').fill(email);
      await page.locator('input[name=password]').fill('Wrong!pass1');
      expect(await press(page, page.getByRole('button', { name: 'LOGIN' }), '/login')).toBeGreaterThanOrEqual(400);
      await page.locator('input[name=email][aria-invalid=true], input[name=password][aria-invalid=true], [role=alert]').first().waitFor();
      expect(await page.locator('input[name=email]').inputValue()).toBe(email);
      expect(await page.locator('input[name=password]').inputValue()).toBe('');
      // The server answered both: no script of the app had arrived yet.
      expect(scripts()).toBe(0);
      await page.screenshot({ path: artifactPath(`forms-login-refused-${width}.png`), fullPage: true });

      await page.locator('input[name=password]').fill(password);
      expect(await press(page, page.getByRole('button', { name: 'LOGIN' }), '/login')).toBe(303);
      await page.waitForURL(`${world.server.url}/`, { waitUntil: 'commit' });
      expect(posts).toEqual(['/login', '/login']);
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === 'token')?.httpOnly).toBe(true);
      expect(cookies.find((c) => c.name === 'id')?.value).toBe(member.id);
      expectNoSecret(urls);
      expect(urls.some((u) => u.includes('Wrong'))).toBe(false);
      await context.close();
    }
  });

  it('signs up (a mismatch first, told by the server)', async () => {
    const { context, page, urls, scripts } = await slowPhone(null);
    await visit(page, paths.signup.getHref(), 'form[action="/signup"]');
    await page.locator('input[name=email]').fill('new.slow@example.com');
    await page.locator('input[name=password]').fill(password);
    await page.locator('input[name=password_confirmation]').fill('Other!pass2');
    expect(await press(page, page.getByRole('button', { name: 'Sign Up' }), '/signup')).toBe(422);
    await page.getByText("pasword didn't match").first().waitFor();
    expect(await page.locator('input[name=email]').inputValue()).toBe('new.slow@example.com');
    await page.locator('input[name=password]').fill(password);
    await page.locator('input[name=password_confirmation]').fill(password);
    expect(scripts()).toBe(0);
    expect(await press(page, page.getByRole('button', { name: 'Sign Up' }), '/signup')).toBe(303);
    await page.waitForURL('**/verified?**', { waitUntil: 'commit' });
    expect(new URL(page.url()).searchParams.get('success')).toBe('true');
    expectNoSecret(urls);
    await context.close();
  });

  it('posts a member’s comment and shows it at its place', async () => {
    const { context, page, urls, scripts } = await slowPhone(member);
    await visit(page, paths.viewPost.getHref(postId), 'textarea[name=comments]');
    await page.getByRole('textbox', { name: 'Write a comment' }).fill('Pressed before the app ran.');
    expect(scripts()).toBe(0);
    expect(await press(page, page.getByRole('button', { name: 'Post', exact: true }), paths.viewPost.getHref(postId))).toBe(303);
    await page.waitForURL(/#comment-\d+$/, { waitUntil: 'commit' });
    const anchor = new URL(page.url()).hash.slice(1);
    await expect.poll(() => page.locator(`[id="${anchor}"]`).textContent()).toContain('Pressed before the app ran.');
    expectNoSecret(urls);
    await context.close();
  });

  it('sends a report of a story and shows its receipt (issue 47)', async () => {
    const { context, page, scripts } = await slowPhone(member, 375);
    await visit(page, paths.report.getHref('post', postId), 'textarea[name=note]');
    await page.getByRole('radio', { name: /Spam/ }).check();
    await page.getByRole('textbox', { name: /Anything the moderators should know/ }).fill('Sent before the app ran.');
    expect(scripts()).toBe(0);
    expect(await press(page, page.getByRole('button', { name: 'Send report' }), paths.report.getHref('post', postId))).toBe(303);
    await page.waitForURL(/\/reports\?reported=\d+$/, { waitUntil: 'commit' });
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Your report is with the moderators');
    await expect.poll(() => page.locator('li[id^="report-"]').first().textContent()).toContain('Tide tables by hand');
    await context.close();
  });

  it('keeps a visitor’s comment through login and posts it', async () => {
    const { context, page, urls, posts, scripts } = await slowPhone(null);
    await visit(page, paths.viewPost.getHref(postId), 'textarea[name=comment]');
    await page.getByRole('textbox', { name: 'Write a comment' }).fill('Kept while I signed in.');
    expect(await press(page, page.getByRole('button', { name: 'Post', exact: true }), '/login')).toBe(200);
    expect(await page.getByTestId('kept-comment').textContent()).toContain('Kept while I signed in.');
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=password]').fill(password);
    expect(scripts()).toBe(0);
    expect(await press(page, page.getByRole('button', { name: 'LOGIN' }), '/login')).toBe(303);
    await page.waitForURL(/\/view-post\/[^/]+#comment-\d+$/, { waitUntil: 'commit' });
    const anchor = new URL(page.url()).hash.slice(1);
    await expect.poll(() => page.locator(`[id="${anchor}"]`).textContent()).toContain('Kept while I signed in.');
    expect(posts).toEqual(['/login', '/login']);
    expectNoSecret(urls);
    expect(urls.some((u) => u.includes('Kept'))).toBe(false);
    await context.close();
  });

  it('opens the results page for a search', async () => {
    const { context, page, scripts } = await slowPhone(null);
    await visit(page, '/', 'form[role=search]');
    await page.getByRole('combobox', { name: 'Search people and posts' }).fill('tide tables');
    expect(scripts()).toBe(0);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search?**', { waitUntil: 'commit' });
    expect(new URL(page.url()).searchParams.get('q')).toBe('tide tables');
    // Once the app runs (its scripts let through from now on), the results page shows the post.
    await page.unroute('**/*.js');
    await page.getByRole('heading', { name: 'Tide tables by hand' }).first().waitFor({ timeout: 30_000 });
    await context.close();
  });
  it('keeps what was typed before the app started once it runs: the login goes through, a comment and a search keep their text', async () => {
    const { context, page, urls, posts } = await slowPhone(null);
    await visit(page, paths.login.getHref(), 'form[action="/login"]');
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=password]').fill(password);
    // The scripts arrive and the app takes over the page before the button is pressed.
    await page.locator('html[data-app-ready]').waitFor({ timeout: 30_000 });
    expect(await page.locator('input[name=email]').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL(`${world.server.url}/`);
    expect(posts).toContain('/api/user/login');
    expect(posts).not.toContain('/login'); // the app sent it, with what was typed
    expectNoSecret(urls);
    await context.close();

    const reader = await slowPhone(member);
    await visit(reader.page, paths.viewPost.getHref(postId), 'textarea[name=comments]');
    const box = reader.page.getByRole('textbox', { name: 'Write a comment' });
    await box.fill('Typed while the page was loading.');
    const search = reader.page.getByRole('combobox', { name: 'Search people and posts' });
    await search.fill('tide');
    await reader.page.locator('html[data-app-ready]').waitFor({ timeout: 30_000 });
    // Sent by the app with the text typed before it ran: the comment is in the list, the box empty.
    await reader.page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect.poll(() => reader.page.locator('[id^="comment-"]').filter({ hasText: 'Typed while the page was loading.' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await box.inputValue()).toBe('');
    expect(reader.posts).not.toContain(paths.viewPost.getHref(postId));
    await search.press('Enter');
    await reader.page.waitForURL('**/search?**');
    expect(new URL(reader.page.url()).searchParams.get('q')).toBe('tide');
    await reader.context.close();
  }, 90_000);
});
