import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app.ts';
import { runPrimary } from './cluster/primary.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { fileTransport, smtpTransport } from './mail/transport.ts';

const say = (line: string): void => void process.stdout.write(`${line}\n`);

/**
 * Configuration → database → migrations → app → listen. With WORKERS > 1 this process becomes the
 * primary: it migrates once, then forks that many app processes (each runs serve()).
 */
async function main(): Promise<void> {
  // The running app is production unless told otherwise: React, loaded by the server-rendering
  // bundle, picks its production build from this (the development one renders several times slower).
  process.env.NODE_ENV ??= 'production';
  const config = loadConfig();
  if (!cluster.isPrimary) return serve(config, await open(config, false));
  const database = await open(config, true);
  if (config.workers === 1) return serve(config, database);
  await database.destroy();
  runPrimary(config, say);
}

async function open(config: Config, migrate: boolean): Promise<Database> {
  const options = { sqliteFile: path.join(config.dataDir, 'inkwell.sqlite'), pool: config.database, preparedStatements: config.databasePreparedStatements };
  const database = openDatabase({ ...options, databaseUrl: config.databaseUrl, listenUrl: config.databaseDirectUrl });
  // The migrator holds a session lock between statements: past PgBouncer, straight to the server.
  const direct = migrate && config.databaseDirectUrl ? openDatabase({ ...options, databaseUrl: config.databaseDirectUrl }) : null;
  try {
    if (migrate) await migrateToLatest((direct ?? database).db);
    // The pool answers too (past PgBouncer it may refuse what the direct connection took): else stop now, saying why.
    if (direct) await database.check();
    return database;
  } catch (err) {
    await database.destroy().catch(() => {});
    const reason = (err as Error).message.split('\n')[0] ?? '';
    const hint = /unsupported startup parameter/.test(reason) ? ' (behind PgBouncer: DATABASE_STATEMENT_TIMEOUT_MS=0 and the timeout on the role, see docs/deploy.md)' : '';
    throw new ConfigError(`Cannot prepare the database: ${reason}${hint}`);
  } finally {
    await direct?.destroy();
  }
}

/** One app process: the app on the database, its background work, and a clean close. */
async function serve(config: Config, database: Database): Promise<void> {
  const logger = { level: config.logLevel };
  // The file transport logs through the app's logger once there is one.
  const mailLog = { info: say };
  const transport = config.smtpUrl ? smtpTransport(config.smtpUrl, undefined, config.dkim) : fileTransport(path.join(config.dataDir, 'mail'), (message) => mailLog.info(message));
  // Story mails to subscribers: their own pooled connections, at most MAIL_RATE_PER_SECOND.
  const newsletterTransport = config.smtpUrl
    ? smtpTransport(config.smtpUrl, { connections: config.newsletter.connections, ratePerSecond: config.newsletter.ratePerSecond }, config.dkim)
    : undefined;
  const app = await buildApp(config, { database, mailTransport: transport, newsletterTransport, logger });
  mailLog.info = (message) => app.log.info(message);
  // Every module's jobs and workers (the outbox, the digests, scheduled posts, the storage sweep, …: app.ts).
  app.jobs.start();

  let closing = false;
  const close = async (reason: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${reason}, closing`);
    await app.close();
    // Handlers whose client hung up still run; the database stays open until they end (10 s at most).
    await app.drain(10_000);
    await database.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT received'));
  process.on('SIGTERM', () => void close('SIGTERM received'));
  // A worker whose primary is gone (killed) has no one handing it connections: it closes too.
  if (cluster.isWorker) process.on('disconnect', () => void close('the primary process is gone'));

  // A burst of new connections waits in the kernel's accept queue (LISTEN_BACKLOG) rather than being dropped (ADR 0077).
  await app.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
  if (cluster.isPrimary) app.log.info(`Inkwell is running at ${config.publicUrl} (${database.dialect === 'postgres' ? 'PostgreSQL' : `SQLite in ${config.dataDir}`})`);
}

main().catch((err: unknown) => {
  const line = err instanceof ConfigError ? err.message : `Inkwell could not start: ${(err as Error)?.message ?? String(err)}`;
  process.stderr.write(`${line.split('\n')[0]}\n`);
  process.exit(1);
});
