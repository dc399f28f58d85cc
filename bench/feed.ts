/**
 * Feed benchmark: the reading hot path over HTTP against a bare Node server measured in the same run.
 *
 *   npm run bench:feed -- [--posts 100000] [--likes 1000000] [--duration 10] [--connections 50] [--data DIR] [--only TEXT]
 *
 * Seeds a SQLite database with the demo community (or reuses --data DIR when it holds one), starts
 * the real server and a bare `http` server answering a fixed JSON body of the same size, each in its
 * own process, then loads each with autocannon and prints a Markdown table: requests per second, p99
 * latency, and the rate as a share of the bare server's. Both servers run on core 1 and autocannon on
 * core 0 when taskset is there (the benchmark re-runs itself pinned). --only keeps the scenarios whose name holds TEXT
 * (the bare server always runs), for a quick look at one path while changing it.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { paths } from '@inkwell/contract';
import { type Scenario, arg, freePort, load as loadWith, pinSelf, pinned, root, waitFor } from './support';

// The servers on core 1, this process and autocannon on core 0 (when the machine has taskset and two cores).
pinSelf('0');
const SERVER_CORE = process.env.INKWELL_BENCH_PINNED ? '1' : undefined;

const posts = arg('posts', '100000');
const likes = arg('likes', '1000000');
const duration = Number(arg('duration', '10'));
const connections = Number(arg('connections', '50'));
const only = arg('only', '');
const dataDir = path.resolve(arg('data', fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-bench-'))));
const dbFile = path.join(dataDir, 'inkwell.sqlite');
const load = (base: string, s: Scenario, seconds: number) => loadWith(base, s, seconds, connections);

async function main() {
  if (!fs.existsSync(dbFile)) {
    console.error(`Seeding ${posts} posts and ${likes} likes into ${dataDir} …`);
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts', '--posts', posts, '--likes', likes], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: 'inherit',
    });
    if (seeded.status !== 0) process.exit(1);
  }
  const sqlite = new SQLite(dbFile, { readonly: true });
  const count = sqlite.prepare('SELECT count(*) AS n FROM posts').get() as { n: number };
  const likeCount = sqlite.prepare('SELECT count(*) AS n FROM likes').get() as { n: number };
  const reader = sqlite.prepare('SELECT u.id, u.email FROM users u JOIN user_categories c ON c.user_id = u.id LIMIT 1').get() as { id: number; email: string };
  const deep = sqlite.prepare('SELECT id FROM posts ORDER BY id DESC LIMIT 1 OFFSET 5000').get() as { id: number };
  const popular = sqlite.prepare('SELECT id FROM posts ORDER BY likes_count DESC LIMIT 1').get() as { id: number };
  sqlite.close();

  const appPort = await freePort();
  const [appCommand, appArgs] = pinned(SERVER_CORE, process.execPath, ['--import', 'tsx', 'server/src/main.ts']);
  const app = spawn(appCommand, appArgs, {
    cwd: root,
    env: { ...process.env, PORT: String(appPort), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', RATE_LIMIT_LOGIN: '1000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${appPort}`;
  await waitFor(`${base}/api/health`, app);

  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: reader.email, password: 'Inkwell#2026' }),
  });
  const { token } = (await login.json()) as { token: string };
  const session = { token, id: String(reader.id) };
  const cookie = `token=${token}; id=${reader.id}`;
  const browser = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
  const feedBody = await (await fetch(`${base}/api/user/view-posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).text();

  const barePort = await freePort();
  const [bareCommand, bareArgs] = pinned(SERVER_CORE, process.execPath, [path.join(import.meta.dirname, 'bare-server.mjs'), String(barePort), String(Buffer.byteLength(feedBody))]);
  const bare = spawn(bareCommand, bareArgs, {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const bareBase = `http://127.0.0.1:${barePort}`;
  await waitFor(bareBase, bare);

  const scenarios: Scenario[] = [
    { name: 'feed page 1, visitor', path: '/api/user/view-posts', body: {} },
    { name: 'feed page 1, signed-in (3 chosen categories)', path: '/api/user/view-posts', body: { user_id: reader.id }, headers: session },
    { name: 'category page 1, signed-in', path: '/api/user/categories-name', body: { category_id: 1, user_id: reader.id }, headers: session },
    { name: 'feed 5 000 posts deep, visitor', path: `/api/user/view-posts?cursor=${deep.id}`, body: {} },
    { name: 'post page (API post/details)', path: '/api/user/post/details', body: { post_id: popular.id, user_id: reader.id }, headers: session },
    // The pages as a browser asks for them: HTML rendered on the server (kept like the feed pages).
    { name: 'post page HTML, visitor', path: paths.viewPost.getHref(popular.id), method: 'GET', headers: browser },
    { name: 'post page HTML, signed-in', path: paths.viewPost.getHref(popular.id), method: 'GET', headers: { ...browser, cookie } },
    { name: 'home HTML, visitor', path: '/', method: 'GET', headers: browser },
    { name: 'home HTML, signed-in', path: '/', method: 'GET', headers: { ...browser, cookie } },
  ];

  const rows: string[] = [];
  const warm = Math.min(3, duration);
  await load(bareBase, { name: 'bare', path: '/', method: 'GET' }, warm);
  const bareResult = await load(bareBase, { name: 'bare', path: '/', method: 'GET' }, duration);
  rows.push(`| bare Node http, fixed ${Buffer.byteLength(feedBody)} B JSON | ${Math.round(bareResult.rps)} | ${bareResult.p50} | ${bareResult.p99} | 100 % |`);
  const measured: Record<string, Awaited<ReturnType<typeof load>>> = {};
  for (const s of scenarios.filter((x) => x.name.includes(only))) {
    await load(base, s, warm);
    const r = await load(base, s, duration);
    measured[s.name] = r;
    rows.push(`| ${s.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${((100 * r.rps) / bareResult.rps).toFixed(1)} % |`);
  }
  app.kill('SIGTERM');
  bare.kill('SIGTERM');

  const first = measured['feed page 1, visitor'];
  const deepR = measured['feed 5 000 posts deep, visitor'];
  console.log(`\n${count.n} posts, ${likeCount.n} likes, SQLite; ${connections} connections, ${duration} s each; node ${process.version}, ${os.cpus().length} cores${SERVER_CORE ? ', servers pinned to core 1 and autocannon to core 0' : ''}\n`);
  console.log('| scenario | requests/s | p50 ms | p99 ms | of bare |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  if (first && deepR) {
    console.log(`\nDeep page vs page 1 (visitor): ${(first.rps / deepR.rps).toFixed(2)}× the time per request (rate ratio), p99 ${deepR.p99} vs ${first.p99} ms`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
