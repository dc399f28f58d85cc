import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config.ts';

/**
 * The primary of WORKERS app processes (node:cluster): it forks them, and they share the port (the
 * primary accepts the connections and hands them round). It runs no app itself. A process that stops
 * unasked is replaced (after a pause that grows while they keep stopping); one that exits with an
 * error before all have started listening ends the whole start (the same error every time: the port
 * is taken, say). SIGINT or SIGTERM stop every process the clean way (in-flight calls finish, streams close),
 * then the primary; whoever is still running after `graceMs` is killed.
 */
export function runPrimary(config: Config, say: (line: string) => void, graceMs = 20_000): void {
  let stopping = false;
  let started = false;
  let listening = 0;
  let pause = 500;
  const everListened = new WeakSet<Worker>();
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);

  for (let i = 0; i < config.workers; i++) cluster.fork();

  cluster.on('listening', (worker) => {
    everListened.add(worker);
    listening += 1;
    pause = 500;
    if (!started && listening === config.workers) {
      started = true;
      say(`Inkwell is running at ${config.publicUrl} (${config.workers} processes, ${config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`})`);
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    if (everListened.has(worker)) listening -= 1;
    if (stopping) {
      if (alive().length === 0) process.exit(); // with process.exitCode: 1 when they could not start
      return;
    }
    if (!started && !everListened.has(worker) && signal === null && code !== 0) {
      // It failed to start (not killed): the others will not either. Its own message is on stderr already.
      stopping = true;
      for (const w of alive()) w.process.kill('SIGTERM');
      process.exitCode = 1;
      if (alive().length === 0) process.exit(1);
      return;
    }
    say(`An app process (pid ${worker.process.pid}) stopped (${signal ?? `exit code ${code}`}); starting another in ${pause} ms`);
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, pause);
    pause = Math.min(pause * 2, 30_000);
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received, closing ${alive().length} app processes`);
    for (const w of alive()) w.process.kill('SIGTERM');
    if (alive().length === 0) process.exit(0);
    setTimeout(() => {
      for (const w of alive()) w.process.kill('SIGKILL');
      process.exit(1);
    }, graceMs).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
