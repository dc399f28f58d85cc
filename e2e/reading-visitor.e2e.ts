import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import { artifactPath } from './support/browser.ts';
import { POSTS, READING_PASSWORD as password, cards, castReading } from './support/reading.ts';
import type { RunningServer } from './support/server.ts';
import { type World, openAs, startWorld, stopWorld } from './support/world.ts';

/** The reading journey of a visitor in Chromium: the home feed's pages, a post's tags, search, and the heart that asks to log in. */
let world: World;
let server: RunningServer;

let readerEmail: string;
let postIds: number[];

beforeAll(async () => {
  world = await startWorld();
  ({ server } = world);
  ({ readerEmail, postIds } = await castReading(world));
}, 180_000);

afterAll(() => stopWorld(world));

describe('reading journey of a visitor in Chromium', () => {
  it('scrolls the home feed through three pages and takes screenshots', async () => {
    const { context, page, errors } = await openAs(world, null);
    await page.goto(`${server.url}/`);
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBe(10);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: artifactPath('home-1280.png') });

    for (let i = 0; i < 10 && (await cards(page).count()) < POSTS; i++) {
      await page
        .getByTestId('sentinel')
        .scrollIntoViewIfNeeded()
        .catch(() => undefined);
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(400);
    }
    await expect.poll(() => cards(page).count()).toBe(POSTS);
    expect(await page.getByTestId('sentinel').count()).toBe(0);
    const titles = await page.getByTestId('post-card').getByRole('heading').allTextContents();
    expect(new Set(titles).size).toBe(POSTS); // no page repeated or skipped

    const { context: phone, page: small } = await openAs(world, null, { width: 375, height: 812 });
    await small.goto(`${server.url}/`);
    await cards(small).first().waitFor();
    await small.waitForLoadState('networkidle');
    await small.screenshot({ path: artifactPath('home-375.png') });
    await phone.close();

    const { context: dark, page: night } = await openAs(world, null, { width: 375, height: 812, dark: true });
    await night.goto(`${server.url}${paths.viewPost.getHref(postIds[0]!)}`);
    await night.getByRole('heading', { level: 1 }).waitFor();
    await night.waitForLoadState('networkidle');
    await night.screenshot({ path: artifactPath('post-375-dark.png') });
    await night.goto(`${server.url}/`);
    await cards(night).first().waitFor();
    await night.waitForLoadState('networkidle');
    await night.screenshot({ path: artifactPath('home-375-dark.png') });
    await dark.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a visitor who presses the heart to /login and brings them back afterwards', async () => {
    const { context, page } = await openAs(world, null);
    const href = paths.viewPost.getHref(postIds[1]!);
    await page.goto(`${server.url}${href}`);
    await page.getByRole('heading', { level: 1, name: 'Reading journey 02' }).waitFor();
    await page.getByRole('button', { name: 'Like' }).first().click();
    await page.waitForURL('**/login');
    // Exactly 'Email': until the login screen has come, the post's "Get new stories by email" is still there.
    await page.getByLabel('Email', { exact: true }).fill(readerEmail);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(href);
    await page.getByRole('heading', { level: 1, name: 'Reading journey 02' }).waitFor();
    await context.close();
  });

  it('serves Open Graph tags in the raw HTML of a post address', async () => {
    const res = await fetch(`${server.url}${paths.viewPost.getHref(postIds[2]!)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const tag of ['og:title', 'og:description', 'og:image']) expect(html).toMatch(new RegExp(`<meta[^>]+property="${tag}"`));
    expect(html).toMatch(/<meta[^>]+name="twitter:card"/);
    expect(html).toContain('Reading journey 03');
  });

  it('searches people and posts from the top bar as a visitor, and opens a result', async () => {
    const { context, page, errors } = await openAs(world, null);
    await page.goto(server.url);
    await page.getByRole('combobox', { name: 'Search people and posts' }).fill('journey 0');
    const results = page.getByRole('listbox', { name: 'Search results' });
    const posts = results.getByRole('group', { name: 'Posts' });
    await posts.getByRole('option').first().waitFor();
    const titles = await posts.getByRole('option').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toMatch(/^Reading journey 0\d$/);
    await page.screenshot({ path: artifactPath('search-1280.png') });
    await posts.getByRole('option', { name: 'Reading journey 03' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reading journey 03' }).waitFor();
    expect(await results.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
