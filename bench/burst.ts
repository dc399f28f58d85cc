/**
 * Burst benchmark: many members' presses at once on one app process.
 *
 *   npm run bench:burst -- [--db postgres://user@host:5432/postgres] [--only sqlite|postgres] [--members 20] [--calls 2000] [--posts 1000] [--rounds 1] [--before DIR] [--env NAME=VALUE …]
 *
 * Seeds a SQLite database with the demo community (--posts posts), and with --db creates a database of
 * its own on that PostgreSQL server (inkwell_bench_burst, dropped first and after) seeded alike. Per
 * database and round it starts the app (WORKERS=1, pinned to core 1; this process on core 0), signs
 * --members members in, and sends --calls like, save and follow calls of theirs at once over HTTP, a
 * connection each, each on a member and target of its own, while a visitor reads the feed's first
 * page in a loop. It prints per run: served (200), shed (503, all with Retry-After?), failed (any
 * other answer, or none), when 95 % and all had been served, which guard answered each 503 (from the
 * app's log), the event loop's p99 delay during the burst and the waits for a database connection and
 * in the write queue (from /metrics, where the app has them), the visitor's reads, and the check
 * after it: every call's row as its answer says, and every counter equal to its rows. With --before
 * DIR (a checkout with its own npm ci) each round runs that checkout's app first, then this one's, on
 * the same database: before and after in one sitting. --env sets the app's environment (repeatable).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/src/db/database.ts';
import { counterDrift } from '../server/src/security/counter-drift.ts';
import { type Outcome, fire, planCalls, signIn, wrongStates } from './burst-calls.ts';
import { type Scraped, guardOf, readMetrics } from './burst-metrics.ts';
import { arg, cpuTimeUs, freePort, middle, pinSelf, pinned, readerOf, root, seedDemo, serverEnv, waitFor } from './support.ts';

pinSelf('0');
const SERVER_CORE = process.env.INKWELL_BENCH_PINNED ? '1' : undefined;
const members = Number(arg('members', '20'));
const total = Number(arg('calls', '2000'));
const posts = arg('posts', '1000');
const rounds = Number(arg('rounds', '1'));
const before = arg('before', '');
const pgServer = arg('db', '');
const only = arg('only', '');
const extraEnv = Object.fromEntries(process.argv.flatMap((a, i) => (process.argv[i - 1] === '--env' ? [a.split(/=(.*)/s).slice(0, 2)] : []))) as Record<string, string>;
const METRICS_TOKEN = 'bench-burst-metrics-token';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-burst-'));

interface Row {
  database: string;
  code: string;
  load: number;
  outcomes: Outcome[];
  guards: Map<string, number>;
  metrics: Scraped | undefined;
  reads: { ms: number[]; refused: number };
  wrong: number;
  drift: number;
  /** The app's CPU time over the burst (user + system), in ms: what the calls cost, whatever else ran on the machine. */
  cpuMs: number | undefined;
  /** Connections dropped meanwhile for a full accept queue (the whole machine's count). */
  dropped: number | undefined;
}

/**
 * The app of checkout `appRoot` on `env`'s database. Its log goes to a file, not a pipe: a pipe this
 * busy process reads late would fill and hold the app's event loop on each synchronous log line.
 */
async function startApp(appRoot: string, env: NodeJS.ProcessEnv): Promise<{ base: string; app: ChildProcess; logFile: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, `app-${port}.log`);
  const log = fs.openSync(logFile, 'w');
  const [command, argv] = pinned(SERVER_CORE, process.execPath, ['server/src/main.ts']);
  const app = spawn(command, argv, {
    cwd: appRoot,
    env: serverEnv(port, { METRICS_TOKEN, LOG_LEVEL: 'warn', ...env, ...extraEnv }),
    stdio: ['ignore', log, 'inherit'],
  });
  fs.closeSync(log);
  await waitFor(`${base}/api/health`, app);
  return { base, app, logFile };
}

/** The guards that answered 503, from the app's log lines past byte `from`. */
function guardsIn(logFile: string, from: number): Map<string, number> {
  const guards = new Map<string, number>();
  for (const line of fs.readFileSync(logFile).subarray(from).toString('utf8').split('\n')) {
    const guard = guardOf(line);
    if (guard) guards.set(guard, (guards.get(guard) ?? 0) + 1);
  }
  return guards;
}

/** A visitor's feed page, read again and again until `done` says stop: each read's time, and the refusals. */
async function readWhile(base: string, done: () => boolean): Promise<Row['reads']> {
  const reads: Row['reads'] = { ms: [], refused: 0 };
  while (!done()) {
    const start = performance.now();
    try {
      const response = await fetch(`${base}/api/user/view-posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      await response.arrayBuffer();
      if (response.ok) reads.ms.push(performance.now() - start);
      else reads.refused += 1;
    } catch {
      reads.refused += 1;
    }
  }
  return reads;
}

async function runOnce(database: string, code: string, appRoot: string, env: NodeJS.ProcessEnv, round: number): Promise<Row> {
  const { base, app, logFile } = await startApp(appRoot, env);
  const exited = new Promise((r) => app.once('exit', r));
  const { read, close } = await readerOf(env, path.join(env.DATA_DIR!, 'inkwell.sqlite'));
  try {
    const signedIn = await signIn(base, read, members);
    const calls = await planCalls(read, signedIn, total, round);
    const start = await readMetrics(base, METRICS_TOKEN);
    const logFrom = fs.statSync(logFile).size;
    const load = os.loadavg()[0]!;
    const cpuBefore = cpuTimeUs(app.pid);
    const overflowsBefore = listenOverflows();
    let finished = false;
    const [outcomes, reads] = await Promise.all([fire(base, calls).finally(() => (finished = true)), readWhile(base, () => finished)]);
    const cpuAfter = cpuTimeUs(app.pid);
    const overflowsAfter = listenOverflows();
    const dropped = overflowsBefore === undefined || overflowsAfter === undefined ? undefined : overflowsAfter - overflowsBefore;
    const cpuMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / 1000;
    const metrics = start && (await readMetrics(base, METRICS_TOKEN, start));
    app.kill('SIGTERM');
    await exited;
    const guards = guardsIn(logFile, logFrom);
    const wrong = await wrongStates(read, signedIn, calls, outcomes);
    const opened = openDatabase({ databaseUrl: env.DATABASE_URL || undefined, sqliteFile: path.join(env.DATA_DIR!, 'inkwell.sqlite') });
    const drift = (await counterDrift(opened.db).finally(() => opened.destroy())).length;
    return { database, code, load, outcomes, guards, metrics, reads, wrong, drift, cpuMs, dropped };
  } finally {
    await close();
    if (app.exitCode === null) app.kill('SIGTERM');
  }
}

/**
 * Connections the kernel dropped because a listening socket's accept queue was full (Linux's
 * ListenOverflows, for the whole machine), or undefined where /proc cannot tell. A dropped connection
 * is tried again by the client after 1 s, then 3 s, …: a burst that overflows it arrives late.
 */
function listenOverflows(): number | undefined {
  try {
    const lines = fs
      .readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('TcpExt:'));
    const names = lines[0]!.split(/\s+/);
    const values = lines[1]!.split(/\s+/);
    return Number(values[names.indexOf('ListenOverflows')]);
  } catch {
    return undefined;
  }
}

/** The moment (ms from the burst's start) by which `share` of all calls had been served, or – when they never were. */
function servedBy(outcomes: readonly Outcome[], share: number): string {
  const served = outcomes
    .filter((o) => o.status === 200)
    .map((o) => o.ms)
    .sort((a, b) => a - b);
  const needed = Math.ceil(share * outcomes.length);
  return served.length >= needed ? `${(served[needed - 1]! / 1000).toFixed(2)} s` : '–';
}

function printRow(r: Row): void {
  const count = (f: (o: Outcome) => boolean) => r.outcomes.filter(f).length;
  const shed = count((o) => o.status === 503);
  const bare = count((o) => o.status === 503 && !o.retryAfter);
  const failures = new Map<number, number>();
  for (const o of r.outcomes) if (o.status !== 200 && o.status !== 503) failures.set(o.status, (failures.get(o.status) ?? 0) + 1);
  const failed = [...failures].map(([status, n]) => `${n} × ${status === 0 ? 'no answer' : status}`).join(', ') || '0';
  const last = Math.max(...r.outcomes.map((o) => o.ms)) / 1000;
  const within = count((o) => o.status === 200 && o.ms <= 5_000);
  const guards = [...r.guards].map(([g, n]) => `${g} ${n}`).join(', ') || '–';
  const m = r.metrics;
  const loop = m ? `${m.loopP99Ms} / ${m.loopMaxMs}` : '–';
  const conn = m ? `${m.connection.mean} / ${m.connection.p99}` : '–';
  const queue = m?.queue ? `${m.queue.mean} / ${m.queue.p99}` : '–';
  const reads = r.reads.ms.length ? `${r.reads.ms.length}: ${Math.round(middle(r.reads.ms))} / ${Math.round(Math.max(...r.reads.ms))}` : '0';
  const shedText = `${shed}${bare ? ` (${bare} without Retry-After)` : ''}`;
  const cpu = r.cpuMs === undefined ? '–' : `${(r.cpuMs / 1000).toFixed(2)} s`;
  console.log(
    `| ${r.database} | ${r.code} | ${r.load.toFixed(1)} | ${cpu} | ${count((o) => o.status === 200)} | ${shedText} | ${failed} | ${r.dropped ?? '–'} | ${within} (${((100 * within) / r.outcomes.length).toFixed(0)} %) | ${servedBy(r.outcomes, 0.95)} | ${servedBy(r.outcomes, 1)} | ${last.toFixed(2)} s | ${guards} | ${loop} | ${conn} | ${queue} | ${reads}${r.reads.refused ? ` (${r.reads.refused} refused)` : ''} | ${r.wrong} | ${r.drift} |`,
  );
}

/** A PostgreSQL database of the benchmark's own on the server `url` names, dropped first: its address. */
async function freshPostgres(url: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS inkwell_bench_burst WITH (FORCE)');
  await admin.query('CREATE DATABASE inkwell_bench_burst');
  await admin.end();
  return Object.assign(new URL(url), { pathname: '/inkwell_bench_burst' }).toString();
}

async function dropPostgres(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS inkwell_bench_burst WITH (FORCE)');
  await admin.end();
}

async function main() {
  const databases: Array<[string, NodeJS.ProcessEnv]> = [];
  if (only !== 'postgres') databases.push(['SQLite', { DATA_DIR: path.join(dataDir, 'sqlite'), DATABASE_URL: '' }]);
  if (pgServer && only !== 'sqlite') databases.push(['PostgreSQL', { DATA_DIR: path.join(dataDir, 'pg-files'), DATABASE_URL: await freshPostgres(pgServer) }]);
  const codes: Array<[string, string]> = [...(before ? [['before', path.resolve(before)] as [string, string]] : []), ['after', root]];
  const rows: Row[] = [];
  try {
    for (const [name, env] of databases) {
      seedDemo(env, posts, String(Number(posts) * 10));
      for (let round = 0; round < rounds; round += 1) {
        for (const [code, appRoot] of codes) rows.push(await runOnce(name, code, appRoot, env, rows.length));
      }
    }
  } finally {
    if (pgServer) await dropPostgres(pgServer);
  }
  const settings = Object.entries(extraEnv)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  console.log(
    `\n${total} like/save/follow calls of ${members} members at once (a connection each), ${posts} posts; one app process${SERVER_CORE ? ' pinned to core 1, the benchmark on core 0' : ''}; node ${process.version}, ${os.cpus().length} cores${settings ? `; ${settings}` : ''}`,
  );
  console.log(
    "times from the burst's start; event loop p99 / max and waits (mean / p99) in ms, from the app's /metrics; reads: a visitor's feed page read in a loop meanwhile (count: median / max ms); app CPU: the app's CPU time over the burst; connections dropped: the kernel's accept queue full (the machine's count), each one tried again by the client after 1 s, then 3 s, …\n",
  );
  console.log(
    '| database | code | load avg | app CPU | served | shed (503) | failed | connections dropped | served within 5 s | 95 % served | all served | last answer | 503 answered by | event loop p99 / max | connection wait | write-queue wait | reads | wrong rows | counters off |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) printRow(row);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
