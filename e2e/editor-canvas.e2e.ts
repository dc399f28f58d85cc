import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import { artifactPath } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { type Session, type World, callApi, startWorld, stopWorld, verifiedUser, openAs } from './support/world.ts';

/**
 * Issue 13, the editor as a canvas: Markdown shortcuts, images with alt text and a caption, the alt
 * text warning, code highlighted by the server; then the post page, and an edit that changes nothing.
 */

let world: World;
let server: RunningServer;

beforeAll(async () => {
  world = await startWorld();
  ({ server } = world);
});

afterAll(() => stopWorld(world));

function aPicture(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 700, channels: 3, background: { r, g, b } } })
    .composite([{ input: Buffer.from('<svg width="1200" height="700"><circle cx="600" cy="350" r="220" fill="rgba(255,255,255,0.4)"/></svg>') }])
    .png()
    .toBuffer();
}

const signedIn = (session: Session, width = 1280, dark = false) => openAs(world, session, { width, dark, clipboard: true });

const editor = (page: Page) => page.locator('.ql-editor');

async function uploadBodyImage(page: Page, rgb: [number, number, number]) {
  const before = await editor(page).locator('figure img[src^="/storage/"]').count();
  const chooser = page.waitForEvent('filechooser');
  await page.locator('.ql-toolbar button.ql-image').click();
  await (await chooser).setFiles({ name: 'picture.png', mimeType: 'image/png', buffer: await aPicture(...rgb) });
  await expect.poll(() => editor(page).locator('figure img[src^="/storage/"]').count(), { timeout: 15_000 }).toBe(before + 1);
}

/** The page as it is, at 1280 and 375 px, light and dark, for a person to look at; then back to 1280, light. */
async function shots(page: Page, name: string, arrange: () => Promise<unknown> = () => Promise.resolve()) {
  for (const [width, dark] of [
    [1280, false],
    [1280, true],
    [375, false],
    [375, true],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
    await arrange();
    await page.waitForTimeout(300); // colour transitions end
    await page.screenshot({ path: artifactPath(`${name}-${width}${dark ? '-dark' : ''}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

const storedBody = async (id: number) => ((await callApi(world, 'post/details', { post_id: id })).json.post as { description: string }).description;

describe('the editor as a canvas, in Chromium', () => {
  it('turns Markdown into formats, gives images alt text and captions, warns without them, and publishes highlighted code', async () => {
    const session = await verifiedUser(world, 'canvas.writer@example.com', 'Canvas#2026');
    const { context, page } = await signedIn(session);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    await page.goto(`${server.url}/createpost`);
    await editor(page).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('A canvas for words');
    await page.getByLabel('Subtitle', { exact: true }).fill('Markdown, figures and colourful code');
    await page.getByLabel('Category').selectOption({ label: 'Programming' });

    // "# " and "## " at the start of a line: the two heading levels.
    await editor(page).click();
    await page.keyboard.type('# Title');
    await page.keyboard.press('Enter');
    await page.keyboard.type('## A smaller heading');
    await page.keyboard.press('Enter');
    await expect.poll(() => editor(page).locator('h1').textContent()).toBe('Title');
    expect(await editor(page).locator('h2').textContent()).toBe('A smaller heading');

    // "> " quotes; Ctrl+Z right after gives the typed characters back.
    await page.keyboard.type('> ');
    await expect.poll(() => editor(page).locator('blockquote').count()).toBe(1);
    await page.keyboard.press('Control+z');
    await expect.poll(() => editor(page).locator('blockquote').count()).toBe(0);
    expect(await editor(page).locator('p').last().textContent()).toBe('> ');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('> Words are a canvas.');
    await expect.poll(() => editor(page).locator('blockquote').textContent()).toBe('Words are a canvas.');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter'); // an empty quote line leaves the quote

    // **bold** and *italic* when the closing marker is typed; the text after them is plain again.
    await page.keyboard.type('Some **bold** and *slanted* words.');
    await expect.poll(() => editor(page).locator('strong').textContent()).toBe('bold');
    expect(await editor(page).locator('em').textContent()).toBe('slanted');
    expect(await editor(page).locator('p', { hasText: 'Some' }).textContent()).toBe('Some bold and slanted words.');
    await page.keyboard.press('Enter');

    // ```python and Enter: a code block in Python (its select says so); three Enters leave it.
    await page.keyboard.type('```python');
    await page.keyboard.press('Enter');
    const code = editor(page).locator('.ql-code-block-container');
    await code.waitFor();
    expect(await code.locator('select').inputValue()).toBe('python');
    await page.keyboard.type('def greet(name):');
    await page.keyboard.press('Enter');
    await page.keyboard.type('    return f"<b>Hello</b>, {name}"  # never markup');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Enter');
    expect(await code.locator('.ql-code-block').count()).toBe(2);

    // "---" and Enter: a divider.
    await page.keyboard.type('---');
    await page.keyboard.press('Enter');
    await expect.poll(() => editor(page).locator('hr').count()).toBe(1);
    await page.keyboard.type('After the divider.');

    // An image (inserted under the line the caret is in): its button says it has no alt text. Keyboard
    // users reach it with Tab from the text (after the code block's language select); Enter opens the
    // dialog, which gives the image alt text and a caption.
    await uploadBodyImage(page, [16, 185, 129]);
    const figure = editor(page).locator('figure').first();
    expect(await editor(page).locator('p', { hasText: 'After the divider.' }).textContent()).toBe('After the divider.');
    await editor(page).getByText('After the divider.').click();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Code language');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Add alt text and caption (this image has no alt text)');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Image details' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await dialog.getByLabel('Alt text').fill('A green square with a pale circle in the middle');
    await dialog.getByLabel(/Caption/).fill('Figure 1. Green, as in "go".');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => figure.locator('img').getAttribute('alt')).toBe('A green square with a pale circle in the middle');
    expect(await figure.locator('figcaption').textContent()).toBe('Figure 1. Green, as in "go".');
    expect(await figure.getByRole('button', { name: 'Edit alt text and caption' }).count()).toBe(1);

    // The live preview shows the caption under the image, centred.
    const preview = page.getByTestId('post-preview');
    await expect.poll(() => preview.locator('figcaption').textContent()).toBe('Figure 1. Green, as in "go".');
    expect(await preview.locator('figcaption').evaluate((el) => getComputedStyle(el).textAlign)).toBe('center');

    // A second image without alt text: POST asks first; Add alt text opens that image's details.
    await page.keyboard.press('Control+End');
    await uploadBodyImage(page, [234, 88, 12]);
    await page.getByRole('button', { name: 'POST', exact: true }).click();
    const warning = page.getByRole('alertdialog', { name: 'Images without alt text' });
    await warning.waitFor();
    expect(await warning.getByTestId('alt-text-warning').textContent()).toContain('1 image has no alt text.');
    await shots(page, 'editor-canvas-warning');
    await warning.getByRole('button', { name: 'Add alt text' }).click();
    await dialog.waitFor();
    expect(await dialog.locator('img').getAttribute('src')).toBe(await editor(page).locator('figure').nth(1).locator('img').getAttribute('src'));
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');

    // Screenshots: the editor with the image details open, at 1280 and 375 px, light and dark.
    await shots(page, 'editor-canvas-details');
    await dialog.getByLabel('Alt text').fill('An orange square');
    await page.keyboard.press('Enter'); // Enter in Alt text saves
    await expect.poll(() => editor(page).locator('figure').nth(1).locator('img').getAttribute('alt')).toBe('An orange square');
    await shots(page, 'editor-canvas-editor', () => editor(page).locator('.ql-code-block-container').scrollIntoViewIfNeeded());

    // Every image has alt text now: POST publishes without asking.
    const published = page.waitForResponse((res) => /\/api\/user\/(drafts\/publish|add-post)$/.test(res.url()), { timeout: 10_000 });
    await page.getByRole('button', { name: 'POST', exact: true }).click();
    const postId = ((await (await published).json()) as { post: { id: number } }).post.id;
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');

    // What the server stored: the formats, figures, the divider, and the code highlighted as text.
    const stored = await storedBody(postId);
    expect(stored).toContain('<h1>Title</h1><h2>A smaller heading</h2><blockquote>Words are a canvas.</blockquote>');
    expect(stored).toContain('<strong>bold</strong>');
    expect(stored).toContain('<em>slanted</em>');
    expect(stored).toContain('<hr />');
    expect(stored).toMatch(
      /<figure><img src="\/storage\/[^"]+" alt="A green square with a pale circle in the middle"[^>]*\/><figcaption>Figure 1\. Green, as in "go"\.<\/figcaption><\/figure>/,
    );
    expect(stored).toContain('<pre data-language="python">\n<span class="hljs-keyword">def</span>');
    expect(stored).toContain('&lt;b&gt;Hello&lt;/b&gt;');
    expect(stored).not.toContain('<b>');

    // The post page: highlighted code (coloured by CSS, copied as plain text), the caption, the divider.
    await page.goto(`${server.url}${paths.viewPost.getHref(postId)}`);
    const body = page.getByTestId('post-body');
    await body.locator('pre').waitFor();
    expect(await body.locator('h1').textContent()).toBe('Title');
    expect(await body.locator('blockquote').textContent()).toBe('Words are a canvas.');
    expect(await body.locator('hr').count()).toBe(1);
    const keyword = body.locator('pre .hljs-keyword').first();
    expect(await keyword.textContent()).toBe('def');
    expect(await keyword.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(207, 34, 46)');
    const caption = body.locator('figcaption').first();
    expect(await caption.textContent()).toBe('Figure 1. Green, as in "go".');
    expect(await caption.evaluate((el) => getComputedStyle(el).textAlign)).toBe('center');
    expect(await body.locator('figure img').first().getAttribute('alt')).toBe('A green square with a pale circle in the middle');
    expect(await body.locator('figure img').first().getAttribute('srcset')).toMatch(/-w400\.webp 400w/);
    await page.getByRole('button', { name: 'Copy code' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('def greet(name):\n    return f"<b>Hello</b>, {name}"  # never markup');
    // Readers get no highlighter: the post page loads no highlight.js.
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /highlight|hljs/i.test(entry.name)))).toBe(false);

    for (const [width, dark] of [
      [1280, false],
      [1280, true],
      [375, false],
      [375, true],
    ] as const) {
      const shot = await signedIn(session, width, dark);
      await shot.page.goto(`${server.url}${paths.viewPost.getHref(postId)}`);
      await shot.page.waitForLoadState('networkidle');
      await shot.page.waitForTimeout(400);
      const name = `${width}${dark ? '-dark' : ''}`;
      await shot.page.screenshot({ path: artifactPath(`editor-canvas-post-${name}.png`), fullPage: true });
      await shot.page
        .getByTestId('post-body')
        .locator('pre')
        .screenshot({ path: artifactPath(`editor-canvas-code-${name}.png`) });
      await shot.context.close();
    }

    // Edit: the code comes back as plain code in Python, the figure with its alt text and caption;
    // Update without a change stores the same body (never highlighted twice).
    const edit = async () => {
      await page.goto(`${server.url}${paths.editPost.getHref(postId)}`);
      await editor(page).locator('.ql-code-block-container').waitFor();
      await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('A canvas for words');
    };
    const update = async () => {
      await page.getByRole('button', { name: 'Update' }).click();
      await page.waitForURL(`**${paths.viewPost.getHref(postId)}`);
    };
    await edit();
    const editedCode = editor(page).locator('.ql-code-block-container');
    expect(await editedCode.locator('select').inputValue()).toBe('python');
    expect(await editedCode.locator('span').count()).toBe(0);
    expect(await editedCode.locator('.ql-code-block').allTextContents()).toEqual(['def greet(name):', '    return f"<b>Hello</b>, {name}"  # never markup']);
    expect(await editor(page).locator('figure').first().locator('figcaption').textContent()).toBe('Figure 1. Green, as in "go".');
    expect(await editor(page).locator('figure img').nth(1).getAttribute('alt')).toBe('An orange square');
    expect(await editor(page).locator('hr').count()).toBe(1);
    await update();
    expect(await storedBody(postId)).toBe(stored);

    // The language can be changed there: Plain text is stored as such and not coloured.
    await edit();
    await editedCode.locator('select').selectOption('plain');
    await update();
    const plain = await storedBody(postId);
    expect(plain).toContain('<pre data-language="plain">\ndef greet(name):\n    return f"&lt;b&gt;Hello&lt;/b&gt;, {name}"  # never markup\n</pre>');
    expect(plain).not.toContain('hljs');

    expect(errors).toEqual([]);
    await context.close();
  });
});
