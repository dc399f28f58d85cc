import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_RECEIVED, TEXT, paths } from '@inkwell/contract';
import { artifactPath } from './support/browser';
import type { RunningServer } from './support/server';
import { type Session, type World, startWorld, stopWorld, verifiedUser, openAs } from './support/world';

const aVerifiedUser = (email: string) => verifiedUser(world, email, password);

let world: World;
let server: RunningServer;
let browser: Browser;

const POSTS = 25;
const password = 'Reader#2026';
let author: Session;
let reader: Session;
let readerEmail: string;
let categoryName: string;
const postIds: number[] = [];

function aPicture(hue: number): Promise<Buffer> {
  const r = (hue * 53) % 200;
  const g = (hue * 97) % 200;
  return sharp({ create: { width: 480, height: 270, channels: 3, background: { r, g, b: 180 } } })
    .png()
    .toBuffer();
}

async function addPost(session: Session, index: number, categoryId: number): Promise<number> {
  const form = new FormData();
  form.set('user_id', session.id);
  form.set('title', `Reading journey ${String(index).padStart(2, '0')}`);
  form.set('sub_title', `Notes on slow reading, part ${index}`);
  form.set('category_id', String(categoryId));
  form.set('description', `<p>${'Words worth reading. '.repeat(40 + index)}</p>`);
  form.set('image', new Blob([new Uint8Array(await aPicture(index))], { type: 'image/png' }), `cover-${index}.png`);
  const res = await fetch(`${server.url}/api/user/add-post`, { method: 'POST', headers: { ...session }, body: form });
  const json = (await res.json()) as { post?: { id: number }; message?: string };
  if (!res.ok || !json.post) throw new Error(`add-post answered ${res.status}: ${JSON.stringify(json)}`);
  return json.post.id;
}

beforeAll(async () => {
  world = await startWorld();
  ({ server, browser } = world);

  author = await aVerifiedUser('reading.author@example.com');
  readerEmail = 'reading.reader@example.com';
  reader = await aVerifiedUser(readerEmail);
  const categories = (await (await fetch(`${server.url}/api/user/categories`)).json()) as { categories: Array<{ id: number; name: string }> };
  const category = categories.categories[0]!;
  categoryName = category.name;
  for (let i = 1; i <= POSTS; i++) postIds.push(await addPost(author, i, category.id));
}, 180_000);

afterAll(() => stopWorld(world));

const contextFor = async (session: Session | null, width = 1280, height = 900) => (await openAs(world, session, { width, height })).context;

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

const cards = (page: Page) => page.getByTestId('post-card');
const cardTitled = (page: Page, title: string) => cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const newest = () => `Reading journey ${String(POSTS).padStart(2, '0')}`;

describe('reading journey in Chromium', () => {
  it('scrolls the home feed through three pages and takes screenshots', async () => {
    const context = await contextFor(null);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/`);
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBe(10);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: artifactPath('home-1280.png') });

    for (let i = 0; i < 10 && (await cards(page).count()) < POSTS; i++) {
      await page.getByTestId('sentinel').scrollIntoViewIfNeeded().catch(() => undefined);
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(400);
    }
    await expect.poll(() => cards(page).count()).toBe(POSTS);
    expect(await page.getByTestId('sentinel').count()).toBe(0);
    const titles = await page.getByTestId('post-card').getByRole('heading').allTextContents();
    expect(new Set(titles).size).toBe(POSTS); // no page repeated or skipped

    const phone = await contextFor(null, 375, 812);
    const small = await phone.newPage();
    await small.goto(`${server.url}/`);
    await cards(small).first().waitFor();
    await small.waitForLoadState('networkidle');
    await small.screenshot({ path: artifactPath('home-375.png') });
    await phone.close();

    const dark = await browser.newContext({ viewport: { width: 375, height: 812 }, colorScheme: 'dark' });
    const night = await dark.newPage();
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

  it('switches tabs, likes and unlikes, follows from the hover card, saves and finds the post in /saved', async () => {
    const context = await contextFor(reader);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/`);
    const card = cardTitled(page, newest());
    await card.waitFor();

    // Following: nobody yet.
    await page.getByRole('tab', { name: 'Following' }).click();
    await page.getByText(TEXT.noPosts).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('following');

    // A category tab.
    await page.getByRole('tab', { name: categoryName }).click();
    await cardTitled(page, newest()).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('catogery');

    await page.getByRole('tab', { name: 'For you' }).click();
    await card.waitFor();

    // Like and unlike: instant, and kept by the server.
    await card.getByRole('button', { name: 'Like' }).click();
    await expect.poll(() => card.getByTestId('likes-count').textContent()).toMatch(/^1/);
    await page.reload();
    await card.waitFor();
    await expect.poll(() => card.getByTestId('likes-count').textContent()).toMatch(/^1/);
    await card.getByRole('button', { name: 'Unlike' }).click();
    await expect.poll(() => card.getByTestId('likes-count').textContent()).toMatch(/^0/);

    // Follow from the author's hover card; the Following tab then has posts.
    await card.locator('a[href^="/view-profile/"]').first().hover();
    const about = page.getByRole('group', { name: /About/ });
    await about.waitFor();
    await page.screenshot({ path: artifactPath('hover-card-1280.png') });
    await about.getByRole('button', { name: 'Follow' }).click();
    await about.getByRole('button', { name: 'Unfollow' }).waitFor();
    await page.mouse.move(5, 5);
    await page.getByRole('tab', { name: 'Following' }).click();
    await cardTitled(page, newest()).waitFor();
    await page.getByRole('tab', { name: 'For you' }).click();

    // Save, then find it in /saved.
    await card.getByRole('button', { name: 'Save' }).click();
    await page.getByText(TEXT.postSaved).waitFor();
    await page.goto(`${server.url}/saved`);
    await cardTitled(page, newest()).waitFor();
    expect(await cards(page).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('comments, replies, expands and hides replies, deletes; post screenshots', async () => {
    const context = await contextFor(reader);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const href = paths.viewPost.getHref(postIds[0]!);
    await page.goto(`${server.url}${href}`);
    await page.getByRole('heading', { level: 1, name: 'Reading journey 01' }).waitFor();
    expect(await page.title()).toBe('Reading journey 01 · Inkwell');
    await page.getByText(TEXT.noComments).waitFor();
    await page.screenshot({ path: artifactPath('post-1280.png'), fullPage: true });

    await page.getByLabel('Write a comment').fill('A first thought <b>not bold</b>');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const comment = page.getByTestId('comment').filter({ hasText: 'A first thought' });
    await comment.waitFor();
    expect(await comment.locator('b').count()).toBe(0);

    await comment.getByRole('button', { name: 'Reply', exact: true }).click();
    await page.getByLabel(/Reply to/).fill('A reply to it');
    await comment.locator('form').getByRole('button', { name: 'Reply' }).click();
    await comment.getByText('A reply to it').waitFor();
    await comment.getByRole('button', { name: 'Hide replies' }).click();
    expect(await comment.getByText('A reply to it').count()).toBe(0);
    await comment.getByRole('button', { name: 'See 1 more replies...' }).click();
    await comment.getByText('A reply to it').waitFor();

    await comment.getByTestId('reply').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this reply?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => comment.getByText('A reply to it').count()).toBe(0);
    await comment.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this comment?' });
    await confirm.screenshot({ path: artifactPath('comment-delete-confirm.png') });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(TEXT.noComments).waitFor();

    const phone = await contextFor(reader, 375, 812);
    const small = await phone.newPage();
    await small.goto(`${server.url}${href}`);
    await small.getByRole('heading', { level: 1 }).waitFor();
    await small.waitForLoadState('networkidle');
    await small.screenshot({ path: artifactPath('post-375.png'), fullPage: true });
    await phone.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a visitor who presses the heart to /login and brings them back afterwards', async () => {
    const context = await contextFor(null);
    const page = await context.newPage();
    const href = paths.viewPost.getHref(postIds[1]!);
    await page.goto(`${server.url}${href}`);
    await page.getByRole('heading', { level: 1, name: 'Reading journey 02' }).waitFor();
    await page.getByRole('button', { name: 'Like' }).first().click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(readerEmail);
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

  it("opens the author's profile from a card, unfollows and follows there, and finds the reader's own Saved tab", async () => {
    const context = await contextFor(reader);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/`);
    const card = cardTitled(page, newest());
    await card.locator('a[href^="/view-profile/"]').first().click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const counts = page.getByTestId('profile-counts');
    await expect.poll(() => counts.textContent()).toContain(`${POSTS} posts`);
    await expect.poll(() => counts.textContent()).toContain('1 follower'); // the reader, since the hover card
    await cardTitled(page, newest()).waitFor();
    expect(await page.getByRole('tab', { name: 'Saved' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Unfollow' }).click();
    await page.getByRole('button', { name: 'Follow', exact: true }).waitFor();
    await expect.poll(() => counts.textContent()).toContain('0 followers');
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect.poll(() => counts.textContent()).toContain('1 follower');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: artifactPath('profile-1280.png'), fullPage: false });

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Profile options' }).waitFor();
    await page.getByRole('tab', { name: 'Saved' }).click();
    await cardTitled(page, newest()).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the author their notifications: the reader's follow, under Follow", async () => {
    const context = await contextFor(author);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/`);
    await page.getByTestId('notifications-dot').waitFor();
    await page.getByRole('link', { name: 'Notifications (new)' }).click();
    const follows = page.getByRole('region', { name: /Follow/ });
    await follows.getByTestId('notification').first().waitFor();
    expect(await follows.getByTestId('notification').first().textContent()).toMatch(/follow/i);
    await page.screenshot({ path: artifactPath('notifications-1280.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('chooses topics from the plus icon; For you follows them, and RESET ALL RECOMMENDATIONS undoes it', async () => {
    const categories = (await (await fetch(`${server.url}/api/user/categories`)).json()) as { categories: Array<{ id: number; name: string }> };
    const other = categories.categories[1]!;
    // The newest post, in another topic than the journey's, by a writer the reader does not follow (For
    // you also holds the posts of followed writers, whatever their topic).
    const stranger = await aVerifiedUser('reading.stranger@example.com');
    await addPost(stranger, 99, other.id);

    const context = await contextFor(reader);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(server.url);
    await cardTitled(page, 'Reading journey 99').waitFor();
    await page.getByRole('link', { name: 'Manage recommended topics' }).click();
    await page.getByRole('heading', { name: 'Manage Category' }).waitFor();
    expect(await page.title()).toContain('Manage Category');

    const journeyTopic = page.getByRole('checkbox', { name: new RegExp(`^${categoryName}`) });
    await journeyTopic.check();
    await page.getByText('1 chosen').waitFor();
    await page.getByRole('searchbox', { name: 'Search topics' }).fill(other.name.slice(0, 4));
    await page.getByRole('checkbox', { name: new RegExp(`^${other.name}`) }).waitFor();
    await page.getByRole('searchbox', { name: 'Search topics' }).fill('');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: artifactPath('recommendation-1280.png'), fullPage: true });

    // For you now holds the chosen topic only, and the strip shows it.
    await page.getByRole('link', { name: 'Home' }).first().click();
    await cardTitled(page, newest()).waitFor();
    expect(await cardTitled(page, 'Reading journey 99').count()).toBe(0);
    await page.getByRole('tab', { name: categoryName }).waitFor();

    await page.goBack();
    await page.getByRole('button', { name: 'RESET ALL RECOMMENDATIONS' }).click();
    // It asks once more.
    await page.getByRole('alertdialog', { name: 'Reset all recommendations?' }).getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByText('No topic chosen').waitFor();
    expect(await journeyTopic.isChecked()).toBe(false);
    await page.goto(server.url);
    await cardTitled(page, 'Reading journey 99').waitFor();

    const phone = await contextFor(reader, 375, 812);
    const small = await phone.newPage();
    await small.emulateMedia({ colorScheme: 'dark' });
    await small.goto(`${server.url}${paths.recommendation.getHref()}`);
    await small.getByRole('heading', { name: 'Manage Category' }).waitFor();
    await small.getByRole('checkbox').first().waitFor();
    await small.screenshot({ path: artifactPath('recommendation-375-dark.png'), fullPage: true });
    await phone.close();
    await context.close();
    expect(errors).toEqual([]);
  });

  it('searches people and posts from the top bar as a visitor, and opens a result', async () => {
    const context = await contextFor(null);
    const page = await context.newPage();
    const errors = watchErrors(page);
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

  it('asks for help from the profile menu and reads the policies', async () => {
    const context = await contextFor(reader);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Help' }).click();
    await page.getByRole('heading', { level: 1, name: 'Need Help' }).waitFor();
    await page.getByLabel('How can we help?').fill('The share button does nothing on my old browser.');
    await page.getByRole('button', { name: 'Tell us' }).click();
    await page.getByText(HELP_RECEIVED).waitFor();
    expect(await page.getByLabel('How can we help?').inputValue()).toBe('');
    await page.getByRole('navigation', { name: 'Help' }).getByRole('button', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await page.screenshot({ path: artifactPath('help-1280.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives the reader a name and a photo in Settings, shown on their profile and on their comments', async () => {
    const context = await contextFor(reader);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}${paths.settings.getHref()}`);
    await page.getByRole('button', { name: 'Change profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profile' });
    await dialog.getByLabel('Name').fill('Rita Reader');
    await dialog.getByLabel('Bio').fill('Reads slowly, on purpose.');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await aPicture(7) });
    await dialog.screenshot({ path: artifactPath('settings-profile-dialog.png') });
    await dialog.getByRole('button', { name: 'SAVE' }).click();
    await page.getByText('Profile updated successfully.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Change profile' }).textContent()).toContain('Rita Reader');
    await page.screenshot({ path: artifactPath('settings-1280.png') });

    await page.goto(`${server.url}${paths.profile.getHref()}`);
    await page.getByRole('heading', { level: 1, name: 'Rita Reader' }).waitFor();
    await page.getByText('Reads slowly, on purpose.').waitFor();
    const picture = page.getByRole('button', { name: /Rita Reader’s picture/ }).locator('img');
    await expect.poll(() => picture.getAttribute('src')).toMatch(/^\/storage\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
