import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { fileTransport, smtpTransport } from './mail/transport';

/** Configuration → database → migrations → app → listen; closes cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  // The running app is production unless told otherwise: React, loaded by the server-rendering
  // bundle, picks its production build from this (the development one renders several times slower).
  process.env.NODE_ENV ??= 'production';
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'inkwell.sqlite'),
    pool: config.database,
  });
  try {
    await migrateToLatest(database.db);
  } catch (err) {
    await database.destroy().catch(() => {});
    throw new ConfigError(`Cannot prepare the database: ${(err as Error).message.split('\n')[0]}`);
  }
  const logger = { level: config.logLevel };
  // The file transport logs through the app's logger once there is one.
  const mailLog = { info: (message: string): void => void process.stdout.write(`${message}\n`) };
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl)
    : fileTransport(path.join(config.dataDir, 'mail'), (message) => mailLog.info(message));
  const app = await buildApp(config, { database, mailTransport: transport, logger });
  mailLog.info = (message) => app.log.info(message);
  app.outbox.start();
  app.notificationMailer.start();
  app.images.start(config.storageSweepMs);

  const close = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    await app.close();
    // Handlers whose client hung up still run; the database stays open until they end (10 s at most).
    await app.drain(10_000);
    await database.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Inkwell is running at ${config.publicUrl} (${database.dialect === 'postgres' ? 'PostgreSQL' : `SQLite in ${config.dataDir}`})`);
}

main().catch((err: unknown) => {
  const line = err instanceof ConfigError ? err.message : `Inkwell could not start: ${(err as Error)?.message ?? String(err)}`;
  process.stderr.write(`${line.split('\n')[0]}\n`);
  process.exit(1);
});
