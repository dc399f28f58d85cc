/**
 * Feed benchmark: the reading hot path over HTTP against a bare Node server measured in the same run.
 *
 *   npm run bench:feed -- [--posts 100000] [--likes 1000000] [--duration 10] [--connections 50] [--data DIR] [--only TEXT] [--db postgres://…/db] [--workers N] [--repeat N]
 *
 * Seeds a SQLite database with the demo community (or reuses --data DIR when it holds one), starts
 * the real server and a bare `http` server answering a fixed JSON body of the same size, each in its
 * own process, then loads each with autocannon and prints a Markdown table: requests per second, p99
 * latency, and the rate as a share of the bare server's. Both servers run on core 1 and autocannon (in a process of its own) on
 * core 0 when taskset is there (the benchmark re-runs itself pinned). --only keeps the scenarios whose name holds TEXT
 * (the bare server always runs), for a quick look at one path while changing it. With --db, the
 * PostgreSQL database there (created and seeded with the same numbers when it holds fewer posts, its
 * files in DIR/pg-files) runs the same scenarios after SQLite, and the table shows both side by side
 * with the ratio of their rates. Beside each rate, the server's own CPU time per request (from /proc) and
 * the bare server's as a share of it: a figure that a busy machine moves far less than the rate. With
 * --repeat N, the whole run (each database, then the bare server) is made N times and each figure is
 * the median of its N values. With --workers N, the scenarios run on SQLite with one app process
 * and then with N (WORKERS), unpinned, and the table shows the ratio of their rates.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { paths } from '@inkwell/contract';
import { prepareReaders, readerScenarios } from './feed-readers.ts';
import { type Measured, type Scenario, arg, ensurePostgres, freePort, load as loadWith, middle, pinSelf, readerOf, seedDemo, serverEnv, startProcess } from './support.ts';

// The servers on core 1, this process and autocannon on core 0 (when the machine has taskset and two cores).
pinSelf('0');
const workers = Number(arg('workers', '0'));
// With --workers the app processes may use every core (they would inherit this process's core 0).
const SERVER_CORE = process.env.INKWELL_BENCH_PINNED ? (workers ? `0-${os.cpus().length - 1}` : '1') : undefined;

const posts = arg('posts', '100000');
const likes = arg('likes', '1000000');
const duration = Number(arg('duration', '10'));
const connections = Number(arg('connections', '50'));
const only = arg('only', '');
const pgUrl = arg('db', '');
const dataDir = path.resolve(arg('data', fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-bench-'))));
const dbFile = path.join(dataDir, 'inkwell.sqlite');
const repeat = Math.max(1, Number(arg('repeat', '1')));
const load = (base: string, s: Scenario, seconds: number, pid?: number) => loadWith(base, s, seconds, connections, false, pid);
const warm = Math.min(3, duration);

/** The rows the scenarios ask for, read from the SQLite database. */
interface Picks {
  posts: number;
  likes: number;
  /** A demo reader with chosen categories (their For you is a merge of category walks). */
  reader: { id: number; email: string };
  /** The 9 990th newest post: the cursor of page 1 000 (PAGE_SIZE 10). */
  deep: number;
  /** The most liked post (with its comments): the post page. */
  popular: number;
  /** The newest posts: pages a reader opens one after the other, not kept for them. */
  newest: number[];
}

const PICKS = {
  posts: 'SELECT count(*) AS n FROM posts',
  likes: 'SELECT count(*) AS n FROM likes',
  reader: 'SELECT u.id, u.email FROM users u JOIN user_categories c ON c.user_id = u.id ORDER BY u.id LIMIT 1',
  deep: 'SELECT id FROM posts ORDER BY id DESC LIMIT 1 OFFSET 9989',
  popular: 'SELECT id FROM posts ORDER BY likes_count DESC, id ASC LIMIT 1',
  newest: 'SELECT id FROM posts ORDER BY id DESC LIMIT 5000',
};

function picksOfSqlite(): Picks {
  const sqlite = new SQLite(dbFile, { readonly: true });
  const one = <T>(text: string) => sqlite.prepare(text).get() as T;
  const picks = {
    posts: one<{ n: number }>(PICKS.posts).n,
    likes: one<{ n: number }>(PICKS.likes).n,
    reader: one<{ id: number; email: string }>(PICKS.reader),
    deep: one<{ id: number }>(PICKS.deep).id,
    popular: one<{ id: number }>(PICKS.popular).id,
    newest: (sqlite.prepare(PICKS.newest).all() as Array<{ id: number }>).map((r) => r.id),
  };
  sqlite.close();
  return picks;
}

/** The same rows must come out of PostgreSQL, or the two runs would not measure the same pages. */
async function checkSameData(url: string, sqlite: Picks): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const one = async (text: string) => (await client.query(text)).rows[0];
  const picks: Picks = {
    posts: Number((await one(PICKS.posts)).n),
    likes: Number((await one(PICKS.likes)).n),
    reader: await one(PICKS.reader),
    deep: (await one(PICKS.deep)).id,
    popular: (await one(PICKS.popular)).id,
    newest: (await client.query(PICKS.newest)).rows.map((r: { id: number }) => r.id),
  };
  await client.end();
  if (JSON.stringify(picks) !== JSON.stringify(sqlite)) {
    throw new Error(`${url} holds other data than ${dbFile}: ${JSON.stringify(picks)} vs ${JSON.stringify(sqlite)} (drop it to seed it again)`);
  }
}

/** Starts the real server on one database, signs the readers in, measures each scenario, stops it. */
async function measureServer(env: NodeJS.ProcessEnv, picks: Picks): Promise<{ results: Map<string, Measured>; feedBytes: number }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = await startProcess(['server/src/main.ts'], serverEnv(port, env), `${base}/api/health`, SERVER_CORE);
  try {
    const { reader, deep, popular, newest } = picks;
    const stories = newest.map((id) => paths.viewPost.getHref(id));
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: reader.email, password: 'Inkwell#2026' }),
    });
    const { token } = (await login.json()) as { token: string };
    const session = { token, id: String(reader.id) };
    const cookie = `token=${token}; id=${reader.id}`;
    const browser = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
    // What a browser holding the page sends when it comes back to it (the page's ETag): answered 304.
    const etag = (await fetch(`${base}${paths.viewPost.getHref(popular)}`, { headers: browser })).headers.get('etag') ?? '';
    const feedBody = await (await fetch(`${base}/api/user/view-posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).text();
    const database = await readerOf(env, dbFile);
    const readers = await prepareReaders(base, database.read).finally(() => database.close());
    const scenarios: Scenario[] = [
      { name: 'feed page 1, visitor', path: '/api/user/view-posts', body: {} },
      { name: 'feed page 1 000, visitor', path: `/api/user/view-posts?cursor=${deep}`, body: {} },
      ...readerScenarios(readers, deep),
      { name: 'post page (API post/details)', path: '/api/user/post/details', body: { post_id: popular, user_id: reader.id }, headers: session },
      // The pages as a browser asks for them: HTML rendered on the server (kept like the feed pages).
      { name: 'post page HTML, visitor', path: paths.viewPost.getHref(popular), method: 'GET', headers: browser },
      { name: 'post page HTML, signed-in', path: paths.viewPost.getHref(popular), method: 'GET', headers: { ...browser, cookie } },
      // A reader going from story to story: each page rendered for them (a member's page is theirs alone;
      // a story no visitor opened either is rendered for the visitor too).
      // Four readers at once: 50 would pass the overload guard's event-loop bound and be answered 503.
      { name: 'post page HTML, visitor, stories in turn', path: '', paths: stories, connections: 4, method: 'GET', headers: browser },
      { name: 'post page HTML, signed-in, stories in turn', path: '', paths: stories, connections: 4, method: 'GET', headers: { ...browser, cookie } },
      { name: 'post page HTML, visitor, revalidated (304)', path: paths.viewPost.getHref(popular), method: 'GET', headers: { ...browser, 'if-none-match': etag }, status: 304 },
      { name: 'home HTML, visitor', path: '/', method: 'GET', headers: browser },
      { name: 'home HTML, signed-in', path: '/', method: 'GET', headers: { ...browser, cookie } },
    ];
    const results = new Map<string, Measured>();
    const work = env.DATABASE_URL ? await databaseWork(env.DATABASE_URL) : null;
    for (const s of scenarios.filter((x) => x.name.includes(only))) {
      await load(base, s, warm);
      const before = await work?.read();
      const measured = await load(base, s, duration, app.pid);
      if (work && before) measured.dbPer1k = (1000 * ((await work.read()) - before)) / measured.total;
      results.set(s.name, measured);
    }
    await work?.close();
    return { results, feedBytes: Buffer.byteLength(feedBody) };
  } finally {
    app.kill('SIGTERM');
  }
}

/**
 * What the app asks of PostgreSQL: the transactions committed or rolled back in its database so far
 * (each statement outside a transaction is one), from pg_stat_database. PostgreSQL publishes a
 * backend's counts at most once a second, so a read waits that long first.
 */
async function databaseWork(url: string): Promise<{ read: () => Promise<number>; close: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const name = new URL(url).pathname.slice(1);
  return {
    async read() {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await client.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await client.query('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1', [name]);
      // This read's own transactions (the two above) are not the app's.
      return Number(rows[0].n);
    },
    close: () => client.end(),
  };
}

/** The median of each figure of several runs of one row, each figure on its own. */
function median(runs: readonly Measured[]): Measured {
  const cpu = runs.map((r) => r.cpuUs).filter((x) => x !== undefined);
  return {
    rps: middle(runs.map((r) => r.rps)),
    p50: middle(runs.map((r) => r.p50)),
    p99: middle(runs.map((r) => r.p99)),
    non2xx: Math.max(...runs.map((r) => r.non2xx)),
    total: middle(runs.map((r) => r.total)),
    ...(runs.every((r) => r.dbPer1k !== undefined) ? { dbPer1k: middle(runs.map((r) => r.dbPer1k!)) } : {}),
    ...(cpu.length === runs.length ? { cpuUs: middle(cpu) } : {}),
  };
}

/** Each row's median over the runs. */
function medians(runs: ReadonlyArray<Map<string, Measured>>): Map<string, Measured> {
  return new Map([...runs[0]!.keys()].map((name) => [name, median(runs.map((r) => r.get(name)!))]));
}

async function measureBare(bytes: number): Promise<Measured> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const bare = await startProcess([path.join(import.meta.dirname, 'bare-server.mjs'), String(port), String(bytes)], process.env, base, SERVER_CORE);
  try {
    await load(base, { name: 'bare', path: '/', method: 'GET' }, warm);
    return await load(base, { name: 'bare', path: '/', method: 'GET' }, duration, bare.pid);
  } finally {
    bare.kill('SIGTERM');
  }
}

async function main() {
  if (!fs.existsSync(dbFile)) {
    console.error(`Seeding ${posts} posts and ${likes} likes into ${dataDir} …`);
    seedDemo({ DATA_DIR: dataDir, DATABASE_URL: '' }, posts, likes);
  }
  const picks = picksOfSqlite();
  if (pgUrl) {
    await ensurePostgres(pgUrl, posts, likes, path.join(dataDir, 'pg-files'));
    await checkSameData(pgUrl, picks);
  }

  if (workers > 1) return compareWorkers(picks);
  const sqliteRuns: Array<Map<string, Measured>> = [];
  const postgresRuns: Array<Map<string, Measured>> = [];
  // The baseline is measured after each database's run: a machine that drifts over the minutes of a
  // run moves both alike.
  const bareRuns: Measured[] = [];
  let feedBytes = 0;
  for (let run = 0; run < repeat; run += 1) {
    const sqliteRun = await measureServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, picks);
    feedBytes = sqliteRun.feedBytes;
    sqliteRuns.push(sqliteRun.results);
    bareRuns.push(await measureBare(feedBytes));
    if (pgUrl) {
      postgresRuns.push((await measureServer({ DATA_DIR: path.join(dataDir, 'pg-files'), DATABASE_URL: pgUrl }, picks)).results);
      bareRuns.push(await measureBare(feedBytes));
    }
  }
  const bare = median(bareRuns);
  const sqlite = { results: medians(sqliteRuns) };
  const postgres = pgUrl ? medians(postgresRuns) : undefined;
  const us = (r: Measured) => (r.cpuUs === undefined ? '–' : r.cpuUs.toFixed(1));
  console.log(`\nbare Node http, each run: ${bareRuns.map((r) => `${Math.round(r.rps)} requests/s, ${us(r)} µs`).join('; ')}`);

  const share = (r: Measured) => `${((100 * r.rps) / bare.rps).toFixed(1)} %`;
  const cpuShare = (r: Measured) => (r.cpuUs === undefined || bare.cpuUs === undefined ? '–' : `${((100 * bare.cpuUs) / r.cpuUs).toFixed(1)} %`);
  const cells = (r: Measured) => `${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${share(r)} | ${us(r)} | ${cpuShare(r)}`;
  const databases = postgres ? 'SQLite and PostgreSQL (one after the other, same data)' : 'SQLite';
  const runs = repeat > 1 ? `; each figure the median of ${repeat} runs` : '';
  console.log(
    `\n${picks.posts} posts, ${picks.likes} likes, ${databases}; ${connections} connections, ${duration} s each${runs}; node ${process.version}, ${os.cpus().length} cores${SERVER_CORE ? ', servers pinned to core 1 and autocannon to core 0' : ''}`,
  );
  console.log('"of bare" is the rate as a share of the bare server\'s; "µs" is the server\'s CPU time per request and "of bare by CPU" the bare server\'s µs over it.\n');
  const bareName = `bare Node http, fixed ${feedBytes} B JSON`;
  const columns = 'requests/s | p50 ms | p99 ms | of bare | µs | of bare by CPU';
  const rule = '---:|---:|---:|---:|---:|---:';
  if (postgres) {
    console.log(`| scenario | SQLite ${columns} | PostgreSQL ${columns} | PostgreSQL / SQLite rate | PostgreSQL transactions per 1 000 requests |`);
    console.log(`|---|${rule}|${rule}|---:|---:|`);
    console.log(`| ${bareName} | ${cells(bare)} | | | | | | | | |`);
    for (const [name, s] of sqlite.results) {
      const p = postgres.get(name)!;
      console.log(`| ${name} | ${cells(s)} | ${cells(p)} | ${((100 * p.rps) / s.rps).toFixed(1)} % | ${p.dbPer1k === undefined ? '–' : p.dbPer1k.toFixed(1)} |`);
    }
  } else {
    console.log(`| scenario | ${columns} |`);
    console.log(`|---|${rule}|`);
    console.log(`| ${bareName} | ${cells(bare)} |`);
    for (const [name, s] of sqlite.results) console.log(`| ${name} | ${cells(s)} |`);
  }
  for (const [database, results] of [
    ['SQLite', sqlite.results],
    ['PostgreSQL', postgres],
  ] as const) {
    const first = results?.get('feed page 1, visitor');
    const deep = results?.get('feed page 1 000, visitor');
    if (first && deep) {
      console.log(`\nDeep page vs page 1 (visitor, ${database}): ${(first.rps / deep.rps).toFixed(2)}× the time per request (rate ratio), p99 ${deep.p99} vs ${first.p99} ms`);
    }
  }
}

/** --workers N: the same scenarios on SQLite with one app process, then with N, and the ratio of their rates. */
async function compareWorkers(picks: Picks): Promise<void> {
  const one = (await measureServer({ DATA_DIR: dataDir, DATABASE_URL: '', WORKERS: '1' }, picks)).results;
  const many = (await measureServer({ DATA_DIR: dataDir, DATABASE_URL: '', WORKERS: String(workers) }, picks)).results;
  console.log(
    `\n${picks.posts} posts, ${picks.likes} likes, SQLite; ${connections} connections, ${duration} s each; node ${process.version}, ${os.cpus().length} cores; autocannon shares them\n`,
  );
  console.log(`| scenario | WORKERS=1 requests/s | p99 ms | WORKERS=${workers} requests/s | p99 ms | ${workers} / 1 |`);
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, a] of one) {
    const b = many.get(name)!;
    console.log(`| ${name} | ${Math.round(a.rps)} | ${a.p99} | ${Math.round(b.rps)} | ${b.p99} | ${(b.rps / a.rps).toFixed(2)}× |`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
