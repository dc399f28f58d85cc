/**
 * Web benchmark: Lighthouse (mobile, all four categories, simulated throttling) on the home page and
 * one post page of a demo community, as issue 11 asks.
 *
 *   npm run bench:web -- [--runs 3] [--posts 300] [--url BASE] [--out DIR] [--pin]
 *
 * Builds the web app when it is stale, seeds a demo database into a temporary DATA_DIR (`npm run
 * seed:demo`), starts the real server (NODE_ENV=production, LOG_LEVEL=warn) on a free port, picks `/`
 * and the post page (`/view-post/{sqid}`) of the newest post with a cover and comments, and runs
 * Lighthouse `--runs` times per page in Debian's Chromium. Prints, for the median run by performance
 * score, the four scores and the metrics (FCP, LCP, TBT, CLS, Speed Index, bytes transferred, of
 * which JavaScript), then every audit below 1 with the number of runs it failed in.
 * --url measures a server already running there instead (nothing is built, seeded or started);
 * --out keeps each run's JSON and HTML reports; --pin puts Chromium on core 0 and the server on core 1.
 * Exits non-zero when Lighthouse cannot measure a page (a failed run is tried once more first).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Cleanups, demoPages, runBenchmark, startDemoServer } from './demo-site.ts';
import { type Category, type RunSummary, CATEGORIES, launchChromium, medianRun, runLighthouse } from './lighthouse.ts';
import { arg } from './support.ts';

const runs = Number(arg('runs', '3'));
const posts = arg('posts', '300');
const givenUrl = arg('url', '');
const outDir = arg('out', '') ? path.resolve(arg('out', '')) : '';
const pin = process.argv.includes('--pin') && os.cpus().length >= 2;
const CHROMIUM_CORES = pin ? '0' : undefined;
const SERVER_CORES = pin ? '1' : undefined;

const cleanups: Cleanups = [];

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
/** A run's performance score, with the API calls the page made after arriving, if any. */
const perRun = (s: RunSummary) => `${s.scores.performance}${s.apiCalls.length ? ` (called ${s.apiCalls.join(', ')})` : ''}`;
const LABEL: Record<Category, string> = { performance: 'performance', accessibility: 'accessibility', 'best-practices': 'best practices', seo: 'SEO' };

/** One Lighthouse run, tried once more when it fails (a trace lost under load: NO_NAVSTART); a second failure stops the benchmark. */
async function measure(url: string, port: number): Promise<RunSummary> {
  try {
    return await runLighthouse(url, port, Boolean(outDir));
  } catch (error) {
    console.error(`${(error as Error).message}\nTrying once more …`);
    return runLighthouse(url, port, Boolean(outDir));
  }
}

async function main() {
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number ≥ 1');
  const base = givenUrl ? givenUrl.replace(/\/$/, '') : await startDemoServer(posts, cleanups, SERVER_CORES);
  const pages = await demoPages(base);
  if (outDir) fs.mkdirSync(outDir, { recursive: true });

  const chromium = await launchChromium(CHROMIUM_CORES);
  cleanups.push(() => chromium.close());
  const loadBefore = os.loadavg()[0]!;
  const results: Array<{ name: string; path: string; runs: RunSummary[] }> = [];
  for (const page of pages) {
    const done: RunSummary[] = [];
    for (let i = 1; i <= runs; i += 1) {
      const summary = await measure(`${base}${page.path}`, chromium.port);
      console.error(`${page.name} run ${i}/${runs}: ${CATEGORIES.map((c) => summary.scores[c]).join(' / ')}, LCP ${seconds(summary.lcpMs)}`);
      summary.reports.forEach((report, r) => fs.writeFileSync(path.join(outDir, `${page.name}-${i}.report.${r === 0 ? 'json' : 'html'}`), report));
      done.push(summary);
    }
    results.push({ ...page, runs: done });
  }
  const loadAfter = os.loadavg()[0]!;

  const first = results[0]!.runs[0]!;
  console.log(`\n${base}: ${pages.map((p) => p.path).join(' and ')}; Lighthouse ${first.versions}, mobile default config (simulated throttling)`);
  console.log(
    `${runs} run(s) per page, median by performance score; node ${process.version}, ${os.cpus().length} cores` +
      `${pin ? ' (Chromium on core 0, server on core 1)' : ''}; benchmark index ${results.flatMap((r) => r.runs.map((s) => Math.round(s.benchmarkIndex))).join(', ')};` +
      ` load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after\n`,
  );
  console.log(`| page | ${CATEGORIES.map((c) => LABEL[c]).join(' | ')} | FCP | LCP | TBT | CLS | Speed Index | transferred | of which JS | performance per run |`);
  console.log(`|---|${CATEGORIES.map(() => '---:').join('|')}|---:|---:|---:|---:|---:|---:|---:|---|`);
  for (const { name, runs: done } of results) {
    const m = medianRun(done);
    console.log(
      `| ${name} | ${CATEGORIES.map((c) => m.scores[c]).join(' | ')} | ${seconds(m.fcpMs)} | ${seconds(m.lcpMs)} | ${Math.round(m.tbtMs)} ms | ` +
        `${m.cls.toFixed(3)} | ${seconds(m.speedIndexMs)} | ${kb(m.totalBytes)} | ${kb(m.jsBytes)} | ${done.map(perRun).join(', ')} |`,
    );
  }

  console.log('\nAudits below 1 (median run; the last column counts the runs where the audit was below 1):\n');
  console.log('| page | category | audit | title | score | shown | runs below 1 |');
  console.log('|---|---|---|---|---:|---|---:|');
  for (const { name, runs: done } of results) {
    const m = medianRun(done);
    const seen = new Map(m.failing.map((a) => [`${a.category}/${a.id}`, a]));
    // Audits that failed in another run but not in the median one are listed too, without a score.
    for (const a of done.flatMap((s) => s.failing)) {
      const key = `${a.category}/${a.id}`;
      if (!seen.has(key)) seen.set(key, { ...a, score: NaN, displayValue: '(not in the median run)' });
    }
    for (const a of seen.values()) {
      const count = done.filter((s) => s.failing.some((f) => f.id === a.id && f.category === a.category)).length;
      const score = Number.isNaN(a.score) ? '' : String(Math.round(a.score * 100) / 100);
      console.log(`| ${name} | ${LABEL[a.category]} | \`${a.id}\` | ${cell(a.title)} | ${score} | ${cell(a.displayValue)} | ${count}/${done.length} |`);
    }
  }
  const warnings = [...new Set(results.flatMap((r) => r.runs.flatMap((s) => s.warnings)))];
  if (warnings.length) console.log(`\nLighthouse warned: ${warnings.map(cell).join(' · ')}`);
  if (outDir) console.log(`\nReports in ${outDir}`);
}

runBenchmark(main, cleanups);
