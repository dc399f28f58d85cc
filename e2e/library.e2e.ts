import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import { artifactPath } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { type Session, type World, callApi, openAs, startWorld, stopWorld, verifiedUser } from './support/world.ts';

/**
 * The personal library (issue 13) in Chromium against the real server: a member turns their reading
 * history on, opens stories (the post page tells the server), finds them under History, searches what
 * they saved, read and wrote with its scopes, removes one entry and clears the rest. Before the switch,
 * nothing is kept.
 */
let world: World;
let server: RunningServer;
const password = 'Library#2026';
let ana: Session; // writes
let cy: Session; // reads, in the browser
const stories: Record<'harbour' | 'lantern' | 'orchard' | 'own', number> = { harbour: 0, lantern: 0, orchard: 0, own: 0 };

beforeAll(async () => {
  world = await startWorld();
  ({ server } = world);
  ana = await verifiedUser(world, 'ana.library@example.com', password);
  cy = await verifiedUser(world, 'cy.library@example.com', password);
  for (const [who, name] of [
    [ana, 'Ana Writer'],
    [cy, 'Cy Reader'],
  ] as const) {
    expect((await callApi(world, 'update-profile', { id: Number(who.id), name }, { ...who })).status).toBe(200);
  }
  const categories = (await (await fetch(`${server.url}/api/user/categories`)).json()) as { categories: Array<{ id: number }> };
  const write = async (who: Session, title: string, body: string) => {
    const added = await callApi(
      world,
      'add-post',
      { user_id: Number(who.id), title, sub_title: 'A short piece', category_id: categories.categories[0]!.id, description: `<p>${body}</p>` },
      { ...who },
    );
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    return (added.json.post as { id: number }).id;
  };
  stories.harbour = await write(ana, 'The harbour at dawn', 'Gulls over the breakwater, and a lighthouse keeper who counts the boats.');
  stories.lantern = await write(ana, 'A lantern for the night', 'The lighthouse beam turns slowly over the water.');
  stories.orchard = await write(ana, 'Notes from the orchard', 'Apples, ladders and a very patient dog.');
  stories.own = await write(cy, 'My lighthouse year', 'What a year of watching the lighthouse taught me.');
  // Cy saved the orchard piece, and has read nothing yet.
  expect((await callApi(world, 'posts/save', { user_id: Number(cy.id), post_id: stories.orchard, save_unsave: 1 }, { ...cy })).status).toBe(200);
}, 120_000);
afterAll(() => stopWorld(world));

/** Opens a story as the reader does, and waits until the post page has told the server. */
async function open(page: Page, postId: number, title: string): Promise<void> {
  const told = page.waitForResponse((r) => r.url().endsWith('/api/user/history/add'));
  await page.goto(`${server.url}${paths.viewPost.getHref(postId)}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  expect((await told).status()).toBe(204);
}

async function history(): Promise<string[]> {
  const answer = await callApi(world, 'history', { user_id: Number(cy.id) }, { ...cy });
  expect(answer.status).toBe(200);
  return (answer.json.entries as Array<{ post: { title: string } }>).map((e) => e.post.title);
}

describe('the personal library, in Chromium', () => {
  it('keeps nothing until the member turns the history on, then keeps what they open, last opened first', async () => {
    const { context, page, errors } = await openAs(world, cy, { consoleErrors: true });
    await open(page, stories.harbour, 'The harbour at dawn');
    expect(await history()).toEqual([]);

    await page.goto(`${server.url}/yourposts?tab=history`);
    const toggle = page.getByRole('switch', { name: 'Keep my reading history' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await page.getByText('Your reading history is on. Only you can see it.').first().waitFor();

    await open(page, stories.harbour, 'The harbour at dawn');
    await open(page, stories.lantern, 'A lantern for the night');
    // Their own story is not kept (its page sends neither a view nor an opening).
    await page.goto(`${server.url}${paths.viewPost.getHref(stories.own)}`);
    await page.getByRole('heading', { level: 1, name: 'My lighthouse year' }).waitFor();
    expect(await history()).toEqual(['A lantern for the night', 'The harbour at dawn']);

    await page.goto(`${server.url}/yourposts?tab=history`);
    const panel = page.getByRole('tabpanel', { name: 'History' });
    await panel.getByText('A lantern for the night').waitFor();
    const titles = await panel.getByRole('heading').allTextContents();
    expect(titles.filter((t) => /harbour|lantern/.test(t))).toEqual(['A lantern for the night', 'The harbour at dawn']);
    // Each card does what every card does: liking and saving from the history.
    expect(await panel.getByRole('button', { name: 'Like', exact: true }).count()).toBe(2);
    expect(await panel.getByRole('button', { name: 'Save', exact: true }).count()).toBe(2);
    await page.screenshot({ path: artifactPath('library-history-1280.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches what the member saved, read and wrote, with scopes, and the words marked', async () => {
    const { context, page, errors } = await openAs(world, cy, { width: 375, dark: true, consoleErrors: true });
    await page.goto(`${server.url}/yourposts`);
    const box = page.getByRole('searchbox', { name: /search your library/i });
    await box.fill('lighthouse');
    await box.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('lighthouse');
    const results = page.getByRole('region', { name: 'Search results' });
    // The harbour (read: its body), the lantern (read: its body) and their own (written: title and body); not the orchard.
    await results.getByText('My lighthouse year').waitFor();
    await expect.poll(() => results.getByRole('article').count()).toBe(3);
    expect(await results.getByText('Notes from the orchard').count()).toBe(0);
    expect(await results.locator('mark', { hasText: /^lighthouse$/i }).count()).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: artifactPath('library-search-375-dark.png'), fullPage: true });

    await page.getByRole('group', { name: 'Search in' }).getByText('Written', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('scope')).toBe('written');
    await expect.poll(() => results.getByRole('article').count()).toBe(1);
    expect(await results.getByRole('article').first().textContent()).toContain('My lighthouse year');

    await box.fill('apples');
    await box.press('Enter');
    await page.getByRole('group', { name: 'Search in' }).getByText('Saved', { exact: true }).click();
    await results.getByText('Notes from the orchard').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('removes one entry, then clears the rest after asking, and the switch goes off', async () => {
    const { context, page, errors } = await openAs(world, cy, { consoleErrors: true });
    await page.goto(`${server.url}/yourposts?tab=history`);
    const panel = page.getByRole('tabpanel', { name: 'History' });
    await panel.getByRole('button', { name: 'Remove “The harbour at dawn” from your history' }).click();
    await page.getByText('Removed from your reading history.').first().waitFor();
    await expect.poll(() => panel.getByText('The harbour at dawn').count()).toBe(0);
    expect(await history()).toEqual(['A lantern for the night']);

    await panel.getByRole('button', { name: 'Clear history' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByRole('button', { name: 'Clear history' }).click();
    await page.getByText('Your reading history is empty.').first().waitFor();
    expect(await history()).toEqual([]);

    const toggle = page.getByRole('switch', { name: 'Keep my reading history' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await open(page, stories.lantern, 'A lantern for the night');
    expect(await history()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
