import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeId } from '@inkwell/contract';
import { linkFromMail } from '../server/src/test/smtp.ts';
import { artifactPath } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { type Session, type World, callApi, startWorld, stopWorld, verifiedUser } from './support/world.ts';

let world: World;
let server: RunningServer;
let browser: Browser;
const password = 'Account#2026';
let ana: Session;
let bo: Session;
const boTitle = 'Loud opinions about trains';

beforeAll(async () => {
  world = await startWorld();
  ({ server, browser } = world);
  ana = await verifiedUser(world, 'ana.account@example.com', password);
  bo = await verifiedUser(world, 'bo.account@example.com', password);
  await callApi(world, 'update-profile', { id: Number(ana.id), name: 'Ana Account' }, { ...ana });
  await callApi(world, 'update-profile', { id: Number(bo.id), name: 'Bo Blocked' }, { ...bo });
  const categories = (await (await fetch(`${server.url}/api/user/categories`)).json()) as { categories: Array<{ id: number }> };
  const added = await callApi(
    world,
    'add-post',
    { user_id: Number(bo.id), title: boTitle, sub_title: 'And why they matter', category_id: categories.categories[0]!.id, description: '<p>Trains.</p>' },
    { ...bo },
  );
  expect(added.status).toBe(201);
}, 120_000);
afterAll(() => stopWorld(world));

async function signedIn(session: Session, width = 1280, dark = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: dark ? 'dark' : 'light' });
  await context.addCookies([
    { name: 'token', value: session.token, url: server.url, httpOnly: true },
    { name: 'id', value: session.id, url: server.url },
  ]);
  return { context, page: await context.newPage() };
}

/** The raw mails to `to` whose subject matches, waiting up to 20 s for one. */
async function mailTo(to: string, subject: RegExp): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = world.smtp.received.find((m) => m.to.includes(to) && subject.test(m.raw));
    if (mail) return mail.raw;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}; server said:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the account’s life in Chromium', () => {
  it('blocks from a profile, no longer sees the blocked member’s posts, and unblocks from Settings', async () => {
    const { context, page } = await signedIn(ana);
    await page.goto(`${server.url}/`);
    await page.getByText(boTitle).first().waitFor();
    await page.goto(`${server.url}/view-profile/${encodeId(Number(bo.id))}`);
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Block Bo Blocked' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Block Bo Blocked?' });
    await ask.screenshot({ path: artifactPath('block-confirm.png') });
    await ask.getByRole('button', { name: 'Block' }).click();
    await page.getByText('You blocked Bo Blocked.').waitFor();
    await page.screenshot({ path: artifactPath('profile-blocked-1280.png') });

    await page.goto(`${server.url}/`);
    await page
      .getByRole('heading', { level: 1 })
      .first()
      .waitFor()
      .catch(() => undefined);
    await expect.poll(async () => page.getByText(boTitle).count()).toBe(0);

    await page.goto(`${server.url}/settings`);
    await page.getByRole('button', { name: 'Change blocked users' }).click();
    const dialog = page.getByRole('dialog', { name: 'Blocked Users' });
    await dialog.getByText('Bo Blocked').waitFor();
    await dialog.screenshot({ path: artifactPath('settings-blocked.png') });
    await dialog.getByRole('button', { name: 'Unblock' }).click();
    await dialog.getByText('You have not blocked anyone.').waitFor();
    await context.close();

    // Settings › Account as it looks on a wide and a narrow screen, light and dark.
    for (const [width, dark] of [
      [1280, false],
      [1280, true],
      [375, false],
      [375, true],
    ] as const) {
      const shot = await signedIn(ana, width, dark);
      await shot.page.goto(`${server.url}/settings`);
      await shot.page.getByRole('button', { name: 'Delete your account' }).waitFor();
      await shot.page.screenshot({ path: artifactPath(`settings-account-${width}${dark ? '-dark' : ''}.png`), fullPage: true });
      await shot.context.close();
    }
  });

  it('changes the email address by a mailed link, and signs in with the new one', async () => {
    const { context, page } = await signedIn(ana, 375, true);
    await page.goto(`${server.url}/settings`);
    await page.getByRole('button', { name: 'Change email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email' });
    await dialog.getByLabel('New email').fill('ana.moved@example.com');
    await dialog.getByLabel('Current password').fill(password);
    await dialog.screenshot({ path: artifactPath('settings-email-375-dark.png') });
    await dialog.getByRole('button', { name: 'SAVE' }).click();
    await page.getByText(/We sent a link to ana\.moved@example\.com/).waitFor();

    await mailTo('ana.account@example.com', /Subject: Your Inkwell address is about to change/);
    const link = linkFromMail(await mailTo('ana.moved@example.com', /Subject: Confirm your new email address/));
    expect(link).toMatch(/\/api\/user\/confirm-email\?token=/);
    await page.goto(link!);
    await page.getByText('Your email address has been changed.').waitFor();
    expect((await callApi(world, 'login', { email: 'ana.moved@example.com', password })).status).toBe(200);
    expect((await callApi(world, 'login', { email: 'ana.account@example.com', password })).status).toBe(401);
    await context.close();
  });

  it('deactivates (NO / YES, then the password), hides the profile, and a sign-in brings it back', async () => {
    const { context, page } = await signedIn(bo);
    await page.goto(`${server.url}/settings`);
    await page.getByRole('button', { name: 'Deactivate Account' }).click();
    await page.getByRole('alertdialog', { name: 'Are you sure to Deactivate your account' }).getByRole('button', { name: 'YES' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate your account' });
    await confirm.getByLabel('Current password').fill(password);
    await confirm.screenshot({ path: artifactPath('settings-deactivate-confirm.png') });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Your account is deactivated. Sign in again whenever you want it back.').waitFor();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();

    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/view-profile/${encodeId(Number(bo.id))}`);
    await visitor.getByText('Profile not found').waitFor();
    await visitor.close();

    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email', { exact: true }).fill('bo.account@example.com');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.getByText(/Welcome back! Your account is active again/).waitFor();
    await page.screenshot({ path: artifactPath('reactivated-1280.png') });
    expect(
      (await (
        await fetch(`${server.url}/api/user/get-profile-data`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: Number(bo.id) }) })
      ).json()) as object,
    ).toHaveProperty('data');
    await context.close();
  });

  it('deletes the account for good, and the address can sign up again', async () => {
    const carl = await verifiedUser(world, 'carl.leaving@example.com', password);
    const { context, page } = await signedIn(carl);
    await page.goto(`${server.url}/settings`);
    await page.getByRole('button', { name: 'Delete your account' }).click();
    await page.getByRole('alertdialog', { name: 'Are you sure to Delete your account' }).getByRole('button', { name: 'YES' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete your account' });
    await confirm.getByLabel('Current password').fill(password);
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByText('Your account and everything in it have been deleted.').waitFor();
    expect((await callApi(world, 'login', { email: 'carl.leaving@example.com', password })).status).toBe(401);
    expect((await callApi(world, 'register', { email: 'carl.leaving@example.com', password, password_confirmation: password })).status).toBe(201);
    await context.close();
  });
});
