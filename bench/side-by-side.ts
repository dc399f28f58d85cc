/**
 * Before and after a change, served at once: the server of two checkouts (say a worktree of main and
 * one of the change, each with its own `npm ci`) run side by side on core 1, each loaded by an
 * autocannon of its own on core 0 for the same seconds, and each one's CPU time per request read from
 * /proc. Both see the same machine at the same moment, so a machine whose speed swings by half from
 * one minute to the next (as these do) moves both alike, and the ratio of their CPU per request tells
 * a change of a few per cent apart from noise, where runs one after the other cannot.
 *
 *   npm run bench:side-by-side -- --before DIR --after DIR [--data DIR] [--after-data DIR] [--db postgres://…/db] [--rounds 5] [--duration 8] [--connections 25] [--only TEXT] [--after-node-options '--flag …']
 *
 * --data is a SQLite demo database made by `npm run seed:demo` (DATA_DIR) or bench:feed; with --db the
 * servers read that PostgreSQL database instead (bench:feed --db seeds one). --after-data: a copy of
 * it for the after server, when the change adds migrations (each server migrates its own copy at
 * start; the older one would refuse a database migrated past it). The HTML rows need each checkout's
 * web app built (`npm run build`). Each round the two loads
 * start in the other order (which one starts first is a bias of a few per cent). The first round
 * after a server starts warms it and is not counted. Prints, per scenario, each server's median CPU
 * per request and the median and range of after/before. --after-node-options gives the after server
 * NODE_OPTIONS of its own: one checkout as both, to weigh a runtime flag (say the young generation's size).
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { paths } from '@inkwell/contract';
import SQLite from 'better-sqlite3';
import { type Scenario, arg, freePort, load, middle, pinSelf, serverEnv, startProcess } from './support.ts';

pinSelf('0');

const before = path.resolve(arg('before', ''));
const after = path.resolve(arg('after', ''));
const dataDir = path.resolve(arg('data', '/tmp/seed100k'));
const afterDataDir = path.resolve(arg('after-data', dataDir));
const pgUrl = arg('db', '');
const rounds = Number(arg('rounds', '5'));
const duration = Number(arg('duration', '8'));
const connections = Number(arg('connections', '25'));
const only = arg('only', '');
const afterNodeOptions = arg('after-node-options', '');

interface Served {
  base: string;
  child: ChildProcess;
}

/** The checkout's own server, pinned to core 1 (it shares the core with the other one). */
async function serve(dir: string, data: string, nodeOptions?: string): Promise<Served> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = serverEnv(port, {
    WORKERS: '1',
    DATA_DIR: pgUrl ? path.join(data, 'pg-files') : data,
    DATABASE_URL: pgUrl,
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
  });
  const child = await startProcess([path.join(dir, 'server/src/main.ts')], env, `${base}/api/health`, '1', dir);
  return { base, child };
}

/** The rows: a visitor's feed page, a demo member's For you (the first with chosen topics), the most liked post's page (its API answer and its HTML), the home page's HTML. */
async function scenarios(base: string): Promise<Scenario[]> {
  const sqlite = new SQLite(path.join(dataDir, 'inkwell.sqlite'), { readonly: true });
  const reader = sqlite.prepare('SELECT u.id, u.email FROM users u JOIN user_categories c ON c.user_id = u.id ORDER BY u.id LIMIT 1').get() as { id: number; email: string };
  const popular = (sqlite.prepare('SELECT id FROM posts ORDER BY likes_count DESC, id ASC LIMIT 1').get() as { id: number }).id;
  sqlite.close();
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: reader.email, password: 'Inkwell#2026' }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { token, id: String(reader.id) };
  const browser = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
  const cookie = `token=${token}; id=${reader.id}`;
  const rows: Scenario[] = [
    { name: 'feed page 1, visitor', path: '/api/user/view-posts', body: {} },
    { name: 'For you, a demo member with topics', path: '/api/user/view-posts', body: { user_id: reader.id }, headers },
    { name: 'post page (API post/details), visitor', path: '/api/user/post/details', body: { post_id: popular } },
    { name: 'post page (API post/details), signed-in', path: '/api/user/post/details', body: { post_id: popular, user_id: reader.id }, headers },
    { name: 'post page HTML, visitor', path: paths.viewPost.getHref(popular), method: 'GET', headers: browser },
    { name: 'post page HTML, signed-in', path: paths.viewPost.getHref(popular), method: 'GET', headers: { ...browser, cookie } },
    { name: 'home HTML, visitor', path: '/', method: 'GET', headers: browser },
    { name: 'home HTML, signed-in', path: '/', method: 'GET', headers: { ...browser, cookie } },
  ];
  return rows.filter((s) => s.name.includes(only));
}

/** Both servers loaded at once for `seconds`; each one's CPU µs per request. */
async function together(servers: Served[], rowsOf: Map<Served, Scenario>, seconds: number, round: number): Promise<number[]> {
  const order = round % 2 ? [...servers].reverse() : servers;
  const cpu = new Map<Served, number>();
  const runs = order.map(async (s) => {
    const measured = await load(s.base, rowsOf.get(s)!, seconds, connections, false, s.child.pid);
    cpu.set(s, measured.cpuUs ?? Number.NaN);
  });
  await Promise.all(runs);
  return servers.map((s) => cpu.get(s)!);
}

async function main() {
  if (!arg('before', '') || !arg('after', '')) throw new Error('--before DIR and --after DIR: two checkouts, each with node_modules');
  const servers = [await serve(before, dataDir), await serve(after, afterDataDir, afterNodeOptions)];
  try {
    const rows = await Promise.all(servers.map((s) => scenarios(s.base)));
    console.log(
      `before ${before}, after ${after}${afterNodeOptions ? ` with NODE_OPTIONS=${afterNodeOptions}` : ''}; ${pgUrl ? 'PostgreSQL' : 'SQLite'}; ${rounds} rounds of ${duration} s, ${connections} connections each; node ${process.version}`,
    );
    console.log('\n| scenario | before µs/request | after µs/request | after / before (median, range) |\n|---|---:|---:|---:|');
    for (let i = 0; i < rows[0]!.length; i += 1) {
      const rowsOf = new Map(servers.map((s, k) => [s, rows[k]![i]!]));
      await together(servers, rowsOf, 3, 0);
      const figures: number[][] = [];
      for (let round = 1; round <= rounds; round += 1) figures.push(await together(servers, rowsOf, duration, round));
      const ratios = figures.map(([b, a]) => a! / b!);
      const range = `${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}`;
      console.log(
        `| ${rows[0]![i]!.name} | ${middle(figures.map((f) => f[0]!)).toFixed(1)} | ${middle(figures.map((f) => f[1]!)).toFixed(1)} | **${middle(ratios).toFixed(3)}** (${range}) |`,
      );
    }
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
  }
}

await main();
