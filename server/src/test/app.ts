import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../app.ts';
import { type Config, defaultRateLimits, loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { PoolOptions } from '../db/pool.ts';
import type { DB } from '../db/schema.ts';
import type { MailTransport, OutgoingMail } from '../mail/transport.ts';
import { createTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<DB>;
  database: Database;
  config: Config;
  /** Mails handed to the in-memory transport (when no transport was given). */
  sent: OutgoingMail[];
  /**
   * Another app server of the same deployment: the same configuration, data folder and database (opened
   * again, with connections of its own), with `overrides` of the configuration if given. Close it before this one.
   */
  another(overrides?: Partial<Config>): Promise<TestApp>;
  close(): Promise<void>;
}

export type ConfigOverrides = Partial<Omit<Config, 'rateLimits' | 'mail' | 'notifications' | 'newsletter'>> & {
  rateLimits?: Partial<Config['rateLimits']>;
  mail?: Partial<Config['mail']>;
  newsletter?: Partial<Config['newsletter']>;
  notifications?: Partial<Config['notifications']>;
};

export interface TestAppOptions {
  config?: ConfigOverrides;
  transport?: MailTransport;
  newsletterTransport?: MailTransport;
  pool?: Partial<PoolOptions>;
}

/** The real app on a fresh database, with limits high enough not to get in the way unless a test lowers them. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-test-'));
  const { database, reopen, drop } = await createTestDatabase(dir, { pool: options.pool });
  const base = loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'http://localhost:3000' });
  const high = { max: 10_000, windowMs: 60_000 };
  const config: Config = {
    ...base,
    webDistDir: path.join(dir, 'no-web'),
    // Tests write rows straight into the database, which the feed cache would not see: off unless asked.
    feedCacheMs: 0,
    // The event-loop and heap guards are off (a busy CI machine must not turn a test's call into 503)
    // except in the tests of overload itself, which set them.
    overload: { ...base.overload, maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0 },
    // Every test account is new: the spam defences are off unless a test turns them on (social/spam.test.ts).
    spam: { ...base.spam, newAccountMs: 0, repeatMs: 0, minFillMs: 0 },
    ...options.config,
    rateLimits: {
      login: high,
      register: high,
      google: high,
      resendVerification: high,
      forgotPassword: high,
      resetPassword: high,
      search: high,
      help: high,
      report: high,
      appeal: high,
      exportData: high,
      stats: high,
      history: high,
      subscribe: high,
      newsletterImport: high,
      federationInbox: high,
      remoteFollow: high,
      fediverseFollow: high,
      federationHost: high,
      failedLoginsPerAccount: defaultRateLimits.failedLoginsPerAccount,
      failedLoginsPerAddress: defaultRateLimits.failedLoginsPerAddress,
      ...options.config?.rateLimits,
    },
    mail: { ...base.mail, pollMs: 60_000, baseBackoffMs: 20, maxBackoffMs: 200, ...options.config?.mail },
    // Tests run the sender's rounds themselves (runOnce); retries come back at once.
    newsletter: { ...base.newsletter, pollMs: 60_000, baseBackoffMs: 0, maxBackoffMs: 0, ...options.config?.newsletter },
    notifications: { ...base.notifications, ...options.config?.notifications },
  };
  const sent: OutgoingMail[] = [];
  const transport: MailTransport = options.transport ?? { send: async (mail) => void sent.push(mail) };
  const serve = async (on: Database, release: () => Promise<void>, config: Config): Promise<TestApp> => {
    const app = await buildApp(config, { database: on, mailTransport: transport, newsletterTransport: options.newsletterTransport });
    await app.ready();
    return {
      app,
      db: on.db,
      database: on,
      config,
      sent,
      async another(overrides = {}) {
        const again = reopen();
        return serve(again, () => again.destroy(), { ...config, ...overrides });
      },
      async close() {
        await app.close();
        await release();
      },
    };
  };
  return serve(
    database,
    async () => {
      await database.destroy();
      await drop();
    },
    config,
  );
}

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The app with the built web app (web/dist, web/dist-ssr), built first if it is not yet: pages are
 * rendered on the server as in production. Slow the first time (a beforeAll of several minutes' timeout).
 */
export async function buildRenderingTestApp(config: ConfigOverrides = {}, options: Omit<TestAppOptions, 'config'> = {}): Promise<TestApp> {
  const build = spawnSync(process.execPath, ['scripts/ensure-web-build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web app did not build');
  return buildTestApp({ ...options, config: { webDistDir: path.join(root, 'web/dist'), ...config } });
}
