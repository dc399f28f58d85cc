import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import { artifactPath } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { type Session, type World, callApi, openAs, startWorld, stopWorld, verifiedUser } from './support/world.ts';

/** Server-rendered pages: readable with JavaScript off, hydrated without a mismatch when it is on. */
let world: World;
let server: RunningServer;
let browser: Browser;
let ana: Session;
let bo: Session;
let postId: number;
const password = 'Sight#2026';
const title = 'Lighthouses of the Atlantic coast';

beforeAll(async () => {
  world = await startWorld();
  ({ server, browser } = world);
  ana = await verifiedUser(world, 'ana.sight@example.com', password);
  bo = await verifiedUser(world, 'bo.sight@example.com', password);
  await callApi(world, 'update-profile', { id: Number(ana.id), name: 'Ana Keeper' }, { ...ana });
  await callApi(world, 'update-profile', { id: Number(bo.id), name: 'Bo Walker' }, { ...bo });
  const categories = (await (await fetch(`${server.url}/api/user/categories`)).json()) as { categories: Array<{ id: number }> };
  const added = await callApi(
    world,
    'add-post',
    {
      user_id: Number(ana.id),
      title,
      sub_title: 'Forty towers, one road',
      category_id: categories.categories[0]!.id,
      description: '<p>The lamp at Cabo da Roca turns <strong>every five seconds</strong>.</p>',
    },
    { ...ana },
  );
  expect(added.status).toBe(201);
  postId = (added.json.post as { id: number }).id;
  await callApi(world, 'comment', { user_id: Number(bo.id), post_id: postId, comments: 'I counted them from the beach.' }, { ...bo });
}, 120_000);
afterAll(() => stopWorld(world));

/** Every console error and page error of a page (a hydration mismatch is reported as one). */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

describe('first sight', () => {
  it('reads a post, a profile and the home feed with JavaScript off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}${paths.viewPost.getHref(postId)}`);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(title);
    const body = await page.locator('main').textContent();
    for (const text of ['Ana Keeper', 'Forty towers, one road', 'every five seconds', 'I counted them from the beach.', 'Bo Walker']) {
      expect(body).toContain(text);
    }
    await page.screenshot({ path: artifactPath('first-sight-post-nojs-375.png'), fullPage: true });
    await page.goto(`${server.url}${paths.viewProfile.getHref(Number(ana.id))}`);
    expect(await page.locator('main').textContent()).toContain(title);
    await page.goto(`${server.url}/`);
    expect(await page.locator('main').textContent()).toContain(title);
    const missing = await page.goto(`${server.url}${paths.viewPost.getHref(postId + 1000)}`);
    expect(missing?.status()).toBe(404);
    await context.close();
  });

  it('hydrates the post for a visitor and a member without a mismatch, then works as before', async () => {
    // Readers far from the server's time zone, 25 hours apart: for one of them at least, the post (written
    // today) has another date than the server's day, which the page must hydrate without a mismatch.
    for (const [session, timezoneId] of [
      [null, 'Pacific/Kiritimati'],
      [bo, 'Pacific/Pago_Pago'],
    ] as const) {
      const { context, page } = await openAs(world, session, { width: 1280, height: 900, timezoneId });
      const problems = watch(page);
      const response = await page.goto(`${server.url}${paths.viewPost.getHref(postId)}`);
      // The server's HTML already holds the post, before any script ran.
      expect(await response?.text()).toContain('every five seconds');
      await page.waitForLoadState('networkidle');
      if (session) {
        // Hydrated: the like button answers.
        const article = page.locator('article').first();
        await article.getByRole('button', { name: 'Like', exact: true }).click();
        await article.getByRole('button', { name: 'Unlike', exact: true }).waitFor();
        await article.getByRole('button', { name: 'Unlike', exact: true }).click();
        await article.getByRole('button', { name: 'Like', exact: true }).waitFor();
      }
      await page.goto(`${server.url}/`);
      await page.waitForLoadState('networkidle');
      expect(problems, problems.join('\n')).toEqual([]);
      await context.close();
    }
  });

  it("fetches the app's scripts only once the rendered page is painted, and still hydrates a shell", async () => {
    for (const url of [paths.viewPost.getHref(postId), '/']) {
      const { context, page } = await openAs(world, null, { width: 375, height: 800 });
      await page.goto(`${server.url}${url}`);
      await page.waitForLoadState('networkidle');
      const times = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        load: performance.getEntriesByType('navigation')[0] ? (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart : null,
        app:
          performance
            .getEntriesByType('resource')
            .filter((r) => /\/assets\/start-[\w-]+\.js$/.test(r.name))
            .map((r) => r.startTime)[0] ?? null,
      }));
      expect(times.paint, JSON.stringify(times)).not.toBeNull();
      expect(times.app, JSON.stringify(times)).not.toBeNull();
      // After the load event and after the first paint (either may come first on a fast connection).
      expect(times.app!, JSON.stringify(times)).toBeGreaterThanOrEqual(times.paint!);
      expect(times.app!, JSON.stringify(times)).toBeGreaterThanOrEqual(times.load!);
      await context.close();
    }
    // A screen the server does not render (a member's, with no session: the shell) starts at its load event.
    const { context, page } = await openAs(world, null, { width: 375, height: 800 });
    await page.goto(`${server.url}/settings`);
    await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(/\/login/);
    await context.close();
  });

  it('fits a 320 px screen: no page scrolls sideways, for a visitor or a member', async () => {
    for (const session of [null, bo]) {
      const { context, page } = await openAs(world, session, { width: 320, height: 640 });
      for (const url of ['/', paths.viewPost.getHref(postId), paths.viewProfile.getHref(Number(ana.id)), ...(session ? ['/yourposts', '/settings'] : ['/login'])]) {
        await page.goto(`${server.url}${url}`);
        await page.waitForLoadState('networkidle');
        const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
        expect(widths.page, `${url} as ${session ? 'a member' : 'a visitor'}`).toBeLessThanOrEqual(widths.screen);
      }
      await page.screenshot({ path: artifactPath(`first-sight-320-${session ? 'member' : 'visitor'}.png`) });
      await context.close();
    }
  });
});
