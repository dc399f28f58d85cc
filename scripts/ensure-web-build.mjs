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
const builtAt = Math.min(...builtFiles.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
const stale = process.argv.includes('--force') || builtAt === 0 || sources.some((s) => newestMtime(s) > builtAt);

if (stale) {
  console.log('Building the web app…');
  // A production build whoever asks (vitest sets NODE_ENV=test, which would build React's development copy).
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build', '--workspace', 'web'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error('The web app did not build; see the messages above.');
    process.exit(result.status ?? 1);
  }
}
