import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../db/database.ts';
import { freePort } from '../test/ports.ts';

/**
 * Test helpers that run the real server (`node server/src/main.ts`) as a child process on a
 * data store that outlives it, so a test can kill it (SIGKILL included) and start it again on the same data.
 */

const root = path.resolve(import.meta.dirname, '../../..');

/** Where the server keeps its data: a temp DATA_DIR, plus a throwaway PostgreSQL database when INKWELL_TEST_DB=postgres. */
export interface DataStore {
  dialect: 'sqlite' | 'postgres';
  dataDir: string;
  databaseUrl: string | undefined;
  /** A direct connection to the server's database (destroy it when done). */
  open(): Database;
  /** Removes the folder and drops the database. */
  remove(): Promise<void>;
}

export async function createDataStore(): Promise<DataStore> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-crash-'));
  const sqliteFile = path.join(dataDir, 'inkwell.sqlite');
  if (process.env.INKWELL_TEST_DB !== 'postgres') {
    return {
      dialect: 'sqlite',
      dataDir,
      databaseUrl: undefined,
      open: () => openDatabase({ sqliteFile }),
      remove: () => fs.rm(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('INKWELL_TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const name = `inkwell_crash_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    dialect: 'postgres',
    dataDir,
    databaseUrl,
    open: () => openDatabase({ databaseUrl }),
    async remove() {
      try {
        await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

export interface ServerProcess {
  url: string;
  port: number;
  /** The process started (with WORKERS > 1, the primary of the app processes). */
  pid: number;
  /** Everything the child wrote to stdout and stderr. */
  output(): string;
  running(): boolean;
  /** kill -9: no shutdown hook runs. Resolves once the process is gone. */
  kill9(): Promise<void>;
  /** SIGTERM (the server's clean shutdown), SIGKILL after a grace period. */
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function signal(child: ChildProcess, sig: NodeJS.Signals, graceMs: number): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill(sig);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited(child);
    clearTimeout(timer);
  }
  children.delete(child);
}

/** Kills every server this module started that is still running (for afterAll, whatever happened). */
export async function killAllServers(): Promise<void> {
  await Promise.all([...children].map((child) => signal(child, 'SIGKILL', 0)));
}

/** Starts the server on the store (on `port`, or a free one), its overload guard off unless `env` sets it, and waits until /api/health answers 200. */
export async function startServer(store: DataStore, options: { port?: number; timeoutMs?: number; env?: Record<string, string> } = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: store.dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    WORKERS: '1',
    // The overload guard is off unless a test turns it on: a process starting on a busy machine (CI
    // runs many at once) can lag past its threshold and answer 503, right but not what these tests
    // check; overload.test.ts tests the guard itself.
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    // Every account these tests make is new, and they write much and alike: the spam defences are off
    // unless a test turns them on (social/spam.test.ts tests them).
    SPAM_NEW_ACCOUNT_HOURS: '0',
    SPAM_REPEAT_MINUTES: '0',
    SPAM_MIN_FILL_SECONDS: '0',
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
  let output = '';
  const child = spawn(process.execPath, ['server/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  const server: ServerProcess = {
    url,
    port,
    pid: child.pid!,
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    kill9: () => signal(child, 'SIGKILL', 0),
    stop: () => signal(child, 'SIGTERM', 5000),
  };
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (!server.running()) throw new Error(`server exited early (${child.exitCode ?? child.signalCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill9();
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface ApiSession {
  id: number;
  headers: Record<string, string>;
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** POST /api/user/<route> with a JSON body (or FormData), as `session`'s user when given. Rejects only on network errors. */
export async function call<T = unknown>(baseUrl: string, route: string, body: unknown, session?: ApiSession): Promise<Answer<T>> {
  const form = body instanceof FormData;
  const res = await fetch(`${baseUrl}/api/user/${route}`, {
    method: 'POST',
    headers: { ...(form ? {} : { 'content-type': 'application/json' }), ...session?.headers },
    body: form ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed as T };
}

export async function login(baseUrl: string, email: string, password: string): Promise<ApiSession> {
  const res = await call<{ token: string; user: { id: number } }>(baseUrl, 'login', { email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.user.id, headers: { token: res.body.token, id: String(res.body.user.id) } };
}

/** How many times the server logged each message (pino JSON lines by `msg`, other lines as they are). */
export function logTally(output: string): Record<string, number> {
  const tally: Record<string, number> = {};
  for (const line of output.split('\n').filter((l) => l.trim() !== '')) {
    let message = line;
    try {
      message = String((JSON.parse(line) as { msg?: unknown }).msg ?? line);
    } catch {
      // not JSON: the line itself
    }
    tally[message] = (tally[message] ?? 0) + 1;
  }
  return tally;
}
