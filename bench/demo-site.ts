/**
 * The demo site the browser benchmarks measure (web.ts, hydration.ts): the real server in production
 * mode on a freshly seeded demo community, and the two pages they look at.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type PostPage, paths } from '@inkwell/contract';
import { freePort, root, startProcess } from './support.ts';

/** What to undo when the benchmark ends, last first. */
export type Cleanups = Array<() => Promise<void> | void>;

/** Runs a step to its end, its output on stderr (stdout holds only the tables). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd: root, env, stdio: ['ignore', 2, 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** Builds the web app if stale, seeds `posts` demo posts and starts the real server (on `cores` if given); returns its address. */
export async function startDemoServer(posts: string, cleanups: Cleanups, cores?: string): Promise<string> {
  run(process.execPath, ['scripts/ensure-web-build.mjs']);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-web-bench-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  console.error(`Seeding a demo community (${posts} posts) into ${dataDir} …`);
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  run('npm', ['run', '--silent', 'seed:demo', '--', '--posts', posts], env);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverEnv = { ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), PUBLIC_URL: base };
  const server: ChildProcess = await startProcess(['server/src/main.ts'], serverEnv, `${base}/api/health`, cores);
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

/** Home and the post page, each fetched once so the measured loads meet warm rendered pages (as a reader after the first would). */
export async function demoPages(base: string): Promise<Array<{ name: string; path: string }>> {
  const pages = [
    { name: 'home', path: '/' },
    { name: 'post', path: await postWithCoverAndComments(base) },
  ];
  for (const page of pages) {
    const response = await fetch(`${base}${page.path}`, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
    if (!response.ok) throw new Error(`${page.path}: ${response.status}`);
    await response.arrayBuffer();
  }
  return pages;
}

/** Runs every cleanup, last first, reporting (not throwing) what fails. */
async function cleanUp(cleanups: Cleanups): Promise<void> {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(error);
    }
  }
}

/** Runs a benchmark's main, then its cleanups, also on Ctrl-C or a failure (exit code 1). */
export function runBenchmark(main: () => Promise<void>, cleanups: Cleanups): void {
  process.once('SIGINT', () => void cleanUp(cleanups).then(() => process.exit(130)));
  main()
    .then(() => cleanUp(cleanups))
    .catch(async (err: unknown) => {
      console.error(err);
      await cleanUp(cleanups);
      process.exit(1);
    });
}
