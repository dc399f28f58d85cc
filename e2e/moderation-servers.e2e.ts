import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import { admin } from './support/admin.ts';
import { artifactPath } from './support/browser.ts';
import { type Session, type World, openAs, startWorld, stopWorld, verifiedUser } from './support/world.ts';

/**
 * Servers elsewhere in the console (issue 47, ADR 0108): a moderator blocks a server's reports with a
 * public comment and its domain in part, imports a Mastodon blocklist pasted in, and suspends the
 * server after all; a visitor reads the blocks on /moderation, the domain hidden in part.
 */
let world: World;
let moderator: Session;

beforeAll(async () => {
  world = await startWorld();
  moderator = await verifiedUser(world, 'servers.moderator@example.com', 'Srv#moderator2026');
  expect(admin(world, 'role:grant', 'moderator', 'servers.moderator@example.com').code).toBe(0);
}, 120_000);
afterAll(() => stopWorld(world));

const MASTODON_CSV = [
  '#domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate',
  'casino-spam.example,suspend,false,false,Casino spam,false',
  'quiet.example,silence,false,false,Follow-for-follow farms,false',
  'odd.example,sandbox,false,false,,false',
].join('\n');

describe('the console’s servers', () => {
  it('blocks a server’s reports, imports a Mastodon list, suspends the server after all; the public list shows them', async () => {
    const { context, page, errors } = await openAs(world, moderator);
    await page.goto(`${world.server.url}${paths.modServers.getHref()}`);
    await page.getByRole('heading', { level: 1, name: 'Servers' }).waitFor();
    await page.getByText('No server is blocked.').waitFor();

    const add = page.getByRole('form', { name: 'Add a block' });
    await add.getByLabel('Domain', { exact: true }).fill('Bad-Faith.Example');
    await add.getByRole('radio', { name: /No block/ }).check();
    await add.getByRole('checkbox', { name: /Refuse its reports/ }).check();
    await add.getByRole('checkbox', { name: /Hide part of the domain/ }).check();
    await add.getByLabel(/Public comment/).fill('Reports sent to silence writers.');
    await add.getByRole('button', { name: 'Add the block' }).click();
    await page.getByRole('status').filter({ hasText: 'The block of bad-faith.example is saved.' }).waitFor();
    const list = page.getByRole('list', { name: 'Blocked servers' });
    await list.getByRole('heading', { name: 'bad-faith.example' }).waitFor();

    await page.getByLabel(/Paste a Mastodon/).fill(MASTODON_CSV);
    await page.getByRole('button', { name: /Import/ }).click();
    await page.getByText('2 servers blocked; 1 line skipped.').waitFor();
    await page.getByText(/The severity must be suspend, silence or noop, not “sandbox”/).waitFor();
    await list.getByRole('heading', { name: 'casino-spam.example' }).waitFor();
    await list.getByRole('listitem').filter({ hasText: 'quiet.example' }).getByText('Limited', { exact: true }).waitFor();
    await page.screenshot({ path: artifactPath('servers-1280-light.png'), fullPage: true });

    // After all, bad-faith.example is suspended, from its own edit form.
    const item = list.getByRole('listitem').filter({ hasText: 'bad-faith.example' });
    await item.getByText('Edit', { exact: true }).click();
    const edit = item.getByRole('form', { name: 'Change the block on bad-faith.example' });
    await edit.getByRole('radio', { name: /Suspend/ }).check();
    await edit.getByRole('button', { name: /Save changes/ }).click();
    await page.getByRole('status').filter({ hasText: 'bad-faith.example and its subdomains are suspended.' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();

    const phone = await openAs(world, moderator, { width: 375, height: 800, dark: true });
    await phone.page.goto(`${world.server.url}${paths.modServers.getHref()}`);
    await phone.page.getByRole('list', { name: 'Blocked servers' }).waitFor();
    await phone.page.screenshot({ path: artifactPath('servers-375-dark.png'), fullPage: true });
    await phone.context.close();

    const visitor = await openAs(world, null, { width: 375, height: 800 });
    await visitor.page.goto(`${world.server.url}${paths.moderation.getHref()}`);
    const table = visitor.page.getByRole('table').filter({ hasText: 'Reports sent to silence writers.' });
    await table.waitFor();
    await expect(table.textContent()).resolves.not.toContain('bad-faith.example');
    await expect(table.textContent()).resolves.toContain('casino-spam.example');
    await expect(table.textContent()).resolves.toContain('Limited: its accounts are out of feeds and search but for their followers');
    await visitor.page.screenshot({ path: artifactPath('moderation-servers-375-light.png'), fullPage: true });
    await visitor.context.close();
  });
});
