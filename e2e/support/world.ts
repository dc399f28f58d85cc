import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { TestSmtpServer, linkFromMail } from '../../server/src/test/smtp';
import { cspViolations, launchBrowser } from './browser';
import { type RunningServer, startServer } from './server';

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
  const res = await fetch(`${world.server.url}/api/user/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
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
