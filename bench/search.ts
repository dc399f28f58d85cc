/**
 * Search benchmark: POST /api/user/search (the top bar) and POST /api/user/search/results (the results
 * page, issue 13) alone and under load, SQLite and PostgreSQL side by side in one run, against a bare
 * Node server measured in the same run (one answering a body the size of a top-bar answer, one the
 * size of a results page).
 *
 *   npm run bench:search -- [--posts 100000] [--data DIR] [--pg postgres://…/db] [--duration 8] [--connections 50] [--only TEXT]
 *
 * Seeds (or reuses) a SQLite database in --data and a PostgreSQL database at --pg with the demo
 * community, then for each database starts the real server (pinned to core 1 when taskset exists; this
 * process, autocannon's, re-runs itself pinned to core 0) with the search limit lifted, and measures:
 * one request at a time (median and p99 of 200 in a row), then `connections` at once for `duration`
 * seconds (requests/s, p99, share of the bare server's rate, and any non-2xx such as 503 busy).
 * `--only` keeps the scenarios whose name holds TEXT.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Measured, type Scenario, arg, ensurePostgres, freePort, load, pinSelf, seedDemo, startProcess } from './support.ts';

pinSelf('0');

const posts = arg('posts', '100000');
const duration = Number(arg('duration', '8'));
const connections = Number(arg('connections', '50'));
const dataDir = path.resolve(arg('data', path.join(os.tmpdir(), `inkwell-search-${posts}`)));
const pgUrl = arg('pg', `postgres://postgres@127.0.0.1:5432/inkwell_search_${posts}`);
const SERVER_CORES = '1';
const only = arg('only', '');

/** Latencies of `n` requests sent one after another. */
async function alone(base: string, s: Scenario, n = 200): Promise<{ median: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < n + 20; i += 1) {
    const started = performance.now();
    const res = await fetch(`${base}${s.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(s.body) });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${s.name}: ${res.status}`);
    if (i >= 20) times.push(performance.now() - started); // the first 20 warm up
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(n / 2)]!, p99: times[Math.floor(n * 0.99)]! };
}

interface Row {
  alone: { median: number; p99: number };
  loaded: Measured;
}

async function measure(env: NodeJS.ProcessEnv, scenarios: Scenario[]): Promise<Row[]> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    ['server/src/main.ts'],
    { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_SEARCH: '100000000', ...env },
    `${base}/api/health`,
    SERVER_CORES,
  );
  try {
    const rows: Row[] = [];
    for (const s of scenarios) {
      const quiet = await alone(base, s);
      await load(base, s, 2, connections, true);
      rows.push({ alone: quiet, loaded: await load(base, s, duration, connections, true) });
    }
    return rows;
  } finally {
    server.kill('SIGTERM');
  }
}

async function main() {
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(path.join(dataDir, 'inkwell.sqlite'))) seedDemo({ DATA_DIR: dataDir, DATABASE_URL: '' }, posts, posts);
  await ensurePostgres(pgUrl, posts, posts, path.join(dataDir, 'pg-files'));

  const results = (query: string, type = 'posts', cursor?: string) => ({ query, type, ...(cursor ? { cursor } : {}) });
  const scenarios: Array<Scenario & { page?: boolean }> = [
    { name: "search, a word many titles hold ('guide')", path: '/api/user/search', body: { query: 'guide' } },
    { name: "search, a word bodies hold and no title ('uncomfortable')", path: '/api/user/search', body: { query: 'uncomfortable' } },
    { name: "search, a word nobody wrote ('zzqxv')", path: '/api/user/search', body: { query: 'zzqxv' } },
    { name: "results, posts, a word many titles hold ('guide')", path: '/api/user/search/results', body: results('guide'), page: true },
    { name: "results, posts, a word bodies hold and no title ('uncomfortable')", path: '/api/user/search/results', body: results('uncomfortable'), page: true },
    { name: "results, posts, two words ('beginner brain')", path: '/api/user/search/results', body: results('beginner brain'), page: true },
    { name: "results, posts, a word nobody wrote ('zzqxv')", path: '/api/user/search/results', body: results('zzqxv'), page: true },
    { name: "results, posts, page 2 ('guide')", path: '/api/user/search/results', body: results('guide'), page: true },
    { name: "results, people, a name ('nakamura')", path: '/api/user/search/results', body: results('nakamura', 'people'), page: true },
    { name: "results, people, a word of bios ('baker')", path: '/api/user/search/results', body: results('baker', 'people'), page: true },
    { name: "results, topics ('tech')", path: '/api/user/search/results', body: results('tech', 'topics'), page: true },
  ].filter((s) => s.name.includes(only));

  // The bare servers answer bodies the size of a top-bar answer and of a results page; the page 2
  // scenario takes the cursor its first page hands out (the same on both databases: the same data).
  const samples = await (async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startProcess(['server/src/main.ts'], { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: '' }, `${base}/api/health`);
    const ask = async (path: string, body: unknown) =>
      (await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).text();
    const search = await ask('/api/user/search', { query: 'guide' });
    const page = await ask('/api/user/search/results', results('guide'));
    server.kill('SIGTERM');
    return { search, page, cursor: (JSON.parse(page) as { next_cursor: string }).next_cursor };
  })();
  for (const s of scenarios) if (s.name.includes('page 2')) s.body = results('guide', 'posts', samples.cursor);

  const bare = async (sample: string) => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startProcess([path.join(import.meta.dirname, 'bare-server.mjs'), String(port), String(Buffer.byteLength(sample))], process.env, base, SERVER_CORES);
    await load(base, { name: 'bare', path: '/', method: 'GET' }, 2, connections);
    const measured = await load(base, { name: 'bare', path: '/', method: 'GET' }, duration, connections);
    server.kill('SIGTERM');
    return { bytes: Buffer.byteLength(sample), ...measured };
  };
  const bareSearch = await bare(samples.search);
  const barePage = await bare(samples.page);

  const sqlite = await measure({ DATA_DIR: dataDir, DATABASE_URL: '' }, scenarios);
  const postgres = await measure({ DATA_DIR: path.join(dataDir, 'pg-files'), DATABASE_URL: pgUrl }, scenarios);

  console.log(`\n${posts} posts (demo community), ${connections} connections, ${duration} s each; node ${process.version}, ${os.cpus().length} cores`);
  for (const [what, b] of [
    ['a top-bar answer', bareSearch],
    ['a results page', barePage],
  ] as const) {
    console.log(`bare Node http, fixed ${b.bytes} B JSON (${what}): ${Math.round(b.rps)} requests/s, p99 ${b.p99} ms`);
  }
  console.log('\n| scenario | database | alone: median ms | alone: p99 ms | loaded: requests/s | of bare | p50 ms | p99 ms | non-2xx | PostgreSQL / SQLite rate |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  scenarios.forEach((s, i) => {
    const b = s.page ? barePage : bareSearch;
    for (const [name, row] of [
      ['SQLite', sqlite[i]!],
      ['PostgreSQL', postgres[i]!],
    ] as const) {
      const ratio = name === 'PostgreSQL' ? `${(row.loaded.rps / sqlite[i]!.loaded.rps).toFixed(2)}×` : '';
      console.log(
        `| ${s.name} | ${name} | ${row.alone.median.toFixed(2)} | ${row.alone.p99.toFixed(2)} | ${Math.round(row.loaded.rps)} | ${((100 * row.loaded.rps) / b.rps).toFixed(1)} % | ${row.loaded.p50} | ${row.loaded.p99} | ${row.loaded.non2xx} | ${ratio} |`,
      );
    }
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
