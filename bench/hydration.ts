/**
 * Hydration benchmark: what the browser's main thread does while a server-rendered page starts its
 * app, read from Chromium's own trace (Lighthouse's TBT simulates this from one trace and varies by
 * ±50 % here; this counts it directly, over several loads).
 *
 *   npm run bench:hydration -- [--loads 7] [--rate 4] [--posts 300] [--url BASE] [--seconds 6]
 *
 * Seeds and starts the demo site as bench:web does (or measures --url), then loads home and the post
 * page --loads times each, every load in a fresh browser context (no cache, no compiled code kept)
 * with the CPU slowed --rate times (DevTools' Emulation.setCPUThrottlingRate, as a mid-range phone),
 * tracing the page's main thread for --seconds. Prints per page the median over the loads of:
 * - blocking: the sum over tasks after the first contentful paint of their time beyond 50 ms (Total
 *   Blocking Time as measured, not simulated; until the trace ends, not until "interactive");
 * - busy: the main thread's task time after the first paint;
 * - compile: V8 compiling on the main thread after the first paint (functions compiled when first called);
 * - long tasks: how many tasks after the first paint took over 50 ms, and the longest.
 */
import os from 'node:os';
import { type Browser, chromium } from 'playwright-core';
import { type Cleanups, demoPages, runBenchmark, startDemoServer } from './demo-site.ts';
import { launchChromium } from './lighthouse.ts';
import { arg } from './support.ts';

const loads = Number(arg('loads', '7'));
const rate = Number(arg('rate', '4'));
const posts = arg('posts', '300');
const givenUrl = arg('url', '');
const seconds = Number(arg('seconds', '6'));
const cleanups: Cleanups = [];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string; documentLoaderURL?: string }; beginData?: { url?: string } };
}

interface LoadFigures {
  blocking: number;
  busy: number;
  compile: number;
  longTasks: number;
  longest: number;
}

const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-v8.compile', 'loading'];

/** One load of `url` in a fresh context, traced; the figures of its main thread after the first paint. */
async function measureLoad(browser: Browser, url: string): Promise<LoadFigures> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (message) => events.push(...(message.value as unknown as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: TRACE_CATEGORIES }, transferMode: 'ReportEvents' });
    await page.goto(url, { waitUntil: 'load' });
    // Nothing asked of the page meanwhile: a Playwright query would run its own scripts on that thread.
    await page.waitForTimeout(seconds * 1000);
    await cdp.send('Tracing.end');
    await complete;
    return figures(events, url);
  } finally {
    await context.close();
  }
}

/** The page's main thread is the one that parsed its document; everything is counted from its first contentful paint. */
function figures(events: TraceEvent[], url: string): LoadFigures {
  const parse = events.filter((e) => e.name === 'ParseHTML' && (e.args?.beginData?.url ?? '').startsWith(url)).at(-1);
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === parse?.pid);
  if (!parse || !paint) throw new Error(`${url}: the trace holds no parse of the page or no first contentful paint`);
  const onMain = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X' && e.ts >= paint.ts);
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask').map((e) => (e.dur ?? 0) / 1000);
  const compile = onMain.filter((e) => e.name === 'V8.CompileCode').reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0);
  return {
    blocking: tasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0),
    busy: tasks.reduce((sum, ms) => sum + ms, 0),
    compile,
    longTasks: tasks.filter((ms) => ms > 50).length,
    longest: Math.max(0, ...tasks),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (value: number) => `${Math.round(value)} ms`;

async function main() {
  if (!Number.isInteger(loads) || loads < 1) throw new Error('--loads must be a whole number ≥ 1');
  if (!(rate >= 1)) throw new Error('--rate must be 1 or more');
  const base = givenUrl ? givenUrl.replace(/\/$/, '') : await startDemoServer(posts, cleanups);
  const pages = await demoPages(base);
  const launched = await launchChromium();
  cleanups.push(() => launched.close());
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${launched.port}`);
  cleanups.push(() => browser.close());
  const loadBefore = os.loadavg()[0]!;
  const rows: string[] = [];
  for (const page of pages) {
    const measured: LoadFigures[] = [];
    for (let i = 1; i <= loads; i += 1) {
      const load = await measureLoad(browser, `${base}${page.path}`);
      console.error(`${page.name} load ${i}/${loads}: blocking ${ms(load.blocking)}, busy ${ms(load.busy)}, compile ${ms(load.compile)}`);
      measured.push(load);
    }
    const of = (key: keyof LoadFigures) => median(measured.map((m) => m[key]));
    rows.push(
      `| ${page.name} | ${ms(of('blocking'))} | ${ms(of('busy'))} | ${ms(of('compile'))} | ${of('longTasks')} | ${ms(of('longest'))} | ${measured.map((m) => Math.round(m.blocking)).join(', ')} |`,
    );
  }
  console.log(`\n${base}: ${pages.map((p) => p.path).join(' and ')}; Chromium's trace, CPU × ${rate}, ${loads} load(s) per page, ${seconds} s each`);
  console.log(`node ${process.version}, ${os.cpus().length} cores; load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0]!.toFixed(2)} after\n`);
  console.log('| page | blocking after FCP | busy after FCP | compile after FCP | tasks > 50 ms | longest task | blocking per load |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const row of rows) console.log(row);
  console.log('\nMedians over the loads; see bench/hydration.ts for what each column counts.');
}

runBenchmark(main, cleanups);
