import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PathName, paths } from '@inkwell/contract';
import { type ScreenWorld, type Visit, castScreens, notFound, screens } from './every-screen.ts';
import { type World, openAs, startWorld, stopWorld } from './world.ts';

/**
 * The accessibility walk of every screen (issue 45): axe-core (WCAG 2.2 AA) on each path of the route
 * table (`every-screen.ts`), once the app has hydrated it and nothing is loading, in light and dark. A
 * serious or critical violation fails; moderate and minor ones are printed. One browser page per reader,
 * width and part of the table goes through its screens; each is checked with every WCAG rule in the
 * scheme it opened in, then switched to the other and checked with the rules a scheme can change, its
 * colours' (the scheme is CSS colours alone: no script of the app reads it, and no element shows or
 * hides with it), and a page the same as one checked already (a visitor sent to Login from each member's
 * screen) is not checked again. Login and Signup are checked without the Google button: the world has
 * no GOOGLE_CLIENT_ID, and the button's script comes from Google.
 *
 * The walk is split by reader and width into files of their own (`e2e/accessibility-*.e2e.ts`), each
 * with its own world, so that the browser suite's two workers share it: in one file it was the suite's
 * longest by far, and on a slow machine the whole suite waited on it.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The WCAG rules whose verdict a colour scheme can change: what else axe reads is the same in both. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const FAILING = new Set(['serious', 'critical']);
export const READERS = ['visitor', 'member'] as const;
export type Reader = (typeof READERS)[number];
const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];

/**
 * The world of a file's walk, started before its tests and stopped after them: notification mails (and their unsubscribe links) leave at the digest worker's next
 * round; with federation on, the screens show their fediverse parts (handles, Follow from the fediverse).
 */
export function walkWorld(): { readonly world: World; readonly cast: ScreenWorld } {
  const held = {} as { world: World; cast: ScreenWorld };
  beforeAll(async () => {
    held.world = await startWorld({ MAIL_DIGEST_MINUTES: '0', FEDERATION: 'on' });
    held.cast = await castScreens(held.world);
  }, 120_000);
  afterAll(() => stopWorld(held.world));
  return held;
}

interface Opened extends Visit {
  /** The path the reader ends on: a visitor is sent to Login from a member's screen. */
  lands: string;
}

/** The screens of the table with visits, in the table's order. */
const VISITED = (Object.keys(screens) as PathName[]).filter((name) => !('skip' in screens[name]));
/**
 * The screens in parts of at most this many, each part a test with its own time: on a loaded two-core
 * machine one test for all of a member's screens ran past five minutes (it takes 45 s on a quiet one).
 */
const PART_SIZE = 7;
const PARTS = Array.from({ length: Math.ceil(VISITED.length / PART_SIZE) }, (_, i) => i);

/** Every visit of the table (or of one part of it) as `reader` makes it, with where it lands; the not-found page ends the last part. */
export function visitsOf(cast: ScreenWorld, reader: Reader, part?: number): Opened[] {
  const names = part === undefined ? VISITED : VISITED.slice(part * PART_SIZE, (part + 1) * PART_SIZE);
  const opened: Opened[] = [];
  for (const name of names) {
    const entry = screens[name];
    if ('skip' in entry) continue;
    for (const visit of entry.visits(cast)) {
      if (visit.only && visit.only !== reader) continue;
      const own = new URL(visit.url, 'http://x').pathname;
      const guarded = paths[name].access !== 'open';
      if (reader === 'visitor' && guarded) opened.push({ label: `${visit.label} → login`, url: visit.url, lands: paths.login.path });
      else opened.push({ ...visit, lands: reader === 'member' && visit.memberLands ? visit.memberLands : own });
    }
  }
  const last = part === undefined || part === PARTS.length - 1;
  return last ? [...opened, { ...notFound, lands: notFound.url }] : opened;
}

/** Nothing loading, and no colour still on its way (a scheme switched starts the transitions). */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * What axe reads of a page: its document without the script preloads of its head (which differ with
 * the address the app started from), hashed.
 */
function pageKey(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const link of copy.querySelectorAll('link[rel=modulepreload]')) link.remove();
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(copy.outerHTML));
    return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  });
}

/**
 * axe's WCAG rules (or only its colour rules) on the page as it is: serious and critical nodes into
 * `failed`, the rest into `noted`.
 */
async function check(page: Page, where: string, failed: string[], noted: string[], colourOnly = false): Promise<void> {
  // Only the violations' nodes in full: passes and the rest are not written out node by node.
  const axe = new AxeBuilder({ page });
  const results = await (colourOnly ? axe.withRules(COLOUR_RULES) : axe.withTags(WCAG_TAGS)).options({ resultTypes: ['violations'] }).analyze();
  for (const violation of results.violations) {
    for (const node of violation.nodes) {
      const impact = node.impact ?? violation.impact ?? 'unknown';
      const line = `${where}: ${violation.id} (${impact}): ${node.target.join(' ')}: ${node.failureSummary ?? ''}`;
      (FAILING.has(impact) ? failed : noted).push(line);
    }
  }
}

/**
 * Checks the opened page with every rule in its current scheme, then with the colour rules in the
 * other; answers the scheme it is left in.
 */
export async function checkBothSchemes(page: Page, current: Scheme, where: string, failed: string[], noted: string[]): Promise<Scheme> {
  const order: Scheme[] = current === 'light' ? [...SCHEMES] : [...SCHEMES].reverse();
  for (const scheme of order) {
    if (scheme !== current) await page.emulateMedia({ colorScheme: scheme });
    await settle(page);
    await check(page, `${where}, ${scheme})`, failed, noted, scheme !== current);
  }
  return order[1]!;
}

export function report(failed: string[], noted: string[]): void {
  if (noted.length > 0) console.log(`Not failing (axe's moderate and minor findings, pages the same as one checked):\n${noted.join('\n')}`);
  expect(failed).toEqual([]);
}

/**
 * The walk as `reader` at each of `widths`, in a world of its own: one test per width and part of the
 * table, each with its own time; the pages checked are remembered across the parts of a width.
 */
export function walkEveryScreen(reader: Reader, widths: readonly number[]): void {
  const walk = walkWorld();

  describe.each(widths)(`accessibility of every screen as a ${reader} at %i px`, (width) => {
    const checked = new Map<string, string>();
    it.each(PARTS)(
      `has no serious or critical axe violation at WCAG 2.2 AA, light and dark, on the screens of part %i of ${PARTS.length}`,
      async (part) => {
        const { world, cast } = walk;
        const { context, page } = await openAs(world, reader === 'member' ? cast.member : null, { width });
        const failed: string[] = [];
        const noted: string[] = [];
        let scheme: Scheme = 'light';
        for (const visit of visitsOf(cast, reader, part)) {
          await page.goto(`${world.server.url}${visit.url}`);
          await page.waitForURL((url) => url.pathname === visit.lands);
          if (visit.lands === paths.login.path && !visit.url.startsWith(paths.login.path)) {
            await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
          } else await visit.ready?.(page);
          await settle(page);
          // A page the same as one checked already (a visitor sent to Login from each member's screen) has its verdict.
          const key = await pageKey(page);
          const same = checked.get(key);
          if (same) {
            noted.push(`${visit.label} (${reader}, ${width} px): the same page as ${same}`);
            continue;
          }
          checked.set(key, visit.label);
          scheme = await checkBothSchemes(page, scheme, `${visit.label} (${reader}, ${width} px`, failed, noted);
        }
        await context.close();
        report(failed, noted);
      },
      300_000,
    );
  });
}
