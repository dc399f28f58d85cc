import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** How long a Redis command may take before it fails (a rate-limited call then goes on uncounted). */
const COMMAND_TIMEOUT_MS = 500;
/** How long opening a connection may take, and how long the app waits for the first one at start. */
const CONNECT_TIMEOUT_MS = 2000;

export interface RedisConnection {
  client: Redis;
  /** true when Redis answers a PING now. */
  ping(): Promise<boolean>;
  close(): void;
}

/**
 * One Redis client for the process. Commands never wait for a connection (no offline queue) and time
 * out quickly, so an outage costs a call a failed command, not a wait; the client reconnects by itself.
 * The outage and the recovery are logged once each. Waits (bounded) for the first connection, so that
 * the first calls are counted; an unreachable Redis does not stop the app from starting.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<RedisConnection> {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // A connection that stops answering is dropped (and logged) rather than timing out call after call.
    socketTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(100 * 2 ** times, 5000),
  });
  let answering: boolean | undefined;
  let closing = false;
  const down = (reason: string) => {
    if (answering !== false && !closing) {
      log.warn({ reason }, 'Redis does not answer: per-address rate limits are not counted until it does');
    }
    answering = false;
  };
  client.on('ready', () => {
    if (answering === false) log.info('Redis answers again: per-address rate limits are counted');
    answering = true;
  });
  client.on('error', (err: Error) => down(err.message));
  client.on('close', () => down('connection closed'));

  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      client.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, CONNECT_TIMEOUT_MS);
    client.once('ready', done);
    client.once('error', done);
  });

  return {
    client,
    async ping() {
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    close() {
      closing = true;
      client.disconnect();
    },
  };
}
