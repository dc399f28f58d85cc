import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import { artifactPath } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { type Session, type World, callApi, startWorld, stopWorld, verifiedUser, openAs } from './support/world.ts';

/**
 * Search worth the name (issue 13) in Chromium against the real server: the top bar's box with the
 * keyboard, Enter to the results page, snippets with the matched words marked, the tabs, a result opened.
 */
let world: World;
let server: RunningServer;
let writer: Session;
let topic: string;
const SHOTS = process.env.SEARCH_SHOTS_DIR;

beforeAll(async () => {
  world = await startWorld();
  ({ server } = world);
  writer = await verifiedUser(world, 'lena.search@example.com', 'Search#2026');
  expect(
    (await callApi(world, 'update-profile', { id: Number(writer.id), name: 'Lena Marsh', bio: 'I count the heron colonies of the delta every spring.' }, { ...writer })).status,
  ).toBe(200);
  const categories = (await (await fetch(`${server.url}/api/user/categories`)).json()) as { categories: Array<{ id: number; name: string }> };
  topic = categories.categories[0]!.name;
  const stories = [
    [
      'Notes from the marsh',
      'A season of birds',
      '<p>We waited at dawn by the reeds. Then a grey <strong>heron</strong> landed, <em>slow</em> and certain, and the whole marsh went quiet for a while.</p>',
    ],
    ['Herons and their nests', 'Colonies, counted', '<p>Nests are built high in the alders, close to each other.</p>'],
    ['A quiet week', 'Nothing much', '<p>Rain, tea, and a heron &lt;b&gt;on the roof&lt;/b&gt; of the shed.</p>'],
  ];
  for (const [title, sub, body] of stories) {
    const added = await callApi(
      world,
      'add-post',
      { user_id: Number(writer.id), title, sub_title: sub, category_id: categories.categories[0]!.id, description: body },
      { ...writer },
    );
    expect(added.status).toBe(201);
  }
}, 120_000);
afterAll(() => stopWorld(world));

const contextFor = (width: number, scheme: 'light' | 'dark' = 'light') =>
  openAs(world, null, { width, height: width < 500 ? 812 : 900, dark: scheme === 'dark', consoleErrors: true });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: artifactPath(name), fullPage: true });
  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.copyFileSync(artifactPath(name), path.join(SHOTS, name));
  }
}

describe('search, in Chromium', () => {
  it('types in the top bar, moves with the keys, presses Enter, reads marked snippets, switches tabs and opens a result', async () => {
    const { context, page, errors } = await contextFor(1280);
    await page.goto(server.url);
    const box = page.getByRole('combobox', { name: 'Search people and posts' });
    await box.fill('heron');
    const list = page.getByRole('listbox', { name: 'Search results' });
    await list.getByRole('option', { name: 'Herons and their nests' }).waitFor();
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await list.getByRole('option').first().getAttribute('id'));
    await shot(page, 'search-suggestions-1280.png');
    await box.press('Escape');
    expect(await list.count()).toBe(0);

    await box.press('Enter');
    await page.waitForURL(`${server.url}${paths.search.getHref('heron')}`);
    await page.getByRole('heading', { level: 1, name: 'Results for “heron”' }).waitFor();
    expect(await page.title()).toBe('Search results for “heron” · Inkwell');
    const posts = page.getByTestId('search-post');
    await posts.first().waitFor();
    expect(await posts.count()).toBe(3);
    // The title word first (title 4, body 1), then the bodies, newest first.
    expect(await posts.locator('h2').allTextContents()).toEqual(['Herons and their nests', 'A quiet week', 'Notes from the marsh']);
    const marsh = posts.nth(2);
    expect(await marsh.locator('mark').allTextContents()).toEqual(['heron']);
    expect(await marsh.textContent()).toContain('Then a grey heron landed, slow and certain');
    // Markup in a body stays text.
    expect(await posts.nth(1).textContent()).toContain('a heron <b>on the roof</b> of the shed');
    expect(await posts.nth(1).locator('b').count()).toBe(0);
    await shot(page, 'search-results-1280.png');

    await page.getByRole('tab', { name: 'People' }).click();
    await page.waitForURL(/type=people/);
    const person = page.getByTestId('search-person');
    await person.waitFor();
    expect(await person.textContent()).toContain('Lena Marsh');
    expect(await person.locator('mark').allTextContents()).toEqual(['heron']);
    await shot(page, 'search-people-1280.png');
    await page.getByRole('tab', { name: 'Topics' }).click();
    await page.getByText('No topics match “heron”.').waitFor();
    await page.getByRole('tab', { name: 'Posts' }).click();
    await posts.first().waitFor();
    await posts.nth(2).getByRole('heading', { level: 2 }).click();
    await page.getByRole('heading', { level: 1, name: 'Notes from the marsh' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds topics by name, and reads well on a phone and in the dark', async () => {
    for (const [width, scheme] of [
      [375, 'light'],
      [375, 'dark'],
      [1280, 'dark'],
    ] as const) {
      const { context, page, errors } = await contextFor(width, scheme);
      await page.goto(`${server.url}${paths.search.getHref('heron')}`);
      await page.getByTestId('search-post').first().waitFor();
      await shot(page, `search-results-${width}-${scheme}.png`);
      if (width === 375) {
        await page.getByRole('button', { name: 'Search' }).click();
        const box = page.getByRole('combobox', { name: 'Search people and posts' });
        await box.fill('nests');
        await page.getByRole('listbox', { name: 'Search results' }).getByRole('option', { name: 'Herons and their nests' }).waitFor();
        await shot(page, `search-suggestions-${width}-${scheme}.png`);
      }
      await page.goto(`${server.url}${paths.search.getHref(topic.slice(0, 4), 'topics')}`);
      const found = page.getByTestId('search-topic');
      await found.first().waitFor();
      expect(await found.first().locator('mark').count()).toBe(1);
      if (scheme === 'dark' && width === 1280) await shot(page, 'search-topics-1280-dark.png');
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
