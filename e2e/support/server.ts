import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/src/test/ports.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (built web app, fresh SQLite database) as `npm start` would, and waits for health.
 * The event-loop overload guard is off (OVERLOAD_EVENT_LOOP_DELAY_MS=0) unless a journey sets it: two
 * journeys, their servers and their browsers share a CI machine's two cores, whose starved moments
 * (a second and more of delay, seen on a busy machine) would shed a journey's call with 503. The guard
 * is shown by its own suite (server/src/plugins/overload.test.ts); a journey shows what a reader sees.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: root,
    // The spam defences are off: every account here is new and the journeys write much and alike (server/src/social/spam.test.ts tests them).
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      SPAM_NEW_ACCOUNT_HOURS: '0',
      SPAM_REPEAT_MINUTES: '0',
      SPAM_MIN_FILL_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
