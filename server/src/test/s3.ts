import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../config.ts';

/** A local S3-protocol server with one empty bucket, for as long as a test needs it. */
export interface S3Server {
  /** Where it listens: http://127.0.0.1:<port>. */
  url: string;
  bucket: string;
  /**
   * What an app process needs to keep its files there: STORAGE_URL (s3://bucket, or s3://bucket/prefix)
   * and the AWS_* variables the AWS SDK reads (endpoint, region, credentials).
   */
  env: Record<string, string>;
  /** The same as configuration, for buildTestApp({ config: { storage } }). */
  storage: Config['storage'];
  /** Stops the server (its port refuses connections from then on) and removes its files; again does nothing. */
  stop(): Promise<void>;
}

const SCRIPT = path.join(import.meta.dirname, 's3rver-process.mjs');
const START_TIMEOUT_MS = 15_000;

/** The port the server process prints once it listens; rejects if it exits or stays silent. */
function portOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start within ${START_TIMEOUT_MS} ms: ${err}`)), START_TIMEOUT_MS);
    child.stderr!.on('data', (chunk: Buffer) => void (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n');
      if (line.length < 2) return;
      clearTimeout(timer);
      resolve((JSON.parse(line[0]!) as { port: number }).port);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited (${code}) before it listened: ${err}`));
    });
  });
}

/**
 * Starts s3rver (a real S3-protocol server: signatures checked, objects on disk) on a free port in a
 * temporary directory, with a bucket of a unique name. `prefix` puts the files under a key prefix.
 */
export async function startS3(options: { prefix?: string } = {}): Promise<S3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-s3-'));
  const bucket = `inkwell-${randomBytes(6).toString('hex')}`;
  const child = spawn(process.execPath, ['--openssl-legacy-provider', SCRIPT, directory, bucket], { stdio: ['pipe', 'pipe', 'pipe'] });
  let port: number;
  try {
    port = await portOf(child);
  } catch (err) {
    child.kill('SIGKILL');
    await fs.rm(directory, { recursive: true, force: true });
    throw err;
  }
  // Forgetting stop() must not keep a test process alive (the server also stops when its stdin closes).
  child.unref();
  for (const pipe of [child.stdin, child.stdout, child.stderr]) (pipe as unknown as { unref(): void }).unref();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    STORAGE_URL: options.prefix ? `s3://${bucket}/${options.prefix}` : `s3://${bucket}`,
    AWS_ENDPOINT_URL_S3: url,
    AWS_REGION: 'us-east-1',
    // s3rver's one account.
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    // The SDK's notice that its 2027 releases want Node 22, once per process: not what a test reads.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopped: Promise<void> | undefined;
  return {
    url,
    bucket,
    env,
    storage: loadConfig(env).storage,
    stop() {
      stopped ??= (async () => {
        child.kill('SIGTERM');
        await exited;
        await fs.rm(directory, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}
