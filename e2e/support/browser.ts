import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';

/**
 * Every Content-Security-Policy violation any page of the journeys reported (Chromium logs each as a
 * console error). stopWorld fails the journey when there is one: the policy allows no inline style or
 * script, and the app must not need any.
 */
export const cspViolations: string[] = [];

function watchCsp(target: BrowserContext | Page): void {
  target.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
}

/**
 * A server-rendered page shows its content before its script has hydrated it, and a click landing
 * in between would be lost: goto and reload wait until the app says it is ready (`html[data-app-ready]`),
 * unless the page runs no script.
 */
function waitForApp(page: Page): void {
  const settle = async () => {
    await page
      // 30 s: on a machine shared with other work, React's start and hydration took over 15 s at times.
      .waitForFunction(() => document.documentElement.dataset.appReady !== undefined || !document.querySelector('script[type=module]'), null, { timeout: 30_000 })
      .catch(() => undefined); // a page that is not the app (a download, an error page): nothing to wait for
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await settle();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await settle();
    return response;
  };
}

/** Debian's Chromium, with the flags this closed network needs; its pages report CSP violations. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    watchCsp(context);
    const contextPage = context.newPage.bind(context);
    const scripted = args[0]?.javaScriptEnabled !== false;
    context.newPage = async () => {
      const page = await contextPage();
      if (scripted) waitForApp(page);
      return page;
    };
    return context;
  };
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    watchCsp(page);
    waitForApp(page);
    return page;
  };
  return browser;
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Where screenshots go for a person to look at (ignored by git). */
export function artifactPath(name: string): string {
  const dir = path.resolve(import.meta.dirname, '../artifacts');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}
