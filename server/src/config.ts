import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import {
  ConfigError,
  type Env,
  type S3StorageConfig,
  bad,
  readNonNegativeInt,
  readPort,
  readFederation,
  readPositiveInt,
  readS3Storage,
  readSitemapPageSize,
  readStoragePublicUrl,
  readSwitch,
  readTrustProxy,
  readUrl,
  readWorkers,
  readWriteQueue,
  readListenBacklog,
} from './config-readers.ts';
import { type DkimConfig, type InboundMailConfig, type NewsletterSendingConfig, readDkim, readInboundMail, readNewsletterSending } from './config-newsletter.ts';
import { type PoolOptions, defaultPoolOptions } from './db/pool.ts';
import type { WriteQueueOptions } from './plugins/write-queue.ts';
import { type SpamConfig, readSpam } from './config-spam.ts';
import { type SignupMode, readSignupMode } from './config-signup.ts';

export { ConfigError, type S3StorageConfig };

/**
 * The environment, read and checked once at start. A bad value throws a ConfigError whose message is
 * one clear line; main.ts prints it and exits.
 */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface Config {
  port: number;
  /**
   * New connections the kernel may hold for the process before it accepts them (LISTEN_BACKLOG); Linux
   * caps it at net.core.somaxconn. Past it a connection is dropped, and its client tries again only
   * after a second or more.
   */
  listenBacklog: number;
  /**
   * Which proxies in front may say who the client is (X-Forwarded-For): false (none: the connection's
   * address is the client's), their addresses or CIDR ranges, or the number of proxy hops.
   */
  trustProxy: false | number | string[];
  /** App processes on this machine (node:cluster), sharing the port: by default one per core. */
  workers: number;
  host: string;
  dataDir: string;
  /** postgres://… to run on PostgreSQL; undefined for SQLite in dataDir. */
  databaseUrl: string | undefined;
  /** PostgreSQL itself, when DATABASE_URL is PgBouncer in transaction mode: for LISTEN and migrations (default: DATABASE_URL). */
  databaseDirectUrl: string | undefined;
  /**
   * DATABASE_PREPARED_STATEMENTS: the hot reads as named prepared statements (on, the default), or
   * unnamed, parsed each time (off): behind a pooler in transaction mode that does not track prepared
   * statements (PgBouncer before 1.21, or max_prepared_statements = 0).
   */
  databasePreparedStatements: boolean;
  /** Origin used in mailed links and for the same-site check of state-changing calls. */
  publicUrl: string;
  /** smtp(s)://… ; undefined writes each mail to dataDir/mail as .eml. */
  smtpUrl: string | undefined;
  /** redis(s)://… : per-address rate limits counted in Redis, shared by every app server; undefined: in the database. */
  redisUrl: string | undefined;
  /** Put before every key this app writes to Redis (several deployments, or tests, may share one Redis). */
  redisPrefix: string;
  mailFrom: string;
  googleClientId: string | undefined;
  /** Bearer token a Prometheus scraper sends to GET /metrics; unset: no /metrics at all. */
  metricsToken: string | undefined;
  googleJwksUrl: string;
  /** Built web app served at /; tests run without it. */
  webDistDir: string;
  logLevel: string;
  rateLimits: {
    /** Per client address, for each of these calls. */
    login: RateLimit;
    register: RateLimit;
    google: RateLimit;
    resendVerification: RateLimit;
    /** Password reset mails asked for, per client address (each account also gets at most 3 an hour: password-reset.ts). */
    forgotPassword: RateLimit;
    /** Attempts to set a new password with a mailed link, per client address. */
    resetPassword: RateLimit;
    /** Searches per client address (open to visitors; each is a full-text query). */
    search: RateLimit;
    /** Help requests per client address. */
    help: RateLimit;
    /** Reports of a story, comment or account per client address (issue 47). */
    report: RateLimit;
    /** Appeals (and tries of appeal links) per client address (issue 47). */
    appeal: RateLimit;
    /** "Download your data" archives per client address (each one reads all of a member's rows and images). */
    exportData: RateLimit;
    /** View and read beacons of the post page per client address (open; each may write a row). */
    stats: RateLimit;
    /** Reading history entries recorded per client address (the post page's history/add: each may write a row). */
    history: RateLimit;
    /** Newsletter subscriptions asked for per client address (each may mail a confirmation to any address). */
    subscribe: RateLimit;
    /** A writer's CSV imports per client address (each may hold thousands of addresses). */
    newsletterImport: RateLimit;
    /** Activities posted to the ActivityPub inboxes per client address (another server's). */
    federationInbox: RateLimit;
    /** Activities taken from one remote server (its actors' host), from any of its addresses. */
    federationHost: RateLimit;
    /** "Follow from the fediverse" asked per client address (each makes this server ask another one). */
    remoteFollow: RateLimit;
    /** Accounts of other servers a member looks up by handle to follow, per client address (each is looked up there). */
    fediverseFollow: RateLimit;
    /** Failed logins per account from addresses and devices that never signed in to it. */
    failedLoginsPerAccount: RateLimit;
    /** Failed logins per account from one address (trusted or not). */
    failedLoginsPerAddress: RateLimit;
  };
  mail: { pollMs: number; maxAttempts: number; baseBackoffMs: number; maxBackoffMs: number };
  notifications: {
    /** A member's notifications of one kind made within this window go out as one mail (0: each at the next round). */
    digestMs: number;
    /** How often the digest worker looks for digests that are due. */
    digestPollMs: number;
    /** Open notification streams per process; one more is answered 503. */
    streamsMax: number;
    /** Open notification streams per member (tabs); a new one closes the oldest past it. */
    streamsPerMember: number;
    /** A comment line on every open stream this often (keeps proxies from closing it; rechecks the session). */
    heartbeatMs: number;
    /** SQLite: how often the process looks for new notification ids while streams are open. */
    livePollMs: number;
  };
  /** PostgreSQL pool and statement limits (SQLite ignores them). */
  database: PoolOptions;
  /**
   * Signed-in writes (plugins/write-queue.ts): at most `concurrency` run at once, the others wait in
   * order of arrival, at most `depth` of them and each at most `waitMs`, before 503 with Retry-After.
   */
  writeQueue: WriteQueueOptions;
  /** When the process itself is saturated, calls are answered 503 with Retry-After at once. */
  overload: {
    /** Event-loop delay (ms) past which calls are refused; 0 turns the check off. */
    maxEventLoopDelayMs: number;
    /** Heap in use (bytes) past which calls are refused; 0 turns the check off. */
    maxHeapUsedBytes: number;
    /** Seconds a refused client is told to wait (Retry-After). */
    retryAfterSeconds: number;
  };
  sessionTtlMs: number;
  /** How long feed pages that look the same to every reader may be served from memory (0: never). */
  feedCacheMs: number;
  /** Feed answers kept as bytes per process, one per reader and page (feed/feed.routes.ts). */
  feedAnswerEntries: number;
  /**
   * Newsletter confirmation mails one address may get in 24 hours, from every writer and every client
   * address together (one per writer and hour besides): nobody can use the form to mail-bomb a stranger.
   */
  newsletterConfirmationsPerAddress: number;
  /** A writer's CSV import: the most addresses a file may hold, and the confirmation mails imports may send a day. */
  newsletterImport: { maxRows: number; confirmationsPerDay: number };
  /** Stories mailed to subscribers: rate, pool, retries (config-newsletter.ts). */
  newsletter: NewsletterSendingConfig;
  /** The spam defences of comments and replies (config-spam.ts). */
  spam: SpamConfig;
  /** Who may make an account here (SIGNUP_MODE: open, the default, or closed: nobody new, by form or by Google; issue 47). */
  signupMode: SignupMode;
  /** An appeal is answered by a moderator other than the one who took the action (APPEAL_OTHER_MODERATOR, off; ADR 0106). */
  appealOtherModerator: boolean;
  /** How many cases of a wave (a bulk decision) are decided side by side on PostgreSQL (MODERATION_WAVE_PARALLEL, 4); SQLite decides one at a time. */
  moderationWaveParallel: number;
  /** DKIM signing of the mails sent over SMTP, or undefined. */
  dkim: DkimConfig | undefined;
  /** Bounces and mailed unsubscribes: the addresses they come back to and the SMTP port that takes them. */
  inboundMail: InboundMailConfig;
  /** Server-side rendering of the reading screens (web/dist-ssr); rendered pages live as long as feed pages. */
  /**
   * Pages rendered on the server: kept per address and reader, at most cacheEntries, for cacheMs (when
   * the feed cache is on at all), dropped by any write of this process like the feed pages.
   */
  render: { enabled: boolean; cacheEntries: number; cacheMs: number };
  verificationTtlMs: number;
  /** Uploaded images are kept at least this long, used or not (posts are saved after their uploads). */
  uploadGraceMs: number;
  /** How often unused and stray files are swept from storage. */
  storageSweepMs: number;
  /** How often each app process looks for scheduled drafts whose time has come (a post appears at most this late). */
  schedulePollMs: number;
  /**
   * Where uploaded files live: `s3` (STORAGE_URL=s3://bucket/prefix) an S3-compatible bucket, undefined
   * DATA_DIR/storage. `publicUrl` (STORAGE_PUBLIC_URL, no trailing slash): GET /storage/<path>
   * redirects to `${publicUrl}/<path>` (a CDN) instead of serving the bytes.
   */
  storage: { s3: S3StorageConfig | undefined; publicUrl: string | undefined };
  /**
   * ActivityPub federation (FEDERATION, ADR 0066/0067): WebFinger, actors, NodeInfo and inboxes are
   * served only when enabled; allowPrivateAddress lets Fedify fetch from private addresses (tests);
   * lookupTimeoutMs bounds the WebFinger lookup of "Follow from the fediverse".
   */
  federation: { enabled: boolean; allowPrivateAddress: boolean; lookupTimeoutMs: number };
  /** Addresses per sitemap page (/sitemap/posts-{n}.xml, /sitemap/people-{n}.xml): at most the protocol's 50 000. */
  sitemapPageSize: number;
}

const MINUTE = 60_000;

export const defaultRateLimits: Config['rateLimits'] = {
  login: { max: 30, windowMs: 15 * MINUTE },
  register: { max: 10, windowMs: 60 * MINUTE },
  google: { max: 30, windowMs: 15 * MINUTE },
  resendVerification: { max: 5, windowMs: 60 * MINUTE },
  forgotPassword: { max: 5, windowMs: 60 * MINUTE },
  resetPassword: { max: 10, windowMs: 15 * MINUTE },
  search: { max: 120, windowMs: MINUTE },
  help: { max: 10, windowMs: 60 * MINUTE },
  report: { max: 20, windowMs: 60 * MINUTE },
  appeal: { max: 10, windowMs: 60 * MINUTE },
  exportData: { max: 5, windowMs: 60 * MINUTE },
  stats: { max: 300, windowMs: MINUTE },
  history: { max: 300, windowMs: MINUTE },
  subscribe: { max: 10, windowMs: 60 * MINUTE },
  newsletterImport: { max: 10, windowMs: 60 * MINUTE },
  federationInbox: { max: 600, windowMs: MINUTE },
  remoteFollow: { max: 20, windowMs: 60 * MINUTE },
  fediverseFollow: { max: 30, windowMs: 60 * MINUTE },
  federationHost: { max: 1200, windowMs: MINUTE },
  failedLoginsPerAccount: { max: 10, windowMs: 15 * MINUTE },
  failedLoginsPerAddress: { max: 10, windowMs: 15 * MINUTE },
};

/** The variable that sets each limit's `max` (README.md's configuration table lists them all). */
export const rateLimitVariables: Record<keyof Config['rateLimits'], string> = {
  login: 'RATE_LIMIT_LOGIN',
  register: 'RATE_LIMIT_REGISTER',
  google: 'RATE_LIMIT_GOOGLE',
  resendVerification: 'RATE_LIMIT_RESEND_VERIFICATION',
  forgotPassword: 'RATE_LIMIT_FORGOT_PASSWORD',
  resetPassword: 'RATE_LIMIT_RESET_PASSWORD',
  search: 'RATE_LIMIT_SEARCH',
  help: 'RATE_LIMIT_HELP',
  report: 'RATE_LIMIT_REPORT',
  appeal: 'RATE_LIMIT_APPEAL',
  exportData: 'RATE_LIMIT_EXPORT_DATA',
  stats: 'RATE_LIMIT_STATS',
  history: 'RATE_LIMIT_HISTORY',
  subscribe: 'RATE_LIMIT_SUBSCRIBE',
  newsletterImport: 'RATE_LIMIT_NEWSLETTER_IMPORT',
  federationInbox: 'RATE_LIMIT_FEDERATION_INBOX',
  remoteFollow: 'RATE_LIMIT_REMOTE_FOLLOW',
  fediverseFollow: 'RATE_LIMIT_FEDIVERSE_FOLLOW',
  federationHost: 'RATE_LIMIT_FEDERATION_HOST',
  failedLoginsPerAccount: 'LOGIN_FAILURES_PER_ACCOUNT',
  failedLoginsPerAddress: 'LOGIN_FAILURES_PER_ADDRESS',
};

function readRateLimits(env: Env): Config['rateLimits'] {
  const limits = { ...defaultRateLimits };
  for (const [name, variable] of Object.entries(rateLimitVariables) as Array<[keyof Config['rateLimits'], string]>) {
    limits[name] = { ...defaultRateLimits[name], max: readPositiveInt(env, variable, defaultRateLimits[name].max) };
  }
  return limits;
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const port = readPort(env);
  const host = env.HOST || '127.0.0.1';
  if (/\s/.test(host)) bad('HOST', host, 'a host name or address');
  const dataDir = path.resolve(cwd, env.DATA_DIR || './data');
  const databaseUrl = readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const databaseDirectUrl = readUrl(env, 'DATABASE_DIRECT_URL', ['postgres:', 'postgresql:']);
  const linkHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const publicUrlRaw = readUrl(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://${linkHost.includes(':') ? `[${linkHost}]` : linkHost}:${port}`;
  const publicUrl = new URL(publicUrlRaw).origin;
  const smtpUrl = readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const redisUrl = readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']);
  const redisPrefix = env.REDIS_PREFIX || 'inkwell:';
  if (!/^[\x21-\x7e]{1,100}$/.test(redisPrefix)) bad('REDIS_PREFIX', redisPrefix, 'up to 100 visible ASCII characters, no spaces');
  const mailFrom = env.MAIL_FROM || 'Inkwell <no-reply@inkwell.local>';
  if (!/^[^<>@\s]+@[^<>@\s]+$|^[^<>]*<[^<>@\s]+@[^<>@\s]+>$/.test(mailFrom)) {
    bad('MAIL_FROM', mailFrom, "an address such as 'Inkwell <no-reply@example.com>'");
  }
  const googleClientId = env.GOOGLE_CLIENT_ID || undefined;
  if (googleClientId !== undefined && /\s/.test(googleClientId)) bad('GOOGLE_CLIENT_ID', googleClientId, 'a Google OAuth client id');
  const googleJwksUrl = readUrl(env, 'GOOGLE_JWKS_URL', ['http:', 'https:']) ?? 'https://www.googleapis.com/oauth2/v3/certs';
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,200}$/.test(metricsToken)) bad('METRICS_TOKEN', '(hidden)', 'at least 16 visible ASCII characters, no spaces');
  const logLevel = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    bad('LOG_LEVEL', logLevel, 'one of fatal, error, warn, info, debug, trace, silent');
  }
  return {
    port,
    listenBacklog: readListenBacklog(env),
    workers: readWorkers(env),
    trustProxy: readTrustProxy(env),
    host,
    dataDir,
    databaseUrl,
    databaseDirectUrl,
    databasePreparedStatements: readSwitch(env, 'DATABASE_PREPARED_STATEMENTS', true),
    publicUrl,
    smtpUrl,
    redisUrl,
    redisPrefix,
    mailFrom,
    googleClientId,
    googleJwksUrl,
    metricsToken,
    webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
    logLevel,
    rateLimits: readRateLimits(env),
    writeQueue: readWriteQueue(env, readPositiveInt(env, 'DATABASE_POOL_MAX', defaultPoolOptions.max)),
    database: {
      max: readPositiveInt(env, 'DATABASE_POOL_MAX', defaultPoolOptions.max),
      queueMax: readPositiveInt(env, 'DATABASE_POOL_QUEUE_MAX', defaultPoolOptions.queueMax),
      waitMs: readPositiveInt(env, 'DATABASE_POOL_WAIT_MS', defaultPoolOptions.waitMs),
      statementTimeoutMs: readNonNegativeInt(env, 'DATABASE_STATEMENT_TIMEOUT_MS', defaultPoolOptions.statementTimeoutMs),
    },
    overload: {
      maxEventLoopDelayMs: readNonNegativeInt(env, 'OVERLOAD_EVENT_LOOP_DELAY_MS', 1000),
      maxHeapUsedBytes: readNonNegativeInt(env, 'OVERLOAD_HEAP_USED_MB', Math.floor((getHeapStatistics().heap_size_limit * 0.9) / 2 ** 20), 'megabytes') * 2 ** 20,
      retryAfterSeconds: readPositiveInt(env, 'OVERLOAD_RETRY_AFTER_S', 2),
    },
    mail: { pollMs: 5000, maxAttempts: 10, baseBackoffMs: 5000, maxBackoffMs: 60 * MINUTE },
    notifications: {
      digestMs: readNonNegativeInt(env, 'MAIL_DIGEST_MINUTES', 15, 'minutes') * MINUTE,
      digestPollMs: 10_000,
      streamsMax: readPositiveInt(env, 'NOTIFICATION_STREAMS_MAX', 5000),
      streamsPerMember: readPositiveInt(env, 'NOTIFICATION_STREAMS_PER_MEMBER', 10),
      heartbeatMs: 25_000,
      livePollMs: 100,
    },
    sessionTtlMs: 30 * 24 * 60 * MINUTE,
    feedCacheMs: readNonNegativeInt(env, 'FEED_CACHE_MS', 500),
    feedAnswerEntries: readPositiveInt(env, 'FEED_ANSWER_ENTRIES', 5000),
    newsletterConfirmationsPerAddress: readPositiveInt(env, 'NEWSLETTER_CONFIRMATIONS_PER_ADDRESS', 5),
    newsletterImport: {
      maxRows: readPositiveInt(env, 'NEWSLETTER_IMPORT_MAX_ROWS', 10_000),
      confirmationsPerDay: readPositiveInt(env, 'NEWSLETTER_IMPORT_CONFIRMATIONS_PER_DAY', 1000),
    },
    newsletter: readNewsletterSending(env),
    spam: readSpam(env),
    signupMode: readSignupMode(env),
    appealOtherModerator: readSwitch(env, 'APPEAL_OTHER_MODERATOR', false),
    moderationWaveParallel: readPositiveInt(env, 'MODERATION_WAVE_PARALLEL', 4),
    dkim: readDkim(env, cwd),
    inboundMail: readInboundMail(env, host),
    render: {
      enabled: readSwitch(env, 'SERVER_RENDERING', true),
      cacheEntries: readPositiveInt(env, 'RENDER_CACHE_ENTRIES', 2000),
      cacheMs: readNonNegativeInt(env, 'RENDER_CACHE_MS', 30_000),
    },
    verificationTtlMs: 48 * 60 * MINUTE,
    uploadGraceMs: readPositiveInt(env, 'UPLOAD_GRACE_HOURS', 7 * 24) * 60 * MINUTE,
    storageSweepMs: 60 * MINUTE,
    schedulePollMs: readPositiveInt(env, 'SCHEDULE_POLL_MS', 15_000),
    storage: { s3: readS3Storage(env), publicUrl: readStoragePublicUrl(env) },
    sitemapPageSize: readSitemapPageSize(env),
    federation: readFederation(env, publicUrl),
  };
}
