import path from 'node:path';

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
    /** Searches per client address (open to visitors; each is a full-text query). */
    search: RateLimit;
    /** Help requests per client address. */
    help: RateLimit;
    /** Failed logins per account (SPEC issue: at most 10 per 15 minutes). */
    failedLoginsPerAccount: RateLimit;
  };
  mail: { pollMs: number; maxAttempts: number; baseBackoffMs: number; maxBackoffMs: number };
  sessionTtlMs: number;
  /** How long feed pages that look the same to every reader may be served from memory (0: never). */
  feedCacheMs: number;
  verificationTtlMs: number;
  /** Uploaded images are kept at least this long, used or not (posts are saved after their uploads). */
  uploadGraceMs: number;
  /** How often unused and stray files are swept from storage. */
  storageSweepMs: number;
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
  search: { max: 120, windowMs: MINUTE },
  help: { max: 10, windowMs: 60 * MINUTE },
  failedLoginsPerAccount: { max: 10, windowMs: 15 * MINUTE },
};

type Env = Record<string, string | undefined>;

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

function readNonNegativeInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) bad(name, raw, 'a whole number of milliseconds (0 turns it off)');
  return Number(raw);
}

function readPositiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) bad(name, raw, 'a positive whole number');
  return Number(raw);
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
  const logLevel = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    bad('LOG_LEVEL', logLevel, 'one of fatal, error, warn, info, debug, trace, silent');
  }
  const failedLogins = readPositiveInt(env, 'LOGIN_FAILURES_PER_ACCOUNT', defaultRateLimits.failedLoginsPerAccount.max);
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
    webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
    logLevel,
    rateLimits: {
      ...defaultRateLimits,
      login: { ...defaultRateLimits.login, max: readPositiveInt(env, 'RATE_LIMIT_LOGIN', defaultRateLimits.login.max) },
      register: { ...defaultRateLimits.register, max: readPositiveInt(env, 'RATE_LIMIT_REGISTER', defaultRateLimits.register.max) },
      google: { ...defaultRateLimits.google, max: readPositiveInt(env, 'RATE_LIMIT_GOOGLE', defaultRateLimits.google.max) },
      failedLoginsPerAccount: { ...defaultRateLimits.failedLoginsPerAccount, max: failedLogins },
    },
    mail: { pollMs: 5000, maxAttempts: 10, baseBackoffMs: 5000, maxBackoffMs: 60 * MINUTE },
    sessionTtlMs: 30 * 24 * 60 * MINUTE,
    feedCacheMs: readNonNegativeInt(env, 'FEED_CACHE_MS', 500),
    verificationTtlMs: 48 * 60 * MINUTE,
    uploadGraceMs: readPositiveInt(env, 'UPLOAD_GRACE_HOURS', 7 * 24) * 60 * MINUTE,
    storageSweepMs: 60 * MINUTE,
  };
}
