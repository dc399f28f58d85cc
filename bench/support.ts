/** What the benchmarks share: free ports, the real server and the bare baseline as child processes, autocannon in a process of its own. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { type Database, openDatabase } from '../server/src/db/database.ts';
import { freePort } from '../server/src/test/ports.ts';

export const root = path.resolve(import.meta.dirname, '..');

export const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};

export { freePort };

export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** `taskset -c <cores>` in front of a command when the machine has taskset and more than one core. */
const hasTaskset = spawnSync('taskset', ['-V']).status === 0;
export function pinned(cores: string | undefined, command: string, args: string[]): [string, string[]] {
  return cores && hasTaskset ? ['taskset', ['-c', cores, command, ...args]] : [command, args];
}

/** Starts `node <args>` in `cwd` (pinned to `cores` when given) and waits until `healthUrl` answers. */
export async function startProcess(args: string[], env: NodeJS.ProcessEnv, healthUrl: string, cores?: string, cwd = root): Promise<ChildProcess> {
  const [command, argv] = pinned(cores, process.execPath, args);
  const child = spawn(command, argv, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  await waitFor(healthUrl, child);
  return child;
}

/** The environment of an app server under a benchmark: one process, quiet logs, logins not throttled; `env` on top. */
export function serverEnv(port: number, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN: '1000',
    SPAM_NEW_ACCOUNT_HOURS: '0',
    SPAM_REPEAT_MINUTES: '0',
    SPAM_MIN_FILL_SECONDS: '0',
    WORKERS: process.env.WORKERS ?? '1',
    ...env,
  };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function middle(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
}

export interface Scenario {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  /** The status every answer must have, when not 2xx (304 for a revalidation). */
  status?: number;
  /** Addresses asked in turn, one per request, instead of `path` (pages not kept for the reader). */
  paths?: readonly string[];
  /** Connections for this row, when not the run's (a few readers, for pages rendered per request). */
  connections?: number;
}

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Requests answered in the measured run. */
  total: number;
  /** Transactions the app ran in PostgreSQL per 1 000 requests (bench/feed.ts, with --db). */
  dbPer1k?: number;
  /**
   * The server's own CPU time per request in µs (user + system, from /proc), when its pid was given
   * on Linux: unlike the rate it hardly moves when something else on the machine takes a core, and
   * it does not depend on the load generator keeping up.
   */
  cpuUs?: number;
}

/** CPU time (user + system) a process has used so far, in µs; undefined where /proc cannot tell. */
export function cpuTimeUs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 per second on Linux).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}

/** What bench/load-runner.mjs prints: one autocannon run's figures. */
interface LoadResult {
  average: number;
  total: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
}

/** Runs autocannon in a process of its own (on this process's cores) and reads its figures. */
function runLoad(options: object): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'load-runner.mjs'), JSON.stringify(options)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`load-runner exited with ${code}`))));
  });
}

/**
 * autocannon at `connections` for `seconds`, from a process of its own; `allowNon2xx` reports refusals
 * instead of failing on them; with `serverPid`, the server's CPU time per request too.
 */
export async function load(base: string, s: Scenario, seconds: number, connections: number, allowNon2xx = false, serverPid?: number): Promise<Measured> {
  const cpuBefore = cpuTimeUs(serverPid);
  const result = await runLoad({
    url: `${base}${s.path}`,
    method: s.method ?? 'POST',
    connections: s.connections ?? connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', ...s.headers },
    body: s.body === undefined ? undefined : JSON.stringify(s.body),
    ...(s.paths ? { paths: s.paths } : {}),
  });
  const expected = s.status === undefined ? result.non2xx : result.non2xx - (result.statuses[String(s.status)] ?? 0);
  if (result.errors > 0 || (!allowNon2xx && expected > 0)) {
    throw new Error(`${s.name}: ${expected} answers of another status, ${result.errors} errors (${JSON.stringify(result.statuses)})`);
  }
  const cpuAfter = cpuTimeUs(serverPid);
  const cpuUs = cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / result.total;
  return { rps: result.average, p50: result.p50, p99: result.p99, non2xx: expected, total: result.total, ...(cpuUs === undefined ? {} : { cpuUs }) };
}

/**
 * Runs this benchmark again pinned to `cores` (the load generator's), unless it already is or the
 * machine cannot: the servers it starts are pinned to the other core, so they do not fight autocannon.
 */
export function pinSelf(cores: string): void {
  if (process.env.INKWELL_BENCH_PINNED || !hasTaskset || os.cpus().length < 2) return;
  const [command, args] = pinned(cores, process.execPath, [...process.execArgv, ...process.argv.slice(1)]);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, INKWELL_BENCH_PINNED: '1' } });
  process.exit(result.status ?? 1);
}

/** Fills the database that `env` names (DATA_DIR, DATABASE_URL) with the demo community (scripts/seed-demo.ts, seed 42). */
export function seedDemo(env: NodeJS.ProcessEnv, posts: string, likes: string): void {
  const seeded = spawnSync(process.execPath, ['scripts/seed-demo.ts', '--posts', posts, '--likes', likes], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('seeding failed');
}

/**
 * The PostgreSQL database at `url`, created when missing and seeded with the demo community (its files
 * in `filesDir`) when it holds fewer than `posts` posts, then ANALYZEd: the same data as a SQLite
 * database seeded with the same numbers.
 */
export async function ensurePostgres(url: string, posts: string, likes: string, filesDir: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`CREATE DATABASE ${name.replace(/[^\w]/g, '')}`);
  await admin.end();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const count = await client
    .query("SELECT to_regclass('posts') IS NOT NULL AS has")
    .then(async (r) => (r.rows[0].has ? Number((await client.query('SELECT count(*) AS n FROM posts')).rows[0].n) : 0));
  await client.end();
  if (count < Number(posts)) seedDemo({ DATABASE_URL: url, DATA_DIR: filesDir }, posts, likes);
  const analyze = new pg.Client({ connectionString: url });
  await analyze.connect();
  await analyze.query('ANALYZE');
  await analyze.end();
}

/**
 * Two texts of one statement timed side by side: each run `runs` times through the app's own
 * `database.all` (prepared once, warmed first), alternated in blocks of 20 calls so that a noisy moment
 * falls on both; resolves to the median µs per call of each.
 */
export async function alternate(database: Database, texts: readonly [string, string], params: readonly unknown[], runs: number): Promise<{ old: number; now: number }> {
  const BLOCK = 20;
  const times: number[][] = [[], []];
  for (const text of texts) for (let i = 0; i < BLOCK; i += 1) await database.all(text, params);
  for (let block = 0; block < runs / BLOCK; block += 1) {
    for (const [i, text] of texts.entries()) {
      const start = performance.now();
      for (let k = 0; k < BLOCK; k += 1) await database.all(text, params);
      times[i]!.push(((performance.now() - start) * 1000) / BLOCK);
    }
  }
  return { old: middle(times[0]!), now: middle(times[1]!) };
}

/**
 * The demo community in a SQLite database in `dataDir` (seeded once) and, with `pgUrl`, in a PostgreSQL
 * one (seeded when it holds fewer posts), each opened as the app opens it and handed to `run` in turn.
 */
export async function onDemoDatabases(
  dataDir: string,
  counts: { posts: string; likes: string },
  pgUrl: string,
  run: (label: string, database: Database) => Promise<void>,
): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const sqliteFile = path.join(dataDir, 'inkwell.sqlite');
  if (!fs.existsSync(sqliteFile)) seedDemo({ DATA_DIR: dataDir }, counts.posts, counts.likes);
  const sqlite = openDatabase({ sqliteFile });
  await run('SQLite', sqlite);
  await sqlite.destroy();
  if (!pgUrl) return;
  await ensurePostgres(pgUrl, counts.posts, counts.likes, path.join(dataDir, 'pg-files'));
  const postgres = openDatabase({ databaseUrl: pgUrl });
  await run('PostgreSQL', postgres);
  await postgres.destroy();
}

/** A read of a benchmark's own database (`?` placeholders): the rows as plain objects. */
export type Read = (sql: string, params: readonly number[]) => Promise<Array<Record<string, unknown>>>;

/** A read of the database `env` names (DATABASE_URL, or the SQLite file `sqliteFile`), read-only on SQLite. */
export async function readerOf(env: NodeJS.ProcessEnv, sqliteFile: string): Promise<{ read: Read; close: () => Promise<void> }> {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const numbered = (text: string) => {
      let n = 0;
      return text.replace(/\?/g, () => `$${++n}`);
    };
    return { read: async (text, params) => (await client.query(numbered(text), [...params])).rows, close: () => client.end() };
  }
  const sqlite = new SQLite(sqliteFile, { readonly: true });
  return { read: async (text, params) => sqlite.prepare(text).all(...params) as Array<Record<string, unknown>>, close: async () => void sqlite.close() };
}
