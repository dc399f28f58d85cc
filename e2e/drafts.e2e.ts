import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeId, paths } from '@inkwell/contract';
import { artifactPath } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { type Session, type World, startWorld, stopWorld, verifiedUser, openAs } from './support/world.ts';

let world: World;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  world = await startWorld();
  ({ server, browser } = world);
});

afterAll(() => stopWorld(world));

const signedIn = (session: Session, width = 1280, dark = false) => openAs(world, session, { width, dark, clipboard: true });

const status = (page: Page) => page.getByTestId('draft-status');
const draftIdIn = (page: Page) => decodeId(new URL(page.url()).searchParams.get('draft') ?? '');

/** The same screen at 1280 and 375 px, light and dark, for a person to look at. */
async function shots(session: Session, url: string, name: string, ready: (page: Page) => Promise<unknown>) {
  for (const [width, dark] of [
    [1280, false],
    [1280, true],
    [375, false],
    [375, true],
  ] as const) {
    const { context, page } = await signedIn(session, width, dark);
    await page.goto(`${server.url}${url}`);
    await ready(page);
    await page.waitForTimeout(400); // colour transitions end
    await page.screenshot({ path: artifactPath(`${name}-${width}${dark ? '-dark' : ''}.png`), fullPage: true });
    await context.close();
  }
}

describe('drafts journey in Chromium', () => {
  it('saves a draft as it is typed, continues it after a reload, lists it, previews, schedules and publishes it', async () => {
    const session = await verifiedUser(world, 'drafts.writer@example.com', 'Drafts#2026');
    const { context, page } = await signedIn(session);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    // Write a title: a few seconds later it is a draft on the server, and its id is in the address.
    await page.goto(`${server.url}/createpost`);
    await page.locator('.ql-editor').waitFor();
    await page.getByLabel('Title', { exact: true }).fill('A story that waits');
    await expect.poll(() => status(page).textContent(), { timeout: 10_000 }).toContain('Saved to drafts');
    await expect.poll(() => draftIdIn(page)).toBeGreaterThan(0);
    const draftId = draftIdIn(page)!;

    // Reload: the text comes back from the server (the local copy was dropped once the server had it).
    await page.reload();
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('A story that waits');
    expect(await page.getByTestId('draft-restored').count()).toBe(0);

    // The rest of the story, saved with Save draft.
    await page.getByLabel('Subtitle', { exact: true }).fill('Drafts, schedules and secret links');
    await page.getByLabel('Category').selectOption({ label: 'Programming' });
    await page.locator('.ql-editor').click();
    await page.keyboard.type('Written on one device, finished on another.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => status(page).textContent()).toContain('Saved to drafts');

    // Library › Drafts lists it; Continue opens it in the editor.
    await page.goto(`${server.url}/yourposts`);
    await page.getByRole('tab', { name: 'Drafts' }).click();
    const row = page.getByTestId('draft-row').filter({ hasText: 'A story that waits' });
    await row.waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('drafts');
    await row.getByRole('link', { name: 'Continue' }).click();
    await expect.poll(() => draftIdIn(page)).toBe(draftId);
    await expect.poll(() => page.getByLabel('Subtitle', { exact: true }).inputValue()).toBe('Drafts, schedules and secret links');

    // A secret preview link: anyone holding it reads the draft, never indexed.
    await page.getByRole('button', { name: 'Turn on preview link' }).click();
    const linkField = page.getByLabel('Preview link');
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}/preview/`));
    await page.getByRole('button', { name: 'Copy' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const html = await (await fetch(link)).text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('Preview — this story is not published yet.');
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const reader = await visitor.newPage();
    const readerErrors: string[] = [];
    reader.on('console', (message) => {
      if (message.type() === 'error') readerErrors.push(message.text());
    });
    await reader.goto(link);
    await reader.getByRole('heading', { level: 1, name: 'A story that waits' }).waitFor();
    await reader.getByText('Written on one device, finished on another.').waitFor();
    expect(await reader.getByRole('button', { name: /like/i }).count()).toBe(0);
    // Rendered on the server, hydrated without a mismatch.
    expect(readerErrors.filter((text) => /mismatch/i.test(text))).toEqual([]);

    // Schedule it, see it under Scheduled, and cancel.
    const when = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    const local = `${when.getFullYear()}-${String(when.getMonth() + 1).padStart(2, '0')}-${String(when.getDate()).padStart(2, '0')}T10:30`;
    await page.getByLabel('Publish later').fill(local);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByTestId('scheduled-for').waitFor();
    await page.goto(`${server.url}/yourposts?tab=scheduled`);
    await page
      .getByTestId('draft-row')
      .filter({ hasText: 'A story that waits' })
      .getByText(/Publishes/)
      .waitFor();

    // Screenshots: the editor with its draft controls, the Library's tabs, the preview page.
    await shots(session, paths.createPost.getHref(draftId), 'drafts-editor-scheduled', (p) => p.getByTestId('scheduled-for').waitFor());
    await shots(session, '/yourposts?tab=scheduled', 'drafts-library-scheduled', (p) => p.getByTestId('draft-row').first().waitFor());
    await shots(session, new URL(link).pathname, 'drafts-preview', (p) => p.getByTestId('preview-banner').waitFor());

    await page.goto(`${server.url}/yourposts?tab=scheduled`);
    await page.getByTestId('draft-row').first().getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Cancel schedule' }).click();
    await page.getByLabel('Publish later').waitFor();
    for (const [width, dark] of [
      [1280, false],
      [375, true],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
      await page.waitForTimeout(400);
      await page.screenshot({ path: artifactPath(`drafts-editor-${width}${dark ? '-dark' : ''}.png`), fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Publish: it becomes a post, leaves the drafts and shows under Published.
    await page.getByRole('button', { name: 'POST', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByText('Post created successfully!').first().waitFor();
    await page.goto(`${server.url}/yourposts`);
    await page.getByTestId('post-card').filter({ hasText: 'A story that waits' }).waitFor();
    await page.getByRole('tab', { name: 'Drafts' }).click();
    await page.getByTestId('drafts-empty').waitFor();
    await page.screenshot({ path: artifactPath('drafts-library-empty-1280.png') });

    // The preview link died with the draft.
    await reader.reload();
    await reader.getByText('This preview link does not work any more.').waitFor();

    expect(errors).toEqual([]);
    await visitor.close();
    await context.close();
  }, 150_000); // a long journey: 78 s of the 90 s default on a slow CI machine
});
