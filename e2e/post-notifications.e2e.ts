import fs from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import { parseMail } from '../server/src/notifications/testkit.ts';
import { artifactPath } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { type Session, type World, callApi, startWorld, stopWorld, verifiedUser, openAs, gotoWithStream } from './support/world.ts';

/** A follower learns of a new story (issue 13): live in the top bar, under Stories, and by mail once ticked. */
let world: World;
let server: RunningServer;
let browser: Browser;
const password = 'Stories#2026';
let ana: Session;
let bo: Session;
let cy: Session;
const title = 'Night trains across the Alps';

beforeAll(async () => {
  // Mails leave at the digest worker's next round (every 10 s) instead of after 15 minutes.
  world = await startWorld({ MAIL_DIGEST_MINUTES: '0' });
  ({ server, browser } = world);
  ana = await verifiedUser(world, 'ana.stories@example.com', password);
  bo = await verifiedUser(world, 'bo.stories@example.com', password);
  cy = await verifiedUser(world, 'cy.stories@example.com', password);
  for (const [who, name] of [
    [ana, 'Ana Author'],
    [bo, 'Bo Reader'],
    [cy, 'Cy Stranger'],
  ] as const) {
    await callApi(world, 'update-profile', { id: Number(who.id), name }, { ...who });
  }
  expect((await callApi(world, 'follow-unfollow', { user_id: Number(bo.id), follow_id: Number(ana.id), followType: 1 }, { ...bo })).status).toBe(200);
}, 120_000);
afterAll(() => stopWorld(world));

const contextFor = (session: Session, width = 1280, dark = false) => openAs(world, session, { width, dark });

const variants = [
  [1280, false],
  [375, false],
  [1280, true],
  [375, true],
] as const;
const suffix = (width: number, dark: boolean) => `${width}${dark ? '-dark' : ''}`;

describe('a new story reaches its author’s followers, in Chromium', () => {
  it('ticks Stories on the Notification tab of Settings (off until then)', async () => {
    const { context, page } = await contextFor(bo);
    await page.goto(`${server.url}/settings?tab=notification`);
    const stories = page.getByRole('checkbox', { name: /^Stories/ });
    await stories.waitFor();
    expect(await stories.isChecked()).toBe(false);
    await stories.check();
    await expect.poll(async () => JSON.stringify((await callApi(world, 'profile', { id: Number(bo.id) }, { ...bo })).json)).toContain('"notify_post":true');
    await context.close();
    for (const [width, dark] of variants) {
      const shot = await contextFor(bo, width, dark);
      await shot.page.goto(`${server.url}/settings?tab=notification`);
      await shot.page.getByRole('checkbox', { name: /^Stories/ }).waitFor();
      await shot.page.screenshot({ path: artifactPath(`settings-stories-${suffix(width, dark)}.png`), fullPage: true });
      await shot.context.close();
    }
  });

  it('lights the follower’s dot live when the story is published, shows it under Stories, and leads to the story', async () => {
    const { context, page } = await contextFor(bo);
    await gotoWithStream(page, `${server.url}/`);
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    expect(await page.getByTestId('notifications-dot').count()).toBe(0);

    const categories = (await (await fetch(`${server.url}/api/user/categories`)).json()) as { categories: Array<{ id: number }> };
    const added = await callApi(
      world,
      'add-post',
      { user_id: Number(ana.id), title, sub_title: 'Sleeping through the mountains', category_id: categories.categories[0]!.id, description: '<p>Trains.</p>' },
      { ...ana },
    );
    expect(added.status).toBe(201);
    const postId = (added.json.post as { id: number }).id;
    await page.getByTestId('notifications-dot').waitFor({ timeout: 3000 });

    await page.getByRole('link', { name: 'Notifications (new)' }).click();
    await page.waitForURL('**/notifications');
    const section = page.getByRole('region', { name: /Stories/ });
    const item = section.getByTestId('notification').filter({ hasText: `Ana Author published a new story: “${title}”.` });
    await item.waitFor();
    expect(await item.getAttribute('data-new')).toBe('true');
    await expect.poll(() => page.getByTestId('notifications-dot').count()).toBe(0);
    await item.getByRole('link').click();
    await page.waitForURL(`**${paths.viewPost.getHref(postId)}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await context.close();

    for (const [width, dark] of variants) {
      const shot = await contextFor(bo, width, dark);
      await shot.page.goto(`${server.url}/notifications`);
      await shot.page.getByRole('region', { name: /Stories/ }).waitFor();
      await shot.page.screenshot({ path: artifactPath(`notifications-stories-${suffix(width, dark)}.png`), fullPage: true });
      await shot.context.close();
    }
  });

  it('tells nobody else: the author and a member who does not follow have no story', async () => {
    for (const who of [ana, cy]) {
      const list = (await callApi(world, 'notifications', { user_id: Number(who.id) }, { ...who })).json as { notifications: Array<{ type: string }> };
      expect(list.notifications.filter((n) => n.type === 'post')).toEqual([]);
    }
    const { context, page } = await contextFor(cy, 375);
    await page.goto(`${server.url}/notifications`);
    await page.getByText(/Nothing yet/).waitFor();
    expect(await page.getByRole('region', { name: /Stories/ }).count()).toBe(0);
    await context.close();
  });

  it('mails the follower who ticked Stories, rendered with the story and its link', async () => {
    const deadline = Date.now() + 25_000;
    let mail: Awaited<ReturnType<typeof parseMail>> | undefined;
    while (!mail) {
      for (const raw of world.smtp.received.filter((m) => m.to.includes('bo.stories@example.com'))) {
        const parsed = await parseMail(raw);
        if (parsed.subject.includes('published a new story')) mail = parsed;
      }
      if (!mail && Date.now() > deadline) throw new Error(`no story mail; server said:\n${server.output()}`);
      if (!mail) await new Promise((r) => setTimeout(r, 200));
    }
    expect(mail.subject).toBe(`Ana Author published a new story: “${title}”`);
    expect(mail.listUnsubscribe).toContain('.post.');
    await fs.writeFile(artifactPath('mail-story.html'), mail.html);
    for (const width of [640, 375]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.setContent(mail.html, { waitUntil: 'load' });
      await page.screenshot({ path: artifactPath(`mail-story-${width}.png`), fullPage: true });
      await context.close();
    }
  });
});
