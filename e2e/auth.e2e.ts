import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFromMail } from '../server/src/test/smtp.ts';
import { artifactPath } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { type World, startWorld, stopWorld, waitForMail } from './support/world.ts';

let world: World;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  world = await startWorld();
  ({ server, browser } = world);
});

afterAll(() => stopWorld(world));

describe('account journey in Chromium', () => {
  it('signs up, verifies by mail, logs in, sees the masked email, logs out', async () => {
    const email = 'journey.reader@example.com';
    const password = 'Journey#2026';
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    // A signed-in screen sends a visitor to /login.
    await page.goto(`${server.url}/settings`);
    await page.waitForURL('**/login');

    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill('Journey#2027');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByText("pasword didn't match").count()).toBeGreaterThan(0);
    expect(page.url()).toContain('/signup');

    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/verified**');
    await page.getByText('Your email is not verified. Please verify your email.').waitFor();
    await page.screenshot({ path: artifactPath('verified.png') });

    // Before verifying, login goes back to /verified with the server's message.
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL('**/verified**');

    // The mailed link is a plain GET: it works with JavaScript off.
    const link = linkFromMail(await waitForMail(world, email));
    expect(link).toBeTruthy();
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    const response = await plain.goto(link!);
    expect(response?.ok()).toBe(true);
    expect(new URL(plain.url()).searchParams.get('success')).toBe('true');
    await noJs.close();

    // Opened again (now in the JavaScript page): the home page shows the message and removes it
    // from the address.
    await page.goto(link!);
    await page.getByText('Your email is already verified. You can log in.').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');

    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');

    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'token')?.value).toBeTruthy();
    expect(cookies.find((c) => c.name === 'token')?.httpOnly).toBe(true);
    expect(cookies.find((c) => c.name === 'id')?.value).toMatch(/^\d+$/);
    // Page scripts see that a session exists (id), never the token.
    const visible = await page.evaluate(() => document.cookie);
    expect(visible).toMatch(/(^|; )id=\d+/);
    expect(visible).not.toMatch(/(^|; )token=/);

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await expect.poll(() => page.getByTestId('masked-email').textContent()).toBe(`jou${'*'.repeat(11)}@example.com`);
    for (const entry of ['Profile', 'Saved', 'Library', 'Settings', 'Help', 'Manage Recommendation', 'Logout']) {
      expect(await page.getByRole('menuitem', { name: entry, exact: true }).count()).toBe(1);
    }
    await page.screenshot({ path: artifactPath('profile-menu.png') });

    const token = cookies.find((c) => c.name === 'token')!.value;
    const id = cookies.find((c) => c.name === 'id')!.value;
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    const after = await context.cookies();
    expect(after.find((c) => c.name === 'token')).toBeUndefined();
    expect(after.find((c) => c.name === 'id')).toBeUndefined();

    // The server ended the session too: the old token no longer works.
    const res = await fetch(`${server.url}/api/user/profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token, id },
      body: JSON.stringify({ id: Number(id) }),
    });
    expect(res.status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page.getByText('Oops! Page Not Found.').waitFor();
    await page.close();
  });
});
