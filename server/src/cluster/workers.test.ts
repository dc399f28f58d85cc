import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DataStore, createDataStore, killAllServers, startServer } from '../security/server-process.ts';
import { until } from '../test/until.ts';

/** The primary of WORKERS app processes: it starts them, replaces one that dies, and stops them all cleanly. */
let store: DataStore;

beforeAll(async () => {
  store = await createDataStore();
});
afterAll(async () => {
  await killAllServers();
  await store?.remove();
});

const childrenOf = (pid: number): number[] => {
  try {
    // App processes only.
    return execFileSync('pgrep', ['-P', String(pid), '-f', 'server/src/main.ts'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
};

describe('WORKERS app processes', () => {
  it('runs that many processes on one port, replaces one that dies, and stops them all on SIGTERM', async () => {
    const server = await startServer(store, { env: { WORKERS: '3' } });
    // Health answers once one process listens; the primary says so when all three do. Killing one
    // before then could kill the only listener, and the port closes until its replacement listens.
    await until(() => (/\(3 processes,/.test(server.output()) ? true : undefined), 30_000);
    const first = await until(() => (childrenOf(server.pid).length === 3 ? childrenOf(server.pid) : undefined), 15_000);
    // Calls are handed round: every process answers.
    const answers = await Promise.all(Array.from({ length: 30 }, () => fetch(`${server.url}/api/health`).then((r) => r.status)));
    expect(answers.filter((s) => s !== 200)).toEqual([]); // a failure names the statuses

    process.kill(first[0]!, 'SIGKILL');
    const replaced = await until(() => {
      const now = childrenOf(server.pid);
      return now.length === 3 && !now.includes(first[0]!) ? now : undefined;
    }, 15_000);
    expect(replaced.filter((pid) => first.includes(pid))).toHaveLength(2);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(server.output()).toMatch(/An app process \(pid \d+\) stopped \(SIGKILL\); starting another/);

    await server.stop();
    expect(server.running()).toBe(false);
    expect(server.output()).toContain('SIGTERM received, closing 3 app processes');
    for (const pid of replaced) expect(() => process.kill(pid, 0)).toThrow();
  }, 60_000);

  it('gives up at once, with the reason, when the processes cannot start (the port is taken)', async () => {
    // Someone else's server on the port (it answers, so the health check does not hang).
    const taken = http.createServer((_request, response) => response.writeHead(503).end());
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      // The bound is for a machine busy with other work (CI's other suites): a start there once took
      // over 20 s to reach the port and fail. A server that never gave up would still fail the test.
      await expect(startServer(store, { port, env: { WORKERS: '2' }, timeoutMs: 45_000 })).rejects.toThrow(/server exited early \(1\)[\s\S]*EADDRINUSE/);
    } finally {
      taken.close();
    }
  }, 60_000);

  it('closes its processes when the primary is killed outright', async () => {
    const server = await startServer(store, { env: { WORKERS: '2' } });
    const workers = await until(() => (childrenOf(server.pid).length === 2 ? childrenOf(server.pid) : undefined), 15_000);
    await server.kill9();
    await until(
      () =>
        workers.every((pid) => {
          try {
            process.kill(pid, 0);
            return false;
          } catch {
            return true;
          }
        })
          ? true
          : undefined,
      15_000,
    );
  }, 60_000);
});
