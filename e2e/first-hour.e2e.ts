import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POST_IMAGE, TEXT, paths } from '@inkwell/contract';
import { linkFromMail } from '../server/src/test/smtp.ts';
import { artifactPath } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { type Session, type World, callApi, startWorld, stopWorld, verifiedUser, waitForMail, watchErrors } from './support/world.ts';

/** The first hour of a new member, as the issue lists it: no dead ends from signup to a first post. */

let world: World;
let server: RunningServer;
let browser: Browser;
let author: Session;
let member: BrowserContext;
let topic: { id: number; name: string };
const email = 'first.hour@example.com';
const password = 'FirstHour#2026';
const NAME = 'Nia Firsthour';
const AUTHOR_POSTS = 12; // more than a page (10): the sentinel has a next page to ask for

beforeAll(async () => {
  world = await startWorld();
  ({ server, browser } = world);
  author = await verifiedUser(world, 'first.hour.author@example.com', 'Author#2026');
  await callApi(world, 'update-profile', { id: Number(author.id), name: 'Ama Author' }, { ...author });
  const categories = (await (await fetch(`${server.url}/api/user/categories`)).json()) as { categories: Array<{ id: number; name: string }> };
  topic = categories.categories[0]!;
  // Posts without covers, sent as JSON: the server takes a post without an image now.
  for (let i = 1; i <= AUTHOR_POSTS; i++) {
    const body = { user_id: Number(author.id), title: `Hour note ${String(i).padStart(2, '0')}`, sub_title: `Part ${i}`, category_id: topic.id };
    const res = await callApi(world, 'add-post', { ...body, description: `<p>${'A few words. '.repeat(30)}</p>` }, { ...author });
    expect(res.status).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  await member?.close();
  await stopWorld(world);
});

async function signInThroughUi(page: Page) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

/** Four screenshots of what is on screen: 1280 and 375 px wide, light and dark. */
async function shoot(page: Page, name: string, target?: () => ReturnType<Page['locator']>, fullPage = false) {
  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(350); // colour transitions end
      const file = artifactPath(`${name}-${width}${scheme === 'dark' ? '-dark' : ''}.png`);
      if (target) await target().screenshot({ path: file });
      else {
        // From the top, nothing focused: a full-page shot of a scrolled page draws the sticky top bar mid-page.
        if (fullPage) await page.evaluate(() => ((document.activeElement as HTMLElement | null)?.blur(), window.scrollTo(0, 0)));
        await page.screenshot({ path: file, fullPage });
      }
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

const cards = (page: Page) => page.getByTestId('post-card');

describe('the first hour of a new member, in Chromium', () => {
  it('signs up (the mismatch message clears as the passwords match), verifies, signs in and is welcomed', async () => {
    // A desktop browser without the share function (Chromium on Linux has none either); the clipboard works.
    member = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await member.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await member.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    const page = await member.newPage();
    const errors = watchErrors(page);

    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(`${password}x`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText(TEXT.passwordMismatchSignup).waitFor();
    await page.getByLabel('Confirm password').fill(password);
    await expect.poll(() => page.getByText(TEXT.passwordMismatchSignup).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/verified**');

    await page.goto(linkFromMail(await waitForMail(world, email))!);
    await page.getByTestId('home-banner').waitFor();
    await page.goto(`${server.url}/login`);
    await signInThroughUi(page);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');

    // The welcome step: a name first.
    const welcome = page.getByTestId('welcome');
    await welcome.getByRole('heading', { name: 'What should readers call you?' }).waitFor();
    await cards(page).first().waitFor();
    await page.waitForLoadState('networkidle');
    await shoot(page, 'welcome');
    await welcome.getByLabel('Your name').fill(NAME);
    await welcome.getByRole('button', { name: 'Save name' }).click();
    await welcome.getByRole('heading', { name: `Nice to meet you, ${NAME}.` }).waitFor();
    await shoot(page, 'welcome-topics', () => welcome);

    // Then the topics: Manage Category.
    await welcome.getByRole('link', { name: 'Choose topics' }).click();
    await page.getByRole('heading', { name: 'Manage Category' }).waitFor();
    await page.getByRole('checkbox', { name: new RegExp(`^${topic.name}`) }).check();
    await page.getByText('1 chosen').waitFor();

    // RESET ALL RECOMMENDATIONS asks once more.
    await page.getByRole('button', { name: 'RESET ALL RECOMMENDATIONS' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reset all recommendations?' });
    await confirm.waitFor();
    await shoot(page, 'reset-confirm');
    await confirm.getByRole('button', { name: 'Keep my topics' }).click();
    expect(await page.getByText('1 chosen').count()).toBe(1);
    await page.getByRole('button', { name: 'RESET ALL RECOMMENDATIONS' }).click();
    await confirm.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByText('No topic chosen').waitFor();

    // Home again: no more welcome.
    await page.goto(server.url);
    await cards(page).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('welcome').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('writes a first post without a cover (a wrong file says what is accepted), signed with the new name', async () => {
    const page = await member.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}${paths.createPost.getHref()}`);
    await page.locator('.ql-editor').waitFor();
    // SPEC §2's labels, as shown.
    expect(await page.locator('label', { hasText: /^Title$/ }).innerText()).toBe('TITLE');
    expect(await page.locator('label', { hasText: /^Subtitle$/ }).innerText()).toBe('SUBTITLE');

    await page.getByLabel(/Cover image/).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await page.getByText(TEXT.imageTypesAccepted).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('My first hour on Inkwell');
    await page.getByLabel('Subtitle', { exact: true }).fill('No picture, just words');
    await page.getByLabel('Category').selectOption({ label: topic.name });
    await page.locator('.ql-editor').click();
    await page.keyboard.type('Everything I needed was one click away.');
    const preview = page.getByTestId('post-preview');
    await preview.getByText(NAME).waitFor();
    expect(await preview.getByTestId('preview-default-cover').getAttribute('src')).toBe(DEFAULT_POST_IMAGE);
    await page.waitForLoadState('networkidle');
    await shoot(page, 'create-post-no-cover', undefined, true);

    await page.getByRole('button', { name: 'POST', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByTestId('home-banner').getByText(TEXT.postCreated).waitFor();
    const mine = cards(page).filter({ hasText: 'My first hour on Inkwell' });
    await mine.waitFor();
    await mine.getByText(NAME).waitFor();
    expect(await mine.locator(`img[src="${DEFAULT_POST_IMAGE}"]`).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shares by copying the link on a desktop browser; the notice stays behind on the next screen', async () => {
    const page = await member.newPage();
    const errors = watchErrors(page);
    await page.goto(server.url);
    const card = cards(page).filter({ hasText: 'Hour note 12' });
    await card.getByRole('button', { name: 'Share' }).click();
    await page.getByText(TEXT.linkCopied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`^${server.url}/view-post/[A-Za-z0-9]+$`));
    await card.getByRole('heading', { name: 'Hour note 12' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hour note 12' }).waitFor();
    expect(await page.getByText(TEXT.linkCopied).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("keeps a visitor's comment through Login; the card and the post count comments alike; topics open their screen", async () => {
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await visitor.newPage();
    const errors = watchErrors(page);
    await page.goto(server.url);
    await cards(page).filter({ hasText: 'Hour note 11' }).getByRole('heading').click();
    await page.getByRole('heading', { level: 1, name: 'Hour note 11' }).waitFor();
    const postPath = new URL(page.url()).pathname;
    await page.getByLabel('Write a comment').fill('Typed before signing in');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page.waitForURL('**/login');
    await signInThroughUi(page);
    await expect.poll(() => new URL(page.url()).pathname).toBe(postPath);
    await expect.poll(() => page.getByLabel('Write a comment').inputValue()).toBe('Typed before signing in');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const comment = page.getByTestId('comment').filter({ hasText: 'Typed before signing in' });
    await comment.getByText(NAME).waitFor();
    await comment.getByRole('button', { name: 'Reply', exact: true }).click();
    await page.getByLabel(/Reply to/).fill('And a reply to myself');
    await comment.locator('form').getByRole('button', { name: 'Reply' }).click();
    await comment.getByText('And a reply to myself').waitFor();
    // Comments and replies, on the post and on its card.
    await expect.poll(() => page.getByTestId('comments-total').textContent()).toBe('(2)');
    const bar = page.getByRole('link', { name: 'Comments' }).first().locator('..');
    await expect.poll(() => bar.textContent()).toMatch(/^2/);

    // The post's category opens the category screen.
    await page.getByRole('article').getByRole('link', { name: topic.name, exact: true }).click();
    await page.waitForURL(`**${paths.categoryPosts.getHref(topic.id)}`);
    await page.getByRole('heading', { level: 1, name: topic.name }).waitFor();
    const card = cards(page).filter({ hasText: 'Hour note 11' });
    await expect.poll(() => card.getByRole('link', { name: 'Comments' }).locator('..').textContent()).toMatch(/^2/);

    // So does a topic chip of the side panels.
    await page.goto(server.url);
    await page.getByRole('region', { name: 'Recommended topics' }).getByRole('link', { name: topic.name, exact: true }).click();
    await page.waitForURL(`**${paths.categoryPosts.getHref(topic.id)}`);
    expect(errors).toEqual([]);
    await visitor.close();
  });

  it('opens the side panels on a phone', async () => {
    const page = await member.newPage();
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(server.url);
    await cards(page).first().waitFor();
    const toggle = page.getByRole('button', { name: 'Topics, picks and people to follow' });
    expect(await page.getByRole('region', { name: 'Recommended topics' }).isVisible()).toBe(false);
    await toggle.click();
    await page.getByRole('region', { name: 'Recommended topics' }).waitFor();
    await page.getByRole('region', { name: 'Picks' }).waitFor();
    await page.waitForLoadState('networkidle');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(350);
      await page.screenshot({ path: artifactPath(`home-panels-375${scheme === 'dark' ? '-dark' : ''}.png`) });
      // Where the panels end and the feed begins.
      await page.evaluate(() => window.scrollBy(0, 600));
      await page.screenshot({ path: artifactPath(`home-panels-375-end${scheme === 'dark' ? '-dark' : ''}.png`) });
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await toggle.isVisible()).toBe(false);
    await page.getByRole('region', { name: 'Recommended topics' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('loads the next page only once the sentinel is fully visible', async () => {
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await visitor.newPage();
    const errors = watchErrors(page);
    const nextPages: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/user\/view-posts\?/.test(request.url())) nextPages.push(request.url());
    });
    await page.goto(server.url);
    await cards(page).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await cards(page).count()).toBe(10);

    // Half of its 50 px in view: no page yet.
    const scrollSoThatVisible = (px: number) =>
      page.evaluate((visible) => {
        const box = document.querySelector('[data-testid="sentinel"]')!.getBoundingClientRect();
        window.scrollBy(0, box.top - (window.innerHeight - visible));
      }, px);
    await scrollSoThatVisible(25);
    await page.waitForTimeout(800);
    expect(nextPages).toEqual([]);
    // All of it: the next page comes.
    await scrollSoThatVisible(60);
    await expect.poll(() => nextPages.length).toBe(1);
    await expect.poll(() => cards(page).count()).toBeGreaterThan(10);
    expect(errors).toEqual([]);
    await visitor.close();
  });
});
