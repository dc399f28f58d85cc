import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import { artifactPath } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { type World, startWorld, stopWorld, verifiedUser, openAs } from './support/world.ts';

let world: World;
let server: RunningServer;

beforeAll(async () => {
  world = await startWorld();
  ({ server } = world);
});

afterAll(() => stopWorld(world));

/** A real picture (the server re-encodes uploads, so it must decode). */
function aPicture(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 675, channels: 3, background: { r, g, b } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="1200" height="675"><circle cx="900" cy="200" r="160" fill="rgba(255,255,255,0.35)"/><rect x="80" y="420" width="600" height="60" rx="30" fill="rgba(255,255,255,0.5)"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
}

const editor = (page: Page) => page.locator('.ql-editor');
const toolbar = (page: Page, selector: string) => page.locator(`.ql-toolbar ${selector}`);

describe('writing journey in Chromium', () => {
  it('writes a post with every kind of content, survives a reload, posts, copies code, edits, deletes', async () => {
    const session = await verifiedUser(world, 'journey.writer@example.com', 'Writer#2026');
    const { context, page, errors } = await openAs(world, session, { clipboard: true });

    // Readers never download the editor: the home page loads no Quill code.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${server.url}/`);
    await page.waitForLoadState('networkidle');
    expect(scripts.some((url) => url.includes('create-editor'))).toBe(false);

    await page.goto(`${server.url}/createpost`);
    await editor(page).waitFor();
    expect(scripts.some((url) => url.includes('create-editor'))).toBe(true);

    await page.getByLabel('Title', { exact: true }).fill('Notes from the writing desk');
    await page.getByLabel('Subtitle', { exact: true }).fill('What a calm editor should do');
    await page.getByLabel('Category').selectOption({ label: 'Programming' });
    await page.getByLabel(/Cover image/).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await aPicture(79, 70, 229) });
    await page.getByTestId('cover-preview').waitFor();

    // Heading, bold, a list, a link.
    await editor(page).click();
    await toolbar(page, 'button.ql-header[value="1"]').click();
    await page.keyboard.type('Getting started');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Writing should feel ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('quiet');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' and every word should count.');
    // A colour (Quill writes style="color: …"; the page shows it without any inline style attribute).
    for (let i = 0; i < 'count.'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await toolbar(page, '.ql-color .ql-picker-label').click();
    await toolbar(page, '.ql-color .ql-picker-item[data-value="#e60000"]').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await toolbar(page, 'button.ql-list[value="bullet"]').click();
    await page.keyboard.type('A title that promises');
    await page.keyboard.press('Enter');
    await page.keyboard.type('A body that delivers');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Read the guide');
    for (let i = 0; i < 'the guide'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await toolbar(page, 'button.ql-link').click();
    const linkInput = page.locator('.ql-tooltip input[type="text"]');
    await linkInput.fill('https://example.com/guide');
    await linkInput.press('Enter');
    await editor(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');

    // A body image: uploaded through the toolbar's picker, referenced by URL.
    const chooser = page.waitForEvent('filechooser');
    await toolbar(page, 'button.ql-image').click();
    await (await chooser).setFiles({ name: 'figure.png', mimeType: 'image/png', buffer: await aPicture(16, 185, 129) });
    await editor(page).locator('img[src^="/storage/"]').waitFor();
    expect(await editor(page).locator('img[src^="data:"]').count()).toBe(0);

    // A code block last.
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await toolbar(page, 'button.ql-code-block').click();
    await page.keyboard.type('const answer = 42;');
    await page.keyboard.press('Enter');
    await page.keyboard.type('console.log(answer);');

    // The preview matches.
    const preview = page.getByTestId('post-preview');
    await expect.poll(() => preview.getByTestId('preview-title').textContent()).toBe('Notes from the writing desk');
    expect(await preview.getByTestId('preview-subtitle').textContent()).toBe('What a calm editor should do');
    expect(await preview.getByTestId('preview-read-time').textContent()).toBe('1 min read');
    expect(await preview.getByTestId('preview-cover').getAttribute('src')).toMatch(/^blob:/);
    const body = preview.getByTestId('post-body');
    await expect.poll(() => body.locator('pre').textContent()).toContain('console.log(answer);');
    expect(await body.locator('h1').textContent()).toBe('Getting started');
    expect(await body.locator('strong').textContent()).toBe('quiet');
    const red = body.getByText('count.', { exact: true });
    expect(await red.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(230, 0, 0)');
    expect(await body.locator('ul > li').allTextContents()).toEqual(['A title that promises', 'A body that delivers']);
    const link = body.getByRole('link', { name: 'the guide' });
    expect(await link.getAttribute('href')).toBe('https://example.com/guide');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await body.locator('img[src^="/storage/"]').count()).toBe(1);
    expect(await body.getByRole('button', { name: 'Copy code' }).count()).toBe(1);
    // Spaces stay spaces (Quill 2.0.3 writes &nbsp;).
    expect(await body.locator('p', { hasText: 'Writing should feel' }).innerHTML()).not.toContain('&nbsp;');

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: artifactPath('writing-1280.png') });
    await page.evaluate(() => window.scrollTo(0, 700));
    await page.screenshot({ path: artifactPath('writing-1280-lower.png') });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: artifactPath('writing-375.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(400); // the fields' colour transitions end (a screenshot mid-way shows grey on grey)
    await page.screenshot({ path: artifactPath('writing-375-dark.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Reload mid-writing: the story was saved as a server draft (its id in the address), and comes back
    // from there, its stored cover with it.
    await expect.poll(() => page.getByTestId('draft-status').textContent(), { timeout: 10_000 }).toContain('Saved to drafts');
    expect(new URL(page.url()).searchParams.get('draft')).toBeTruthy();
    await page.reload();
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('Notes from the writing desk');
    expect(await page.getByTestId('cover-preview').getAttribute('src')).toMatch(/^\/storage\//);
    expect(await page.getByLabel('Subtitle', { exact: true }).inputValue()).toBe('What a calm editor should do');
    await editor(page).locator('h1', { hasText: 'Getting started' }).waitFor();
    await expect.poll(() => page.getByTestId('post-preview').locator('pre').textContent()).toContain('const answer = 42;');
    await page.getByLabel(/Cover image/).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await aPicture(79, 70, 229) });

    // Keyboard users are not trapped: Tab leaves the editor (outside code blocks).
    await editor(page).locator('h1').click();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('ql-editor'))).toBe(false);
    expect(await editor(page).locator('h1').textContent()).toBe('Getting started');

    // POST (the draft is published): home with the success banner.
    const created = page.waitForResponse((res) => res.url().endsWith('/api/user/drafts/publish'));
    await page.getByRole('button', { name: 'POST', exact: true }).click();
    // Its image has no alt text: the writer is asked first (issue 13), and publishes anyway.
    const warning = page.getByRole('alertdialog', { name: 'Images without alt text' });
    await warning.getByRole('button', { name: 'Publish anyway' }).click();
    const answer = (await (await created).json()) as { post: { id: number } };
    expect(answer.post.id).toBeGreaterThan(0);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByText('Post created successfully!').first().waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('inkwell:draft')))).toEqual([]);
    // It shows on the home page, newest first.
    const firstCard = page.getByTestId('post-card').first();
    await expect.poll(() => firstCard.getByText('Notes from the writing desk', { exact: true }).count()).toBe(1);

    // The post page: copy the code block.
    await page.goto(`${server.url}${paths.viewPost.getHref(answer.post.id)}`);
    const copy = page.getByRole('button', { name: 'Copy code' });
    await copy.click();
    await page.getByText('Code Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const answer = 42;\nconsole.log(answer);');
    await page.screenshot({ path: artifactPath('post-page-copied.png') });
    await expect.poll(() => page.getByText('Code Copied!').count(), { timeout: 4000 }).toBe(0);

    // Edit it and land on the post.
    await page.goto(`${server.url}${paths.editPost.getHref(answer.post.id)}`);
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('Notes from the writing desk');
    await editor(page).locator('pre, .ql-code-block-container').first().waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Notes from the writing desk, revised');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Post updated successfully!').waitFor();
    await page.waitForURL(`**${paths.viewPost.getHref(answer.post.id)}`);
    await page.getByRole('heading', { name: 'Notes from the writing desk, revised' }).first().waitFor();

    // /posts (where the spec sends the writer) is the Library, never the not-found page.
    await page.goto(`${server.url}/posts`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/yourposts');

    // The Library holds it; delete it there, after the confirmation.
    const card = page.getByTestId('post-card').filter({ hasText: 'Notes from the writing desk, revised' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Post options' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => card.count()).toBe(0);
    const gone = await fetch(`${server.url}/api/user/post/details`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ post_id: answer.post.id }),
    });
    expect(gone.status).toBe(404);

    expect(errors).toEqual([]);
    await context.close();
  });
});
