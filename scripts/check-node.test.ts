import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 45: on a Node older than package.json's engines.node, npm start, npm test and the other
 * scripts stop at once with one line (the Node found, the one needed, the fix), and npm install stops
 * before fetching anything (.npmrc's engine-strict). An older Node is faked by a preload that changes
 * process.version, the one thing the check and npm's engine check read; the machine's own Node, when
 * it is older (CI's is 20), runs the check for real too, which also proves old Nodes parse it.
 */
const root = path.resolve(import.meta.dirname, '..');
const check = path.join(root, 'scripts/check-node.cjs');
const needed = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node as string;
const major = Number(/\d+/.exec(needed)![0]);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-node-check-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A preload that makes this process (and, through NODE_OPTIONS, every node it starts) say it is `version`. */
function fakeNode(version: string): string {
  const file = path.join(dir, `node-${version}.cjs`);
  fs.writeFileSync(file, `Object.defineProperty(process, 'version', { value: ${JSON.stringify(version)} });\n`);
  return file;
}
const asNode = (version: string) => ({ ...process.env, NODE_OPTIONS: `--require ${fakeNode(version)}` });

/** The one line, for `version` at `node`. */
const line = (version: string, node: string) =>
  `Inkwell needs Node ${major} LTS (package.json engines: ${needed}), but this is Node ${version} (${node}): ` +
  'run `source scripts/node24.sh` (with nvm: `nvm install`, which reads .nvmrc), then the command again.\n';

describe('the Node check', () => {
  it('stops an older Node with one line naming the Node found, the one needed and the fix', () => {
    for (const version of ['v20.11.1', 'v22.12.0', `v${major - 1}.99.0`]) {
      const run = spawnSync(process.execPath, ['--require', fakeNode(version), check], { encoding: 'utf8' });
      expect(run.status, version).toBe(1);
      expect(run.stderr).toBe(line(version, process.execPath));
      expect(run.stdout).toBe('');
    }
  });

  it('lets Node 24 and later pass silently', () => {
    for (const version of [`v${major}.0.0`, `v${major}.22.3`, `v${major + 2}.1.0`]) {
      const run = spawnSync(process.execPath, ['--require', fakeNode(version), check], { encoding: 'utf8' });
      expect({ status: run.status, out: run.stdout + run.stderr }, version).toEqual({ status: 0, out: '' });
    }
    const real = spawnSync(process.execPath, [check], { encoding: 'utf8' });
    expect({ status: real.status, out: real.stdout + real.stderr }).toEqual({ status: 0, out: '' });
  });

  it('is ES5 in a script, so that any Node parses it, however old', () => {
    const problems = new Linter().verify(fs.readFileSync(check, 'utf8'), { languageOptions: { ecmaVersion: 5, sourceType: 'script' } });
    expect(problems).toEqual([]);
  });

  // The machine's own Node, when it is older than the one needed (CI's Debian Node 20, before node24.sh).
  const system = ['/usr/bin/node', '/usr/local/bin/node'].find((p) => fs.existsSync(p) && p !== process.execPath);
  const systemVersion = system ? spawnSync(system, ['-p', 'process.version'], { encoding: 'utf8' }).stdout.trim() : '';
  it.runIf(systemVersion && Number(/\d+/.exec(systemVersion)![0]) < major)(`stops the machine's own older Node (${system} ${systemVersion}) for real`, () => {
    const run = spawnSync(system!, [check], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(line(systemVersion, system!));
  });

  it('runs first in npm start and npm test, so nothing else starts on an older Node', () => {
    // Were the check not first, these would start a server on a throwaway folder and port, or look for a
    // test file that is not there, and be stopped by the timeout: never the real suite or data.
    const env = { ...asNode('v22.12.0'), DATA_DIR: path.join(dir, 'data'), PORT: '0', WORKERS: '1' };
    for (const args of [['start'], ['test', '--', 'no-such-test-file']]) {
      const run = spawnSync('npm', args, { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
      expect(run.stderr, args[0]).toBe(line('v22.12.0', process.execPath));
      expect(run.status, args[0]).toBe(1);
      // Only npm's own header ("> start", "> node scripts/check-node.cjs && …") before it.
      expect(
        run.stdout.split('\n').filter((l) => l.trim() && !l.startsWith('> ')),
        args[0],
      ).toEqual([]);
    }
  });

  it('stops npm install before it fetches or changes anything (.npmrc engine-strict)', () => {
    const before = fs.statSync(path.join(root, 'node_modules/.package-lock.json')).mtimeMs;
    const run = spawnSync('npm', ['install', '--dry-run', '--no-audit', '--no-fund'], { cwd: root, env: asNode('v22.12.0'), encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('EBADENGINE');
    // npm names the project by package.json's name and version (without a version it says "undefined").
    expect(run.stderr).toContain('Not compatible with your version of node/npm: inkwell@0.1.0');
    expect(run.stderr).toContain(`Required: {"node":"${needed}"}`);
    expect(run.stderr).toContain('"node":"v22.12.0"');
    expect(fs.statSync(path.join(root, 'node_modules/.package-lock.json')).mtimeMs).toBe(before);
  });
});
