/**
 * Search benchmark: POST /api/user/search alone and under load, SQLite and PostgreSQL side by side in
 * one run, against a bare Node server measured in the same run.
 *
 *   npm run bench:search -- [--posts 100000] [--data DIR] [--pg postgres://…/db] [--duration 8] [--connections 50]
 *
 * Seeds (or reuses) a SQLite database in --data and a PostgreSQL database at --pg with the demo
 * community, then for each database starts the real server (pinned to core 1 when taskset exists; this
 * process, autocannon's, re-runs itself pinned to core 0) with the search limit lifted, and measures:
 * one request at a time (median and p99 of 200 in a row), then `connections` at once for `duration`
 * seconds (requests/s, p99, share of the bare server's rate, and any non-2xx such as 503 busy).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Measured, type Scenario, arg, ensurePostgres, freePort, load, pinSelf, seedDemo, startProcess } from './support';

pinSelf('0');

const posts = arg('posts', '100000');
const duration = Number(arg('duration', '8'));
const connections = Number(arg('connections', '50'));
const dataDir = path.resolve(arg('data', path.join(os.tmpdir(), `inkwell-search-${posts}`)));
const pgUrl = arg('pg', `postgres://postgres@127.0.0.1:5432/inkwell_search_${posts}`);
const SERVER_CORES = '1';

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
    ['--import', 'tsx', 'server/src/main.ts'],
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

  const scenarios: Scenario[] = [
    { name: "search, a word many titles hold ('guide')", path: '/api/user/search', body: { query: 'guide' } },
    { name: "search, a word bodies hold and no title ('uncomfortable')", path: '/api/user/search', body: { query: 'uncomfortable' } },
    { name: "search, a word nobody wrote ('zzqxv')", path: '/api/user/search', body: { query: 'zzqxv' } },
  ];

  const sample = await (async () => {
    // The bare server answers a body the size of the matching search's answer.
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startProcess(['--import', 'tsx', 'server/src/main.ts'], { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: '' }, `${base}/api/health`);
    const body = await (await fetch(`${base}/api/user/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"guide"}' })).text();
    server.kill('SIGTERM');
    return body;
  })();
  const barePort = await freePort();
  const bareBase = `http://127.0.0.1:${barePort}`;
  const bare = await startProcess([path.join(import.meta.dirname, 'bare-server.mjs'), String(barePort), String(Buffer.byteLength(sample))], process.env, bareBase, SERVER_CORES);
  await load(bareBase, { name: 'bare', path: '/', method: 'GET' }, 2, connections);
  const bareResult = await load(bareBase, { name: 'bare', path: '/', method: 'GET' }, duration, connections);
  bare.kill('SIGTERM');

  const sqlite = await measure({ DATA_DIR: dataDir, DATABASE_URL: '' }, scenarios);
  const postgres = await measure({ DATA_DIR: path.join(dataDir, 'pg-files'), DATABASE_URL: pgUrl }, scenarios);

  const pct = (m: Measured) => `${((100 * m.rps) / bareResult.rps).toFixed(1)} %`;
  console.log(`\n${posts} posts (demo community), ${connections} connections, ${duration} s each; node ${process.version}, ${os.cpus().length} cores`);
  console.log(`bare Node http, fixed ${Buffer.byteLength(sample)} B JSON: ${Math.round(bareResult.rps)} requests/s, p99 ${bareResult.p99} ms\n`);
  console.log('| scenario | database | alone: median ms | alone: p99 ms | loaded: requests/s | of bare | p50 ms | p99 ms | non-2xx | PostgreSQL / SQLite rate |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  scenarios.forEach((s, i) => {
    for (const [name, row] of [['SQLite', sqlite[i]!], ['PostgreSQL', postgres[i]!]] as const) {
      const ratio = name === 'PostgreSQL' ? `${(row.loaded.rps / sqlite[i]!.loaded.rps).toFixed(2)}×` : '';
      console.log(
        `| ${s.name} | ${name} | ${row.alone.median.toFixed(2)} | ${row.alone.p99.toFixed(2)} | ${Math.round(row.loaded.rps)} | ${pct(row.loaded)} | ${row.loaded.p50} | ${row.loaded.p99} | ${row.loaded.non2xx} | ${ratio} |`,
      );
    }
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
