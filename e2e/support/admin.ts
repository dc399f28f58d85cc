import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { World } from './world.ts';

/** `npm run admin -- …` on the world's database, as the operator runs it (another process, the server's DATA_DIR). */
export function admin(world: World, ...args: string[]): { code: number | null; out: string } {
  const run = spawnSync(process.execPath, ['scripts/admin.ts', ...args], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATA_DIR: world.server.dataDir, PUBLIC_URL: world.server.url, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

/** The open case about a comment, as `cases:list` lists it. */
export function caseOfComment(world: World, commentId: number): number {
  const found = admin(world, 'cases:list')
    .out.trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { id: number; target: { kind: string; id: number } })
    .find((c) => c.target.kind === 'comment' && c.target.id === commentId);
  if (!found) throw new Error(`no open case about comment ${commentId}`);
  return found.id;
}
