import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { type PoolOptions, defaultPoolOptions } from './db/pool';

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
  host: string;
  dataDir: string;
  /** postgres://… to run on PostgreSQL; undefined for SQLite in dataDir. */
  databaseUrl: string | undefined;
  /** Origin used in mailed links and for the same-site check of state-changing calls. */
  publicUrl: string;
  /** smtp(s)://… ; undefined writes each mail to dataDir/mail as .eml. */
  smtpUrl: string | undefined;
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
    /** "Download your data" archives per client address (each one reads all of a member's rows and images). */
    exportData: RateLimit;
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
  /** Addresses per sitemap page (/sitemap/posts-{n}.xml, /sitemap/people-{n}.xml): at most the protocol's 50 000. */
  sitemapPageSize: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
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
  exportData: { max: 5, windowMs: 60 * MINUTE },
  failedLoginsPerAccount: { max: 10, windowMs: 15 * MINUTE },
  failedLoginsPerAddress: { max: 10, windowMs: 15 * MINUTE },
};

type Env = Record<string, string | undefined>;

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
  exportData: 'RATE_LIMIT_EXPORT_DATA',
  failedLoginsPerAccount: 'LOGIN_FAILURES_PER_ACCOUNT',
  failedLoginsPerAddress: 'LOGIN_FAILURES_PER_ADDRESS',
};

function bad(name: string, value: string, expected: string): never {
  throw new ConfigError(`Invalid configuration: ${name} must be ${expected} (got '${value}').`);
}

function readPort(env: Env): number {
  const raw = env.PORT;
  if (raw === undefined || raw === '') return 3000;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 65535) bad('PORT', raw, 'a whole number from 1 to 65535');
  return Number(raw);
}

function readUrl(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    bad(name, raw, `a URL starting with ${protocols.join(' or ')}`);
  }
  if (!protocols.includes(url.protocol)) bad(name, raw, `a URL starting with ${protocols.join(' or ')}`);
  return raw;
}

function readNonNegativeInt(env: Env, name: string, fallback: number, unit = 'milliseconds'): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) bad(name, raw, `a whole number of ${unit} (0 turns it off)`);
  return Number(raw);
}

function readSwitch(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'on' || raw === 'off') return raw === 'on';
  throw new ConfigError(`${name} must be on or off, not "${raw}".`);
}

function readPositiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) bad(name, raw, 'a positive whole number');
  return Number(raw);
}

function readSitemapPageSize(env: Env): number {
  const size = readPositiveInt(env, 'SITEMAP_PAGE_SIZE', 10_000);
  if (size > 50_000) bad('SITEMAP_PAGE_SIZE', String(size), "a whole number from 1 to 50000 (the sitemap protocol's limit)");
  return size;
}

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
  const linkHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const publicUrlRaw = readUrl(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://${linkHost.includes(':') ? `[${linkHost}]` : linkHost}:${port}`;
  const publicUrl = new URL(publicUrlRaw).origin;
  const smtpUrl = readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']);
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
    host,
    dataDir,
    databaseUrl,
    publicUrl,
    smtpUrl,
    mailFrom,
    googleClientId,
    googleJwksUrl,
    metricsToken,
    webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
    logLevel,
    rateLimits: readRateLimits(env),
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
    render: {
      enabled: readSwitch(env, 'SERVER_RENDERING', true),
      cacheEntries: readPositiveInt(env, 'RENDER_CACHE_ENTRIES', 2000),
      cacheMs: readNonNegativeInt(env, 'RENDER_CACHE_MS', 30_000),
    },
    verificationTtlMs: 48 * 60 * MINUTE,
    uploadGraceMs: readPositiveInt(env, 'UPLOAD_GRACE_HOURS', 7 * 24) * 60 * MINUTE,
    storageSweepMs: 60 * MINUTE,
    sitemapPageSize: readSitemapPageSize(env),
  };
}
