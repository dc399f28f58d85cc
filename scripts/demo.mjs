// `npm run demo`: the app on a throwaway SQLite database filled with demo data (see seed-demo.ts).
// Extra arguments go to the seed, e.g. `npm run demo -- --posts 2000`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-demo-'));
const env = { ...process.env, DATA_DIR: dataDir };
delete env.DATABASE_URL;

const run = (args) => spawnSync(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
if (run(['scripts/ensure-web-build.mjs']).status !== 0) process.exit(1);
if (run(['scripts/seed-demo.ts', ...process.argv.slice(2)]).status !== 0) process.exit(1);

console.log(`Demo database in ${dataDir} (removed when you stop the server).`);
const server = spawn(process.execPath, ['server/src/main.ts'], { cwd: root, env, stdio: 'inherit' });
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
