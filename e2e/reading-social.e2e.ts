import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT, paths } from '@inkwell/contract';
import type { Page } from 'playwright-core';
import { artifactPath } from './support/browser.ts';
import { POSTS, cardTitled, cards, castReading, newest } from './support/reading.ts';
import type { RunningServer } from './support/server.ts';
import { type Session, type World, callApi, openAs, startWorld, stopWorld } from './support/world.ts';

/**
 * The signed-in reader's journey in Chromium, each step on the one before: tabs, like, follow from the
 * hover card, save; comments and replies; the author's profile; the author told of the follow.
 */
let world: World;
let server: RunningServer;

let author: Session;
let reader: Session;
let categoryName: string;
let postIds: number[];

beforeAll(async () => {
  world = await startWorld();
  ({ server } = world);
  ({ author, reader, categoryName, postIds } = await castReading(world));
}, 180_000);

afterAll(() => stopWorld(world));

describe('reading journey of a signed-in reader in Chromium', () => {
  it('switches tabs, likes and unlikes, follows from the hover card, saves and finds the post in /saved', async () => {
    const { context, page, errors } = await openAs(world, reader);
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
    const { context, page, errors } = await openAs(world, reader);
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

    const { context: phone, page: small } = await openAs(world, reader, { width: 375, height: 812 });
    await small.goto(`${server.url}${href}`);
    await small.getByRole('heading', { level: 1 }).waitFor();
    await small.waitForLoadState('networkidle');
    await small.screenshot({ path: artifactPath('post-375.png'), fullPage: true });
    await phone.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reports a comment from beside it, and finds the receipt and the report on their reports (issue 47); form photographed', async () => {
    for (const text of ['Buy followers at a discount', 'Cheap watches, ask me how']) {
      const said = await callApi(world, 'comment', { user_id: Number(author.id), post_id: postIds[1]!, comments: text }, { ...author });
      expect(said.status).toBe(200);
    }
    const reportFrom = async (page: Page, text: string) => {
      await page.goto(`${server.url}${paths.viewPost.getHref(postIds[1]!)}`);
      await page
        .getByTestId('comment')
        .filter({ hasText: text })
        .getByRole('link', { name: /^Report comment by/ })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Report this comment' }).waitFor();
      await page.getByRole('link', { name: text }).waitFor();
    };
    for (const [width, dark, text] of [
      [1280, false, 'Buy followers at a discount'],
      [375, true, 'Cheap watches, ask me how'],
    ] as const) {
      const { context, page, errors } = await openAs(world, reader, { width, dark });
      if (width === 375) {
        // One open report per reader and thing: the first comment's page says it is reported, and leads there.
        await reportFrom(page, 'Buy followers at a discount');
        await page.getByRole('status').filter({ hasText: 'You have reported this already' }).waitFor();
        expect(await page.getByRole('link', { name: 'See your report' }).getAttribute('href')).toMatch(/^\/reports#report-\d+$/);
        expect(await page.getByRole('button', { name: 'Send report' }).count()).toBe(0);
        await page.screenshot({ path: artifactPath('report-reported-375-dark.png'), fullPage: true });
      }
      await reportFrom(page, text);
      await page.getByRole('radio', { name: /Spam/ }).check();
      await page.getByRole('textbox', { name: /Anything the moderators should know/ }).fill(width === 1280 ? 'Selling followers under every story.' : 'Again, from the phone.');
      await page.screenshot({ path: artifactPath(`report-${width}${dark ? '-dark' : ''}.png`), fullPage: true });
      await page.getByRole('button', { name: 'Send report' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your reports' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Your report is with the moderators' }).waitFor();
      await page.getByText(width === 1280 ? 'Selling followers under every story.' : 'Again, from the phone.').waitFor();
      if (width === 1280) await page.screenshot({ path: artifactPath('reports-1280.png'), fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("opens the author's profile from a card, unfollows and follows there, and finds the reader's own Saved tab", async () => {
    const { context, page, errors } = await openAs(world, reader);
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
    const { context, page, errors } = await openAs(world, author);
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
});
