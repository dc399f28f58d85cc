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
import { type ChildProcess, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type PostPage, paths } from '@inkwell/contract';
import { type Category, type RunSummary, CATEGORIES, launchChromium, medianRun, runLighthouse } from './lighthouse.ts';
import { arg, freePort, root, startProcess } from './support.ts';

const runs = Number(arg('runs', '3'));
const posts = arg('posts', '300');
const givenUrl = arg('url', '');
const outDir = arg('out', '') ? path.resolve(arg('out', '')) : '';
const pin = process.argv.includes('--pin') && os.cpus().length >= 2;
const CHROMIUM_CORES = pin ? '0' : undefined;
const SERVER_CORES = pin ? '1' : undefined;

const cleanups: Array<() => Promise<void> | void> = [];

/** Runs a step to its end, its output on stderr (stdout holds only the tables). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd: root, env, stdio: ['ignore', 2, 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** Builds, seeds and starts the real server on a demo database; returns its address. */
async function startDemoServer(): Promise<string> {
  run(process.execPath, ['scripts/ensure-web-build.mjs']);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-web-bench-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  console.error(`Seeding a demo community (${posts} posts) into ${dataDir} …`);
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  run('npm', ['run', '--silent', 'seed:demo', '--', '--posts', posts], env);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverEnv = { ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), PUBLIC_URL: base };
  const server: ChildProcess = await startProcess(['server/src/main.ts'], serverEnv, `${base}/api/health`, SERVER_CORES);
  cleanups.push(async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  });
  return base;
}

/** The newest post with a cover and comments, through the API as a visitor sees the feed. */
async function postWithCoverAndComments(base: string): Promise<string> {
  let next: string | null = `${base}/api/user/view-posts`;
  for (let page = 0; next && page < 20; page += 1) {
    const response = await fetch(next, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    if (!response.ok) throw new Error(`${next}: ${response.status}`);
    const feed = (await response.json()) as PostPage;
    const post = feed.data.find((p) => p.image && p.comments_count > 0);
    if (post) return paths.viewPost.getHref(post.id);
    next = feed.next_page_url ? new URL(feed.next_page_url, base).toString() : null;
  }
  throw new Error(`${base}: no post with a cover and comments in the first 20 feed pages`);
}

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
  const base = givenUrl ? givenUrl.replace(/\/$/, '') : await startDemoServer();
  const pages = [
    { name: 'home', path: '/' },
    { name: 'post', path: await postWithCoverAndComments(base) },
  ];
  // One visit each first, so the measured runs meet warm rendered pages (as a reader after the first would).
  for (const page of pages) {
    const response = await fetch(`${base}${page.path}`, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
    if (!response.ok) throw new Error(`${page.path}: ${response.status}`);
    await response.arrayBuffer();
  }
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

async function cleanUp() {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(error);
    }
  }
}

process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));
main()
  .then(cleanUp)
  .catch(async (err: unknown) => {
    console.error(err);
    await cleanUp();
    process.exit(1);
  });
