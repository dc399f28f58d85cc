import { availableParallelism } from 'node:os';

/** Reading and checking single environment variables; config.ts puts them together. */

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** An S3-compatible bucket, with what the AWS SDK needs to reach it (from the AWS_* variables it reads). */
export interface S3StorageConfig {
  bucket: string;
  /** Put before every stored path to make its key: "" or "some/prefix/". */
  prefix: string;
  /** AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL (an S3-compatible store); undefined: AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY; undefined: the SDK's other sources (profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
  /** Bucket in the path (http://host/bucket/key) rather than the host name (http://bucket.host/key). */
  forcePathStyle: boolean;
}

export function bad(name: string, value: string, expected: string): never {
  throw new ConfigError(`Invalid configuration: ${name} must be ${expected} (got '${value}').`);
}

export function readPort(env: Env): number {
  const raw = env.PORT;
  if (raw === undefined || raw === '') return 3000;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 65535) bad('PORT', raw, 'a whole number from 1 to 65535');
  return Number(raw);
}

/** A URL as it may be shown in a message: without the password it may carry. */
const withoutPassword = (raw: string) => raw.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*):[^@/]*@/i, '$1:***@');

export function readUrl(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    bad(name, withoutPassword(raw), `a URL starting with ${protocols.join(' or ')}`);
  }
  if (!protocols.includes(url.protocol)) bad(name, withoutPassword(raw), `a URL starting with ${protocols.join(' or ')}`);
  return raw;
}

export function readNonNegativeInt(env: Env, name: string, fallback: number, unit = 'milliseconds'): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) bad(name, raw, `a whole number of ${unit} (0 turns it off)`);
  return Number(raw);
}

export function readSwitch(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'on' || raw === 'off') return raw === 'on';
  throw new ConfigError(`${name} must be on or off, not "${raw}".`);
}

export function readPositiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) bad(name, raw, 'a positive whole number');
  return Number(raw);
}

export function readTrustProxy(env: Env): false | number | string[] {
  const raw = env.TRUST_PROXY;
  if (raw === undefined || raw === '') return false;
  if (/^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 10) return Number(raw);
  const entries = raw.split(',').map((e) => e.trim());
  const address = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(?:\/\d{1,3})?$/i;
  if (entries.some((e) => !address.test(e))) bad('TRUST_PROXY', raw, 'the number of proxy hops (1 to 10) or a comma-separated list of proxy addresses or CIDR ranges');
  return entries;
}

/** A whole number from `min` to `max` in `name`, or `fallback` when it is unset. */
function readBetween(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) bad(name, raw, `a whole number from ${min} to ${max}`);
  return Number(raw);
}

/**
 * WRITE_QUEUE_CONCURRENCY (signed-in writes at once; by default DATABASE_POOL_MAX, `poolMax`),
 * WRITE_QUEUE_DEPTH (how many may wait; 0: none) and WRITE_QUEUE_WAIT_MS (how long each may wait, at
 * most a minute: a proxy in front would give up first).
 */
export function readWriteQueue(env: Env, poolMax: number): { concurrency: number; depth: number; waitMs: number } {
  return {
    concurrency: readBetween(env, 'WRITE_QUEUE_CONCURRENCY', poolMax, 1, 1000),
    depth: readBetween(env, 'WRITE_QUEUE_DEPTH', 2000, 0, 100_000),
    waitMs: readBetween(env, 'WRITE_QUEUE_WAIT_MS', 5000, 1, 60_000),
  };
}

/** LISTEN_BACKLOG: connections waiting to be accepted, 1 to 65535 (Node's own default is 511). */
export function readListenBacklog(env: Env): number {
  return readBetween(env, 'LISTEN_BACKLOG', 4096, 1, 65_535);
}

export function readWorkers(env: Env): number {
  const workers = readPositiveInt(env, 'WORKERS', availableParallelism());
  if (workers > 256) bad('WORKERS', String(workers), 'a whole number from 1 to 256');
  return workers;
}

const S3_URL = /^s3:\/\/([^/]*)(?:\/(.*))?$/;
/** S3's rules for a bucket name (3 to 63 lowercase letters, digits, dots, hyphens; a letter or digit at each end). */
const BUCKET_NAME = /^(?!.*\.\.)[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^(?!\.\.?$)[A-Za-z0-9._-]{1,200}$/;

/** STORAGE_URL: unset for DATA_DIR/storage, s3://bucket[/prefix] for a bucket reached as the AWS SDK would. */
export function readS3Storage(env: Env): S3StorageConfig | undefined {
  const raw = env.STORAGE_URL;
  if (raw === undefined || raw === '') return undefined;
  const match = S3_URL.exec(raw);
  if (!match) bad('STORAGE_URL', raw, 's3://bucket or s3://bucket/prefix (unset: files in DATA_DIR/storage)');
  const bucket = match[1]!;
  if (!BUCKET_NAME.test(bucket)) bad('STORAGE_URL', raw, 's3://bucket… with a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens');
  const rest = (match[2] ?? '').replace(/\/$/, '');
  const segments = rest === '' ? [] : rest.split('/');
  if (!segments.every((s) => PREFIX_SEGMENT.test(s)))
    bad('STORAGE_URL', raw, 's3://bucket/prefix with a prefix of letters, digits, dots, hyphens and underscores between single slashes');
  const endpoint = readUrl(env, 'AWS_ENDPOINT_URL_S3', ['http:', 'https:']) ?? readUrl(env, 'AWS_ENDPOINT_URL', ['http:', 'https:']);
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(region)) bad('AWS_REGION', region, 'a region name such as us-east-1');
  const accessKeyId = env.AWS_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY || undefined;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError("Invalid configuration: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together (set both, or neither for the AWS SDK's other sources of credentials).");
  }
  const sessionToken = env.AWS_SESSION_TOKEN || undefined;
  return {
    bucket,
    prefix: segments.length > 0 ? `${segments.join('/')}/` : '',
    endpoint,
    region,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } : undefined,
    // Most S3-compatible stores (MinIO, s3rver, Garage…) want the bucket in the path; AWS in the host name.
    forcePathStyle: readSwitch(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined),
  };
}

/** STORAGE_PUBLIC_URL: an http(s) base address without query or fragment, kept without its trailing slash. */
export function readStoragePublicUrl(env: Env): string | undefined {
  const raw = readUrl(env, 'STORAGE_PUBLIC_URL', ['http:', 'https:']);
  if (raw === undefined) return undefined;
  const url = new URL(raw);
  if (url.search || url.hash || url.username || url.password)
    bad('STORAGE_PUBLIC_URL', raw, 'a base address such as https://cdn.example.com/inkwell (no query, fragment or credentials)');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function readSitemapPageSize(env: Env): number {
  const size = readPositiveInt(env, 'SITEMAP_PAGE_SIZE', 10_000);
  if (size > 50_000) bad('SITEMAP_PAGE_SIZE', String(size), "a whole number from 1 to 50000 (the sitemap protocol's limit)");
  return size;
}

/**
 * FEDERATION (on/off; by default on when PUBLIC_URL is https: another server only fetches an https
 * actor), FEDERATION_ALLOW_PRIVATE_ADDRESS (1: Fedify may fetch from private addresses; tests only) and
 * FEDERATION_LOOKUP_TIMEOUT_MS (how long a reader's server has to answer "Follow from the fediverse").
 */
export function readFederation(env: Env, publicUrl: string): { enabled: boolean; allowPrivateAddress: boolean; lookupTimeoutMs: number } {
  const enabled = readSwitch(env, 'FEDERATION', new URL(publicUrl).protocol === 'https:');
  const raw = env.FEDERATION_ALLOW_PRIVATE_ADDRESS;
  if (raw !== undefined && raw !== '' && raw !== '0' && raw !== '1') bad('FEDERATION_ALLOW_PRIVATE_ADDRESS', raw, '1 or 0 (unset: 0)');
  return { enabled, allowPrivateAddress: raw === '1', lookupTimeoutMs: readPositiveInt(env, 'FEDERATION_LOOKUP_TIMEOUT_MS', 10_000) };
}
