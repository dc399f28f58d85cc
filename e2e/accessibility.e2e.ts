import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import { type Session, type World, aStory, callApi, openAs, startWorld, stopWorld, verifiedUser } from './support/world.ts';

/**
 * The server-rendered pages, checked as a person with assistive technology and as a validator would:
 * axe-core (WCAG 2.2 AA) on the page once the app has hydrated it, in light and dark, and the W3C Nu
 * checker on the HTML the server sends. One server, a few pages: any violation or error fails.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const vnuJar = String(createRequire(import.meta.url)('vnu-jar') as unknown);
let world: World;
let member: Session;
let postId: number;

beforeAll(async () => {
  world = await startWorld();
  member = await verifiedUser(world, 'axe.reader@example.com', 'Axe#reader2026');
  await callApi(world, 'update-profile', { id: Number(member.id), name: 'Ada Checks' }, { ...member });
  postId = await aStory(world, member, { title: 'Reading in high contrast', sub_title: 'Ink on paper', description: '<p>Dark text, <strong>light</strong> page.</p>' });
  // Another reader follows, likes and answers: the member's notifications page has something to show.
  const other = await verifiedUser(world, 'axe.other@example.com', 'Axe#other2026');
  await callApi(world, 'update-profile', { id: Number(other.id), name: 'Ben Reads' }, { ...other });
  await callApi(world, 'follow-unfollow', { user_id: Number(other.id), follow_id: Number(member.id), followType: 1 }, { ...other });
  await callApi(world, 'like', { user_id: Number(other.id), post_id: postId, status: 1 }, { ...other });
  await callApi(world, 'comment', { user_id: Number(other.id), post_id: postId, comments: 'Checked twice.' }, { ...other });
}, 120_000);
afterAll(() => stopWorld(world));

/** The pages, and who looks at them (notifications is a member's own page). */
const pages = (): Array<{ name: string; url: string; signedIn: boolean }> => [
  { name: 'home', url: paths.home.getHref(), signedIn: false },
  { name: 'post', url: paths.viewPost.getHref(postId), signedIn: false },
  { name: 'profile', url: paths.viewProfile.getHref(Number(member.id)), signedIn: false },
  { name: 'login', url: paths.login.getHref(), signedIn: false },
  { name: 'signup', url: paths.signup.getHref(), signedIn: false },
  { name: 'not-found', url: '/no-such-page', signedIn: false },
  { name: 'notifications', url: paths.notifications.getHref(), signedIn: true },
  { name: 'search results', url: paths.search.getHref('contrast'), signedIn: false },
];

describe('accessibility of the rendered pages', () => {
  // One test per colour scheme, each with its own time: eleven pages through axe take a slow machine
  // most of a minute (one test for both schemes once ran past 90 s in CI).
  it.each([
    { scheme: 'light', dark: false },
    { scheme: 'dark', dark: true },
  ])('has no axe violation at WCAG 2.2 AA, in $scheme', async ({ scheme, dark }) => {
    const found: string[] = [];
    for (const { name, url, signedIn } of pages()) {
      const { context, page } = await openAs(world, signedIn ? member : null, { dark });
      await page.goto(`${world.server.url}${url}`);
      // Hydrated (every part) and loaded (nothing busy), so that what is checked is what a reader meets.
      await page.locator('html[data-app-ready]').waitFor();
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      for (const violation of results.violations) {
        for (const node of violation.nodes) found.push(`${name} (${scheme}): ${violation.id}: ${node.target.join(' ')}: ${node.failureSummary ?? ''}`);
      }
      await context.close();
    }
    expect(found).toEqual([]);
  }, 120_000);

  it('has no Nu checker error in the HTML the server sends', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-nu-'));
    const files: string[] = [];
    for (const { name, url, signedIn } of pages()) {
      const headers: Record<string, string> = signedIn ? { cookie: `token=${member.token}; id=${member.id}` } : {};
      const html = await (await fetch(`${world.server.url}${url}`, { headers })).text();
      const file = path.join(dir, `${name.replace(/\W+/g, '-')}.html`);
      fs.writeFileSync(file, html);
      files.push(file);
    }
    const run = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--exit-zero-always', ...files], { encoding: 'utf8' });
    // The checker writes its report to stderr.
    const report = JSON.parse(run.stderr || run.stdout) as { messages: Array<{ type: string; subType?: string; url: string; message: string; extract?: string }> };
    const errors = report.messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal')
      .map((m) => `${path.basename(m.url)}: ${m.message} ${m.extract ?? ''}`);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(errors).toEqual([]);
  }, 120_000);
});
