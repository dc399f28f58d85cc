import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { paths } from '@inkwell/contract';
import { READERS, checkBothSchemes, report, visitsOf, walkWorld } from './support/axe-walk.ts';
import { screens } from './support/every-screen.ts';
import { type Session, openAs, verifiedUser } from './support/world.ts';

/**
 * Every screen, checked as a person with assistive technology and as a validator would (issue 45). The
 * axe-core walk of the route table, as a visitor and as a member, at 1280 and 375 px, in light and dark,
 * is in `accessibility-visitor`, `accessibility-member-wide` and `accessibility-member-phone`
 * (support/axe-walk.ts); here: that the table (`support/every-screen.ts`) visits or skips every path,
 * axe on a new member's welcome step, and the W3C Nu checker on the HTML the server sends for every
 * visit.
 */
const vnuJar = String(createRequire(import.meta.url)('vnu-jar') as unknown);
const walk = walkWorld();

describe('accessibility of every screen', () => {
  it('visits or skips, with a reason, every path of the route table', () => {
    const { cast } = walk;
    const listed = Object.keys(screens).sort();
    expect(listed).toEqual(Object.keys(paths).sort());
    for (const [name, entry] of Object.entries(screens)) {
      if ('skip' in entry) expect(entry.skip.trim(), `${name}'s reason to be skipped`).not.toBe('');
      else expect(entry.visits(cast).length, `${name}'s visits`).toBeGreaterThan(0);
    }
  });

  it("has no serious or critical axe violation on a new member's first page either (the welcome step)", async () => {
    const { world } = walk;
    const newcomer: Session = await verifiedUser(world, 'axe.newcomer@example.com', 'Axe#newcomer2026');
    const failed: string[] = [];
    const noted: string[] = [];
    for (const width of [1280, 375]) {
      const { context, page } = await openAs(world, newcomer, { width });
      await page.goto(`${world.server.url}${paths.home.getHref()}`);
      await page.getByTestId('welcome').waitFor();
      await checkBothSchemes(page, 'light', `welcome (new member, ${width} px`, failed, noted);
      await context.close();
    }
    report(failed, noted);
  }, 180_000);

  it('has no Nu checker error in the HTML the server sends', async () => {
    const { world, cast } = walk;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-nu-'));
    const files: string[] = [];
    for (const reader of READERS) {
      const headers: Record<string, string> = reader === 'member' ? { cookie: `token=${cast.member.token}; id=${cast.member.id}` } : {};
      for (const { label, url } of visitsOf(cast, reader)) {
        const html = await (await fetch(`${world.server.url}${url}`, { headers })).text();
        const file = path.join(dir, `${`${reader} ${label}`.replace(/\W+/g, '-')}.html`);
        fs.writeFileSync(file, html);
        files.push(file);
      }
    }
    const run = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--exit-zero-always', ...files], { encoding: 'utf8' });
    // The checker writes its report to stderr.
    const nu = JSON.parse(run.stderr || run.stdout) as { messages: Array<{ type: string; subType?: string; url: string; message: string; extract?: string }> };
    const errors = nu.messages.filter((m) => m.type === 'error' || m.subType === 'fatal').map((m) => `${path.basename(m.url)}: ${m.message} ${m.extract ?? ''}`);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(errors).toEqual([]);
  }, 120_000);
});
