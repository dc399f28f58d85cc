/**
 * What bench/web.ts needs from Chromium and Lighthouse: Debian's Chromium started headless on a
 * fresh profile (optionally pinned to a core), one Lighthouse run with the default mobile config
 * (all four categories, simulated throttling), and the figures and failing audits of its report.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import { pinned } from './support.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The network outside is closed on this machine: Chromium's own background connections (updates,
 * sync, field trials) would fail and disturb the page's, so they are all turned off.
 */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--mute-audio',
  '--no-default-browser-check',
  '--password-store=basic',
];

export interface Chromium {
  port: number;
  close(): Promise<void>;
}

/** Starts Chromium with `--remote-debugging-port=0` and reads the port it chose from its profile. */
export async function launchChromium(cores?: string): Promise<Chromium> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-chromium-'));
  const [command, args] = pinned(cores, CHROMIUM, [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank']);
  // taskset and Debian's wrapper script both exec: the child is Chromium's browser process itself.
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let failed = false;
  child.once('error', (error) => {
    failed = true;
    stderr += `\n${error.message}`;
  });

  const close = async () => {
    if (!failed && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killed);
    }
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };

  const portFile = path.join(profile, 'DevToolsActivePort');
  for (let i = 0; i < 300; i += 1) {
    if (failed || child.exitCode !== null || child.signalCode !== null) break;
    if (fs.existsSync(portFile)) {
      const port = Number(fs.readFileSync(portFile, 'utf8').split('\n')[0]);
      if (port > 0) return { port, close };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await close();
  throw new Error(`Chromium (${CHROMIUM}) did not open its debugging port:\n${stderr}`);
}

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface FailingAudit {
  category: Category;
  id: string;
  title: string;
  score: number;
  displayValue: string;
}

export interface RunSummary {
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  totalBytes: number;
  jsBytes: number;
  /** The API calls the page made after it arrived (a rendered page should need none to show). */
  apiCalls: string[];
  failing: FailingAudit[];
  /** Lighthouse's measure of this machine's speed (its CPU throttling assumes ~1000 or more). */
  benchmarkIndex: number;
  warnings: string[];
  /** Lighthouse's and Chromium's versions. */
  versions: string;
  reports: string[];
}

/** One Lighthouse run of `url` in the Chromium listening on `port`; throws when Lighthouse could not measure. */
export async function runLighthouse(url: string, port: number, withReports: boolean): Promise<RunSummary> {
  const result = await lighthouse(url, { port, logLevel: 'error', output: withReports ? ['json', 'html'] : 'json' });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = {} as Record<Category, number>;
  for (const id of CATEGORIES) {
    const score = lhr.categories[id]?.score;
    if (score === null || score === undefined) throw new Error(`Lighthouse gave no ${id} score for ${url}`);
    scores[id] = Math.round(score * 100);
  }
  const reports = withReports ? [result.report].flat() : [];
  return {
    scores,
    fcpMs: metric(lhr, 'first-contentful-paint'),
    lcpMs: metric(lhr, 'largest-contentful-paint'),
    tbtMs: metric(lhr, 'total-blocking-time'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    speedIndexMs: metric(lhr, 'speed-index'),
    totalBytes: metric(lhr, 'total-byte-weight'),
    jsBytes: scriptBytes(lhr),
    apiCalls: requests(lhr)
      .map((item) => new URL(String(item.url)).pathname)
      .filter((p) => p.startsWith('/api/'))
      .map((p) => p.replace(/^\/api\/(user\/)?/, '')),
    failing: failingAudits(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings,
    versions: `${lhr.lighthouseVersion} in Chromium ${/Chrome\/([\d.]+)/.exec(lhr.environment.hostUserAgent)?.[1] ?? '?'}`,
    reports,
  };
}

function metric(lhr: Result, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse gave no value for ${id}`);
  return value;
}

/** The rows of the network-requests table (url, resourceType, transferSize, …). */
function requests(lhr: Result) {
  const details = lhr.audits['network-requests']?.details;
  return details?.type === 'table' ? details.items : [];
}

/** Bytes transferred for scripts. */
function scriptBytes(lhr: Result): number {
  return requests(lhr)
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (typeof item.transferSize === 'number' ? item.transferSize : 0), 0);
}

/** Every scored audit below 1 in any of the four categories (metrics included), as the report lists them. */
function failingAudits(lhr: Result): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      if (audit.scoreDisplayMode === 'error') {
        failing.push({ category, id: audit.id, title: audit.title, score: 0, displayValue: `audit error: ${audit.errorMessage ?? ''}` });
        continue;
      }
      if (audit.score === null || audit.score >= 1) continue;
      if (['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode)) continue;
      failing.push({ category, id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue ?? '' });
    }
  }
  return failing;
}

/** The median run by performance score (ties: by LCP); for an even count, the slower of the middle two. */
export function medianRun(runs: RunSummary[]): RunSummary {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance || b.lcpMs - a.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
