// Builds the web app (web/dist, and its server-rendering bundle web/dist-ssr) when either is missing or
// older than its sources (web/, contract/src).
// Used by `npm start` and `npm run test:e2e`; `--force` always builds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtFiles = ['web/dist/index.html', 'web/dist-ssr/entry-server.js'].map((p) => path.join(root, p));

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist' || name === 'dist-ssr') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

const sources = ['web/src', 'web/public', 'web/build', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'contract/src'].map((p) => path.join(root, p));
const isStale = () => {
  const builtAt = Math.min(...builtFiles.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
  return builtAt === 0 || sources.some((s) => newestMtime(s) > builtAt);
};

/**
 * One build at a time: test files running in parallel may each ask for the build. The others wait
 * for the lock, then find it fresh. A lock left by a killed build is taken over after 10 minutes.
 */
const lock = path.join(root, 'web/.build-lock');
function acquire() {
  for (;;) {
    try {
      fs.mkdirSync(lock);
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > 10 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      } catch {
        // gone meanwhile: try again
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
}

const force = process.argv.includes('--force');
if (force || isStale()) {
  acquire();
  try {
    if (force || isStale()) {
      console.log('Building the web app…');
      // A production build whoever asks (vitest sets NODE_ENV=test, which would build React's development copy).
      const env = { ...process.env, NODE_ENV: 'production' };
      const result = spawnSync('npm', ['run', 'build', '--workspace', 'web'], { cwd: root, stdio: 'inherit', env });
      if (result.status !== 0) {
        console.error('The web app did not build; see the messages above.');
        process.exitCode = result.status ?? 1;
      }
    }
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
