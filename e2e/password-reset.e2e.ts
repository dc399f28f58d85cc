import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@inkwell/contract';
import { linkFromMail } from '../server/src/test/smtp.ts';
import { artifactPath } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { type World, callApi, startWorld, stopWorld, verifiedUser } from './support/world.ts';

let world: World;
let server: RunningServer;
let browser: Browser;

const email = 'forgetful.reader@example.com';
const oldPassword = 'Before#2026';
const newPassword = 'After#2026';

beforeAll(async () => {
  // The screenshots below ask for more links than one address may in an hour (RATE_LIMIT_FORGOT_PASSWORD).
  world = await startWorld({ RATE_LIMIT_FORGOT_PASSWORD: '50' });
  ({ server, browser } = world);
});

afterAll(() => stopWorld(world));

/** The raw reset mails to `to` so far, waiting up to 20 s for the `count`th. */
async function resetMails(to: string, count = 1): Promise<string[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mails = world.smtp.received.filter((m) => m.to.includes(to) && /Subject: Reset your Inkwell password/.test(m.raw)).map((m) => m.raw);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`no reset mail for ${to}; server said:\n${world.server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The HTML part of a raw mail, quoted-printable undone. */
function htmlOf(raw: string): string {
  const part = /Content-Type: text\/html[^\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)\r?\n--/i.exec(raw)?.[1] ?? '';
  const bytes = part.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const profileStatus = async (session: { token: string; id: string }) =>
  (
    await fetch(`${server.url}/api/user/profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...session },
      body: JSON.stringify({ id: Number(session.id) }),
    })
  ).status;

/** The screens at a size and colour scheme, for a person to look at. */
async function shoot(url: string, name: string, width: number, dark: boolean, prepare?: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 800 }, colorScheme: dark ? 'dark' : 'light' });
  const page = await context.newPage();
  await page.goto(url);
  await prepare?.(page);
  await page.screenshot({ path: artifactPath(`${name}-${width}${dark ? '-dark' : ''}.png`), fullPage: true });
  await context.close();
}

describe('forgot and reset password in Chromium', () => {
  it('mails a one-time link that sets a new password, ends every other session and signs in', async () => {
    const elsewhere = await verifiedUser(world, email, oldPassword);
    expect(await profileStatus(elsewhere)).toBe(200);

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    // Login's Forgot password link, carrying the address typed so far.
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByTestId('reset-link-sent').waitFor();
    expect(await page.getByTestId('reset-link-sent').textContent()).toBe(TEXT.resetLinkSent);
    await page.screenshot({ path: artifactPath('forgot-password-journey-sent-1280.png') });

    // The same answer for an address nobody uses, and no mail for it.
    const ghost = await callApi(world, 'forgot-password', { email: 'nobody.here@example.com' });
    expect(ghost).toEqual({ status: 200, json: { message: TEXT.resetLinkSent } });

    const [raw] = await resetMails(email);
    const link = linkFromMail(raw!)!;
    expect(link).toMatch(new RegExp(`^${server.url}/reset-password\\?token=[\\w-]{43}$`));
    expect(world.smtp.received.some((m) => m.to.includes('nobody.here@example.com'))).toBe(false);

    // The mail as a reader sees it, on a wide and a narrow screen.
    for (const width of [640, 375]) {
      const mailPage = await browser.newPage({ viewport: { width, height: 720 } });
      await mailPage.setContent(htmlOf(raw!));
      expect(await mailPage.getByRole('link', { name: 'Choose a new password' }).getAttribute('href')).toBe(link);
      await mailPage.screenshot({ path: artifactPath(`reset-mail-${width}.png`), fullPage: true });
      await mailPage.close();
    }

    // The link's screen: a mismatch is refused before anything is sent.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill('After#2027');
    await page.getByText(TEXT.passwordMismatchSettings).waitFor();
    expect(await page.getByRole('button', { name: 'Save new password' }).isDisabled()).toBe(true);
    await page.screenshot({ path: artifactPath('reset-password-mismatch-1280.png') });

    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(await page.getByTestId('home-banner').textContent()).toBe(TEXT.passwordResetDone);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.screenshot({ path: artifactPath('reset-password-done-1280.png') });

    // Signed in here (token HttpOnly, id readable); the session elsewhere has ended.
    const cookies = await context.cookies();
    const token = cookies.find((c) => c.name === 'token');
    expect(token?.httpOnly).toBe(true);
    const id = cookies.find((c) => c.name === 'id')?.value;
    expect(id).toBe(elsewhere.id);
    expect(await profileStatus({ token: token!.value, id: id! })).toBe(200);
    expect(await profileStatus(elsewhere)).toBe(401);
    await page.getByRole('button', { name: 'Profile menu' }).waitFor();

    // The old password is gone, the new one works.
    expect((await callApi(world, 'login', { email, password: oldPassword })).status).toBe(401);
    expect((await callApi(world, 'login', { email, password: newPassword })).status).toBe(200);

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Again#2028');
    await page.getByLabel('Confirm new password').fill('Again#2028');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByTestId('reset-link-invalid').waitFor();
    expect(await page.getByTestId('reset-link-invalid').textContent()).toBe(TEXT.resetLinkInvalid);
    await page.screenshot({ path: artifactPath('reset-link-used-1280.png') });
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL('**/forgot-password');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks right at 1280 and 375 px, light and dark', async () => {
    for (const width of [1280, 375]) {
      for (const dark of [false, true]) {
        await shoot(`${server.url}/forgot-password`, 'forgot-password', width, dark, async (page) => {
          await page.getByLabel('Email', { exact: true }).fill('ada.lovelace@example.com');
        });
        await shoot(`${server.url}/forgot-password`, 'forgot-password-sent', width, dark, async (page) => {
          await page.getByLabel('Email', { exact: true }).fill('someone.long.address@example.com');
          await page.getByRole('button', { name: 'Send reset link' }).click();
          await page.getByTestId('reset-link-sent').waitFor();
        });
        await shoot(`${server.url}/reset-password?token=not-checked-until-sent`, 'reset-password', width, dark, async (page) => {
          await page.getByLabel('New password', { exact: true }).fill(newPassword);
          await page.getByLabel('Confirm new password').fill('After#20');
          await page.getByText(TEXT.passwordMismatchSettings).waitFor();
        });
        await shoot(`${server.url}/reset-password`, 'reset-link-invalid', width, dark, async (page) => {
          await page.getByTestId('reset-link-invalid').waitFor();
        });
      }
    }
  });
});
