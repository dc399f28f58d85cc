import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import { artifactPath } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { type Session, type World, callApi, startWorld, stopWorld, verifiedUser, openAs } from './support/world.ts';

/**
 * A writer's numbers (issue 13) in Chromium against the real server: a reader opens a story (a view)
 * and scrolls to its end (a read); the writer follows the Library's Stats link and sees 1 view and 1
 * read, and the story's chart. Headless Chromium says "HeadlessChrome" in its User-Agent, which the
 * server takes for a program: the reader's browser presents an ordinary desktop Chrome's instead.
 */
const READER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SHOTS = process.env.STATS_SHOTS_DIR;
let world: World;
let server: RunningServer;
let ana: Session; // the writer
let postId: number;
const title = 'Notes from the night ferry';
const password = 'Stats#2026';

beforeAll(async () => {
  world = await startWorld();
  ({ server } = world);
  ana = await verifiedUser(world, 'ana.stats@example.com', password);
  expect((await callApi(world, 'update-profile', { id: Number(ana.id), name: 'Ana Writer' }, { ...ana })).status).toBe(200);
  const categories = (await (await fetch(`${server.url}/api/user/categories`)).json()) as { categories: Array<{ id: number }> };
  // Long enough that its end is far below the first screen.
  const description = Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i + 1}: the ferry hums through the dark, and the harbour lights fall behind one by one.</p>`).join('');
  const added = await callApi(
    world,
    'add-post',
    { user_id: Number(ana.id), title, sub_title: 'Crossing before dawn', category_id: categories.categories[0]!.id, description },
    { ...ana },
  );
  expect(added.status).toBe(201);
  postId = (added.json.post as { id: number }).id;
}, 120_000);
afterAll(() => stopWorld(world));

const contextFor = (session: Session | null, options: { width?: number; dark?: boolean; userAgent?: string } = {}) => openAs(world, session, { ...options, consoleErrors: true });

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: artifactPath(name), fullPage: true });
  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.copyFileSync(artifactPath(name), path.join(SHOTS, name));
  }
}

describe('views, reads and the Stats screen, in Chromium', () => {
  it('counts a reader’s view once shown and their read at the end of the story, with no cookie', async () => {
    // The writer's own visit first: it counts for nothing.
    const own = await contextFor(ana, { userAgent: READER_AGENT });
    await own.page.goto(`${server.url}${paths.viewPost.getHref(postId)}`);
    await own.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await own.page.getByText('Paragraph 40').scrollIntoViewIfNeeded();
    await own.page.waitForTimeout(300);
    await own.context.close();

    const { context, page, errors } = await contextFor(null, { width: 375, userAgent: READER_AGENT });
    const beacons: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/user/stats/')) beacons.push(`${new URL(response.url()).pathname} ${response.status()}`);
    });
    const viewed = page.waitForResponse((r) => r.url().endsWith('/api/user/stats/view'));
    await page.goto(`${server.url}${paths.viewPost.getHref(postId)}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect((await viewed).status()).toBe(204);
    await page.waitForTimeout(300);
    expect(beacons).toEqual(['/api/user/stats/view 204']); // the end is not in view yet

    const read = page.waitForResponse((r) => r.url().endsWith('/api/user/stats/read'));
    await page.getByText('Paragraph 40').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 400);
    expect((await read).status()).toBe(204);
    // Back up and down again, and a reload: the same reader, the same day.
    await page.mouse.wheel(0, -4000);
    await page.reload();
    await page.getByText('Paragraph 40').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 400);
    await expect.poll(() => beacons.length).toBe(4);
    expect(await context.cookies()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the writer 1 view and 1 read, from the Library’s Stats link, with the story’s chart', async () => {
    const { context, page, errors } = await contextFor(ana);
    await page.goto(`${server.url}${paths.library.getHref()}`);
    await page.getByRole('link', { name: `Stats of “${title}”` }).waitFor();
    await shot(page, 'stats-library-1280.png');
    await page.getByRole('link', { name: `Stats of “${title}”` }).click();
    await page.waitForURL(`**${paths.stats.getHref(postId)}`);
    const row = page.getByTestId('stats-row').filter({ hasText: title });
    await row.waitFor();
    const cells = row.getByRole('cell');
    expect(await cells.allTextContents()).toEqual(['1', '1', '0', '100%', '0', '0']);
    const summary = page.getByRole('region', { name: 'Summary' });
    expect(await summary.textContent()).toMatch(/Views1Reads1100% of viewsLikes0/);
    const chart = page.getByTestId('post-stats').getByRole('img');
    await chart.waitFor();
    expect(await chart.getAttribute('aria-labelledby')).toBeTruthy();
    expect(await page.getByTestId('post-stats').textContent()).toContain('1 view, 1 read (100% read to the end)');
    await page.locator('label', { hasText: '7 days' }).click();
    // The choice lives in the address: checked once the router has moved there (a transition).
    await page.waitForURL(/days=7/);
    await expect.poll(() => page.getByRole('radio', { name: '7 days' }).isChecked()).toBe(true);
    await page.getByTestId('post-stats').getByText('in 7 days').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks right at 1280 and 375 px, light and dark', async () => {
    for (const dark of [false, true]) {
      for (const width of [1280, 375]) {
        const { context, page, errors } = await contextFor(ana, { width, dark });
        await page.goto(`${server.url}${paths.stats.getHref(postId)}`);
        await page.getByTestId('post-stats').getByRole('img').waitFor();
        await page.getByTestId('post-stats').getByText('Day by day').click();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, 'no sideways scrolling').toBe(0);
        await shot(page, `stats-${width}-${dark ? 'dark' : 'light'}.png`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
    // The empty state of a member without stories, and the profile menu's entry.
    const cy = await verifiedUser(world, 'cy.stats@example.com', password);
    for (const width of [1280, 375]) {
      const { context, page } = await contextFor(cy, { width });
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: 'Profile menu' }).click();
      await page.getByRole('menuitem', { name: 'Stats' }).click();
      await page.getByTestId('stats-empty').waitFor();
      await shot(page, `stats-empty-${width}.png`);
      await context.close();
    }
  });
});
