// Builds the web app when web/dist is missing or older than its sources (web/, contract/src).
// Used by `npm start` and `npm run test:e2e`; `--force` always builds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'web/dist/index.html');

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'contract/src'].map((p) => path.join(root, p));
const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const stale = process.argv.includes('--force') || builtAt === 0 || sources.some((s) => newestMtime(s) > builtAt);

if (stale) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '--workspace', 'web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The web app did not build; see the messages above.');
    process.exit(result.status ?? 1);
  }
}
