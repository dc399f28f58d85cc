import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import { parseMail, unsubscribeUrlOf } from '../server/src/notifications/testkit.ts';
import { artifactPath } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { type Session, type World, callApi, startWorld, stopWorld, verifiedUser, openAs, gotoWithStream } from './support/world.ts';

let world: World;
let server: RunningServer;
const password = 'Notify#2026';
let ana: Session;
let bo: Session;
let postId: number;
const title = 'Night trains across the Alps';

beforeAll(async () => {
  // Mails leave at the digest worker's next round (every 10 s) instead of after 15 minutes.
  world = await startWorld({ MAIL_DIGEST_MINUTES: '0' });
  ({ server } = world);
  ana = await verifiedUser(world, 'ana.notify@example.com', password);
  bo = await verifiedUser(world, 'bo.notify@example.com', password);
  await callApi(world, 'update-profile', { id: Number(ana.id), name: 'Ana Author' }, { ...ana });
  await callApi(world, 'update-profile', { id: Number(bo.id), name: 'Bo Reader' }, { ...bo });
  const categories = (await (await fetch(`${server.url}/api/user/categories`)).json()) as { categories: Array<{ id: number }> };
  const added = await callApi(
    world,
    'add-post',
    { user_id: Number(ana.id), title, sub_title: 'Sleeping through the mountains', category_id: categories.categories[0]!.id, description: '<p>Trains.</p>' },
    { ...ana },
  );
  expect(added.status).toBe(201);
  postId = (added.json.post as { id: number }).id;
}, 120_000);
afterAll(() => stopWorld(world));

const contextFor = (session: Session | null, width = 1280, dark = false) => openAs(world, session, { width, dark });

/** The mails to `to` whose subject matches, waiting up to 25 s (the digest worker runs every 10 s). */
async function mailTo(to: string, subject: RegExp) {
  const deadline = Date.now() + 25_000;
  for (;;) {
    for (const raw of world.smtp.received.filter((m) => m.to.includes(to))) {
      const mail = await parseMail(raw);
      if (subject.test(mail.subject)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}; server said:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('notifications that reach people, in Chromium', () => {
  it('lights the dot live when another member likes the post, clears it on /notifications, and the item opens the post', async () => {
    const { context, page } = await contextFor(ana);
    await gotoWithStream(page, `${server.url}/`);
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    expect(await page.getByTestId('notifications-dot').count()).toBe(0);

    const liked = await callApi(world, 'like', { user_id: Number(bo.id), post_id: postId, status: 1 }, { ...bo });
    expect(liked.status).toBe(200);
    const sentAt = Date.now();
    await page.getByTestId('notifications-dot').waitFor({ timeout: 3000 });
    expect(Date.now() - sentAt).toBeLessThan(3000);
    await page
      .locator('header')
      .first()
      .screenshot({ path: artifactPath('notifications-dot-live.png') });

    await page.getByRole('link', { name: 'Notifications (new)' }).click();
    await page.waitForURL('**/notifications');
    const item = page.getByTestId('notification').filter({ hasText: 'Bo Reader' }).first();
    await item.waitFor();
    expect(await item.getAttribute('data-new')).toBe('true');
    await expect.poll(() => page.getByTestId('notifications-dot').count()).toBe(0);
    await page.screenshot({ path: artifactPath('notifications-1280.png') });

    await item.getByRole('link').click();
    await page.waitForURL(`**${paths.viewPost.getHref(postId)}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    // Reloading: the dot stays off, the notification is seen.
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    expect(await page.getByTestId('notifications-dot').count()).toBe(0);
    await context.close();
  });

  it('leads a comment notification to the comment itself, highlighted', async () => {
    const comment = await callApi(world, 'comment', { user_id: Number(bo.id), post_id: postId, comments: 'Which sleeper did you take?' }, { ...bo });
    expect(comment.status).toBe(200);
    for (const [width, dark] of [
      [1280, false],
      [375, true],
    ] as const) {
      const { context, page } = await contextFor(ana, width, dark);
      await page.goto(`${server.url}/notifications`);
      const item = page.getByTestId('notification').filter({ hasText: 'commented' }).first();
      await item.waitFor();
      await page.screenshot({ path: artifactPath(`notifications-${width}${dark ? '-dark' : ''}.png`), fullPage: true });
      await item.getByRole('link').click();
      await page.waitForURL(`**#comment-${comment.json.id as number}`);
      const target = page.locator(`#comment-${comment.json.id as number}`);
      await target.getByText('Which sleeper did you take?').waitFor();
      // Scrolled to it and highlighted for a moment (the screenshot is taken while the ring shows).
      await expect.poll(async () => target.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
      await expect.poll(async () => target.evaluate((el) => el.className.includes('ring-2') || !!el.querySelector('.ring-2'))).toBe(true);
      await page.screenshot({ path: artifactPath(`notification-comment-anchored-${width}${dark ? '-dark' : ''}.png`) });
      await context.close();
    }
  });

  it('mails the like, looks right rendered, and its unsubscribe link unticks the box without signing in', async () => {
    const mail = await mailTo('ana.notify@example.com', /liked/);
    expect(mail.subject).toContain('Bo Reader');
    const htmlFile = artifactPath('mail-like.html');
    await fs.writeFile(htmlFile, mail.html);
    for (const width of [640, 375]) {
      const { context, page } = await contextFor(null, width);
      await page.setContent(mail.html, { waitUntil: 'load' });
      await page.screenshot({ path: artifactPath(`mail-like-${width}.png`), fullPage: true });
      await context.close();
    }

    const url = unsubscribeUrlOf(mail.listUnsubscribe);
    for (const [width, dark] of [
      [375, true],
      [1280, false],
    ] as const) {
      const { context, page } = await contextFor(null, width, dark);
      await page.goto(url.toString());
      await page.getByText('Stop mails when someone likes your posts?').waitFor();
      await page.screenshot({ path: artifactPath(`unsubscribe-ask-${width}${dark ? '-dark' : ''}.png`) });
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByText('Done: you will no longer get mails when someone likes your posts.').waitFor();
      await page.screenshot({ path: artifactPath(`unsubscribe-done-${width}${dark ? '-dark' : ''}.png`) });
      if (width === 375) {
        await page.getByRole('button', { name: 'Undo' }).click();
        await page.getByText('You will get these mails again.').waitFor();
      }
      await context.close();
    }
    const profile = await callApi(world, 'profile', { id: Number(ana.id) }, { ...ana });
    expect(JSON.stringify(profile.json)).toContain('"notify_like":false');
  });
});
