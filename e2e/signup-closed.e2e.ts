import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_CLOSED, paths } from '@inkwell/contract';
import { artifactPath } from './support/browser.ts';
import { type World, callApi, openAs, startWorld, stopWorld } from './support/world.ts';

/** A server that takes no new accounts (SIGNUP_MODE=closed, issue 47): the sign-up page says so, before and after its scripts, and a form sent anyway makes nothing. */
let world: World;

beforeAll(async () => {
  world = await startWorld({ SIGNUP_MODE: 'closed' });
}, 120_000);
afterAll(() => stopWorld(world));

describe('sign-up closed', () => {
  it('shows no form, says why in the page as served, and refuses a form sent anyway', async () => {
    const served = await fetch(`${world.server.url}${paths.signup.getHref()}`);
    const html = await served.text();
    expect(html).toContain(SIGNUP_CLOSED.replace("'", '&#x27;'));
    expect(html).not.toContain('name="password_confirmation"');

    for (const [width, dark] of [
      [1280, false],
      [375, true],
    ] as const) {
      const { context, page, errors } = await openAs(world, null, { width, height: 800, dark });
      await page.goto(`${world.server.url}${paths.signup.getHref()}`);
      await page.getByRole('status').filter({ hasText: SIGNUP_CLOSED }).waitFor();
      expect(await page.getByLabel('Email').count()).toBe(0);
      await page.screenshot({ path: artifactPath(`signup-closed-${width}-${dark ? 'dark' : 'light'}.png`) });
      expect(errors).toEqual([]);
      await context.close();
    }

    // A form kept open from before the server closed, sent without the app.
    const form = new URLSearchParams({ email: 'late@example.com', password: 'Late#2026x', password_confirmation: 'Late#2026x', filled_ms: '10000' });
    const sent = await fetch(`${world.server.url}/signup`, {
      method: 'POST',
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: world.server.url },
    });
    expect(sent.status).toBe(403);
    expect(await sent.text()).toContain(SIGNUP_CLOSED.replace("'", '&#x27;'));
    expect((await callApi(world, 'login', { email: 'late@example.com', password: 'Late#2026x' })).status).toBe(401);
  });
});
