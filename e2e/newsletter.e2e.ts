import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import { artifactPath } from './support/browser.ts';
import { type Session, type World, callApi, openAs, startWorld, stopWorld, verifiedUser } from './support/world.ts';

/**
 * A writer's newsletter (issue 29) in Chromium against the real server and SMTP server: a visitor
 * subscribes from the writer's profile, confirms from the mail's link (the page's button, not the
 * link itself), and the writer sees them on their Subscribers screen and in its CSV export; the writer
 * imports a list; a member ticks "Email me too" under Follow and unticks it in Settings.
 */
let world: World;
let writer: Session;
const reader = 'nadia.reader@example.org';

beforeAll(async () => {
  world = await startWorld();
  writer = await verifiedUser(world, 'mira.newsletter@example.com', 'Letters#2026');
  expect((await callApi(world, 'update-profile', { id: Number(writer.id), name: 'Mira Letters' }, { ...writer })).status).toBe(200);
}, 120_000);
afterAll(() => stopWorld(world));

/** The newest mail to `to` whose raw text holds `marker`, waiting for it. */
async function mailWith(to: string, marker: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = world.smtp.received
      .filter((m) => m.to.includes(to))
      .map((m) => m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .find((raw) => raw.includes(marker));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail with ${marker} for ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('subscribing by email, in Chromium', () => {
  it('a visitor subscribes from a profile, confirms from the mail, and the writer sees them in the list', async () => {
    const visitor = await openAs(world, null, { width: 375, consoleErrors: true });
    await visitor.page.goto(`${world.server.url}${paths.viewProfile.getHref(Number(writer.id))}`);
    const box = visitor.page.locator('#newsletter');
    await box.getByRole('heading', { name: 'Get new stories by email' }).waitFor();
    await box.getByLabel('Address for new stories').fill(reader);
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await visitor.page.getByTestId('newsletter-subscribed').waitFor();
    expect(await visitor.page.getByTestId('newsletter-subscribed').textContent()).toContain('check your inbox');
    await visitor.page.screenshot({ path: artifactPath('newsletter-subscribed-375.png'), fullPage: true });

    const confirmation = await mailWith(reader, '/newsletter/confirm?token=');
    const link = /https?:\/\/[^\s"<>]+\/newsletter\/confirm\?token=[\w-]+/.exec(confirmation)![0];
    await visitor.page.goto(link.replace(/^https?:\/\/[^/]+/, world.server.url));
    await visitor.page.getByRole('button', { name: 'Confirm subscription' }).waitFor();
    // Opening the link confirmed nothing: the writer's list says "not confirmed yet".
    const before = await callApi(world, 'newsletter/subscribers', { user_id: Number(writer.id) }, { ...writer });
    expect((before.json.counts as { pending: number }).pending).toBe(1);
    await visitor.page.getByRole('button', { name: 'Confirm subscription' }).click();
    await visitor.page.getByTestId('newsletter-confirmed').waitFor();
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    await mailWith(reader, "You're subscribed to Mira Letters");

    const own = await openAs(world, writer, { consoleErrors: true });
    await own.page.goto(`${world.server.url}${paths.subscribers.getHref()}`);
    const row = own.page.getByTestId('subscribers').getByRole('listitem').filter({ hasText: reader });
    await row.waitFor();
    expect(await row.textContent()).toContain('Subscribed');
    expect(await own.page.getByTestId('subscriber-counts').textContent()).toContain('1subscribed');
    await own.page.screenshot({ path: artifactPath('newsletter-subscribers-1280.png'), fullPage: true });

    // Export CSV is a plain form: the browser downloads the file itself.
    const [download] = await Promise.all([own.page.waitForEvent('download'), own.page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^inkwell-subscribers-\d{4}-\d\d-\d\d\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('email,name,note,subscribed_to_emails,created_at,labels');
    expect(csv).toContain(`${reader},,confirmed,true,`);
    expect(own.errors).toEqual([]);
    await own.context.close();
  });

  it('the writer imports a CSV export; a member ticks "Email me too" under Follow and finds the tick in Settings', async () => {
    const own = await openAs(world, writer, { consoleErrors: true });
    await own.page.goto(`${world.server.url}${paths.subscribers.getHref()}`);
    const file = artifactPath('newsletter-import.csv');
    fs.writeFileSync(file, 'Email Address,First Name\r\nimported.one@example.org,One\r\nnot an address,Bad\r\n');
    await own.page.getByLabel('CSV file').setInputFiles(file);
    await own.page.getByLabel(/Everyone in this file asked/).check();
    await own.page.getByRole('button', { name: 'Import' }).click();
    await own.page.getByText('1 address was added to your list; 1 line could not be read.').waitFor();
    await own.page.getByTestId('subscribers').getByRole('listitem').filter({ hasText: 'imported.one@example.org' }).waitFor();
    expect(own.errors).toEqual([]);
    await own.context.close();

    const member = await verifiedUser(world, 'tomas.follower@example.com', 'Follows#2026');
    const follower = await openAs(world, member, { width: 375, consoleErrors: true });
    await follower.page.goto(`${world.server.url}${paths.viewProfile.getHref(Number(writer.id))}`);
    // The tick shows as soon as Follow is pressed; it is ticked once the follow itself has been answered.
    const followed = follower.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/follow-unfollow');
    await follower.page.getByRole('button', { name: 'Follow', exact: true }).click();
    expect((await followed).status()).toBe(200);
    const tick = follower.page.getByLabel('Email me too');
    await tick.check();
    await follower.page.getByTestId('newsletter-subscribed').waitFor();
    expect(await follower.page.getByTestId('newsletter-subscribed').textContent()).toBe('You will get new stories by Mira Letters by email.');
    await follower.page.screenshot({ path: artifactPath('newsletter-follow-tick-375.png') });

    await follower.page.goto(`${world.server.url}${paths.settings.getHref()}?tab=notification`);
    const settingsTick = follower.page.getByLabel('Email me new stories by Mira Letters');
    await settingsTick.waitFor();
    expect(await settingsTick.isChecked()).toBe(true);
    await Promise.all([follower.page.waitForResponse((r) => r.url().endsWith('/api/user/newsletter/member') && r.ok()), settingsTick.uncheck()]);
    const status = await callApi(world, 'newsletter/member/status', { user_id: Number(member.id), writer_id: Number(writer.id) }, { ...member });
    expect(status.json).toEqual({ email: null });
    expect(follower.errors).toEqual([]);
    await follower.context.close();
  });
});
