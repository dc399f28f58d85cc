import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './ports.ts';

/**
 * A real PgBouncer (Debian's package: /usr/sbin/pgbouncer) in front of one PostgreSQL database, for
 * tests: `pool_mode = transaction`, `auth_type = trust`, a small pool so that consecutive transactions
 * of one client land on different server connections, on a free port of 127.0.0.1; its configuration
 * and log in a temp folder removed by stop(). PgBouncer refuses to run as root: as root it is started
 * with `-u postgres`.
 */

export const PGBOUNCER = '/usr/sbin/pgbouncer';

/** Why the PgBouncer suites are skipped here, or undefined when they can run. */
export const pgbouncerMissing: string | undefined = existsSync(PGBOUNCER) ? undefined : `${PGBOUNCER} is missing (apt-get install pgbouncer; .ci/run installs it)`;

export interface PgBouncer {
  port: number;
  /** The same database as the target, through PgBouncer: postgres://postgres@127.0.0.1:<port>/<database>. */
  url: string;
  /** Server connections PgBouncer may open to the database (default_pool_size). */
  poolSize: number;
  /** A command on PgBouncer's admin console (SHOW POOLS, SHOW STATS, …): its rows. */
  admin<T extends object = Record<string, unknown>>(command: string): Promise<T[]>;
  /** What PgBouncer logged so far. */
  log(): Promise<string>;
  /** Stops PgBouncer (SIGTERM: immediate shutdown) and removes its folder. */
  stop(): Promise<void>;
}

/** The uid and gid of a user of this machine (from `id`), to hand PgBouncer's folder to. */
function idsOf(user: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Starts PgBouncer in front of `targetUrl` (a postgres:// URL of one database on 127.0.0.1) and waits until it answers. */
export async function startPgBouncer(targetUrl: string, options: { poolSize?: number } = {}): Promise<PgBouncer> {
  if (pgbouncerMissing) throw new Error(pgbouncerMissing);
  const target = new URL(targetUrl);
  const database = decodeURIComponent(target.pathname.slice(1));
  const user = decodeURIComponent(target.username) || 'postgres';
  const poolSize = options.poolSize ?? 3;
  const port = await freePort();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-pgbouncer-'));
  const logFile = path.join(dir, 'pgbouncer.log');
  const config = [
    '[databases]',
    `${database} = host=${target.hostname} port=${target.port || 5432} dbname=${database}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${path.join(dir, 'users.txt')}`,
    `admin_users = ${user}`,
    'pool_mode = transaction',
    `default_pool_size = ${poolSize}`,
    'min_pool_size = 0',
    'reserve_pool_size = 0',
    'max_client_conn = 200',
    `logfile = ${logFile}`,
    '',
  ].join('\n');
  await fs.writeFile(path.join(dir, 'pgbouncer.ini'), config);
  await fs.writeFile(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  const args = [path.join(dir, 'pgbouncer.ini')];
  if (process.getuid?.() === 0) {
    const { uid, gid } = idsOf('postgres');
    for (const entry of ['', 'pgbouncer.ini', 'users.txt']) await fs.chown(path.join(dir, entry), uid, gid);
    args.unshift('-u', 'postgres');
  }
  let output = '';
  const child: ChildProcess = spawn(PGBOUNCER, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const url = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;

  const admin = async <T extends object>(command: string): Promise<T[]> => {
    // The admin console speaks the simple query protocol only: a query without values.
    const client = new pg.Client({ connectionString: `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/pgbouncer` });
    await client.connect();
    try {
      return (await client.query<T & pg.QueryResultRow>(command)).rows;
    } finally {
      await client.end();
    }
  };
  const stop = async () => {
    if (running()) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await fs.rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (!running()) {
      await stop();
      throw new Error(`pgbouncer exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    try {
      await admin('SHOW VERSION');
      break;
    } catch (err) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`pgbouncer did not answer on port ${port}: ${(err as Error).message}\n${output}`, { cause: err });
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    port,
    url,
    poolSize,
    admin,
    log: () => fs.readFile(logFile, 'utf8').catch(() => output),
    stop,
  };
}
