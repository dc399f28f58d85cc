import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { TestSmtpServer, linkFromMail } from '../../server/src/test/smtp.ts';
import { fetchPatiently } from '../../server/src/test/http-client.ts';
import { cspViolations, launchBrowser } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

export interface Session {
  token: string;
  id: string;
}

/** What a browser journey runs against: the real server (fresh SQLite), a real SMTP server, Chromium. */
export interface World {
  smtp: TestSmtpServer;
  server: RunningServer;
  browser: Browser;
}

export async function startWorld(env: Record<string, string> = {}): Promise<World> {
  const smtp = new TestSmtpServer();
  await smtp.start(0);
  const server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Inkwell <no-reply@inkwell.test>', ...env });
  const browser = await launchBrowser();
  return { smtp, server, browser };
}

export async function stopWorld(world: World | undefined): Promise<void> {
  await world?.browser.close();
  await world?.server.stop();
  await world?.smtp.stop();
  const violations = cspViolations.splice(0);
  expect(violations, 'Content-Security-Policy violations in the journey').toEqual([]);
}

/** A JSON POST to /api/user/{path}, with session headers when given. */
export async function callApi(world: World, path: string, body: unknown, headers: Record<string, string> = {}) {
  const send = () =>
    fetch(`${world.server.url}/api/user/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const res = await fetchPatiently(send);
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/** The raw text of the first mail to `to`, waiting up to 20 s for it. */
export async function waitForMail(world: World, to: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = world.smtp.received.find((m) => m.to.includes(to));
    if (mail) return mail.raw;
    if (Date.now() > deadline) throw new Error(`no mail for ${to}; server said:\n${world.server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The token of the newest link to `pathname` mailed to `to`, waiting up to 40 s (notification mails leave every 10 s). */
export async function mailedToken(world: World, to: string, pathname: string): Promise<string> {
  const pattern = new RegExp(`https?://[^/\\s"<>]+${pathname.replace(/\//g, '\\/')}\\?token=([^\\s"<>&]+)`);
  const deadline = Date.now() + 40_000;
  for (;;) {
    const token = world.smtp.received
      .filter((m) => m.to.includes(to))
      .map((m) => pattern.exec(m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1])
      .findLast((found) => found !== undefined);
    if (token) return decodeURIComponent(token);
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with a link to ${pathname}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Registers, follows the mailed link and logs in through the API: a verified user's session. */
export async function verifiedUser(world: World, email: string, password: string): Promise<Session> {
  expect((await callApi(world, 'register', { email, password, password_confirmation: password })).status).toBeLessThan(300);
  const link = linkFromMail(await waitForMail(world, email));
  expect(link).toBeTruthy();
  await fetch(link!, { redirect: 'manual' });
  const login = await callApi(world, 'login', { email, password });
  expect(login.status).toBe(200);
  return { token: String(login.json.token), id: String((login.json.user as { id: number }).id) };
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** The page's uncaught errors, and its console errors too when asked for (`consoleErrors`). */
  errors: string[];
}

/** The page's uncaught errors, as they come. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/**
 * A fresh browser context on the world's server, signed in as `session` (its cookies, as login sets
 * them) or a visitor (null), with one page open; `clipboard` lets the page read and write it.
 */
export async function openAs(
  world: World,
  session: Session | null,
  options: { width?: number; height?: number; dark?: boolean; userAgent?: string; timezoneId?: string; consoleErrors?: boolean; clipboard?: boolean } = {},
): Promise<OpenedPage> {
  const { width = 1280, height = 900, dark = false, userAgent, timezoneId, consoleErrors = false, clipboard = false } = options;
  const url = world.server.url;
  const context = await world.browser.newContext({
    viewport: { width, height },
    colorScheme: dark ? 'dark' : 'light',
    ...(userAgent ? { userAgent } : {}),
    ...(timezoneId ? { timezoneId } : {}),
  });
  // The Copy buttons' journeys read the clipboard back.
  if (clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  if (session) {
    await context.addCookies([
      { name: 'token', value: session.token, url, httpOnly: true },
      { name: 'id', value: session.id, url },
    ]);
  }
  const page = await context.newPage();
  const errors = watchErrors(page);
  if (consoleErrors) {
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
  }
  return { context, page, errors };
}

/** A published post by `session` in the first category, added through the API (no cover): its id. */
export async function aStory(world: World, session: Session, story: { title: string; sub_title: string; description: string }): Promise<number> {
  const categories = (await (await fetch(`${world.server.url}/api/user/categories`)).json()) as { categories: Array<{ id: number }> };
  const added = await callApi(world, 'add-post', { user_id: Number(session.id), category_id: categories.categories[0]!.id, ...story }, { ...session });
  expect(added.status).toBe(201);
  return (added.json.post as { id: number }).id;
}

/**
 * Opens `path` and waits until the page's live notification stream has answered: an event sent
 * before the app has connected would reach the page only at its next fetch, so a test of what is
 * shown live starts its action after this.
 */
export async function gotoWithStream(page: Page, url: string): Promise<void> {
  const opened = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/notifications/stream', { timeout: 60_000 });
  await page.goto(url);
  expect((await opened).status()).toBe(200);
}
