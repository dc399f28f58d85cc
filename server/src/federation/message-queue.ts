import { randomBytes } from 'node:crypto';
import type { MessageQueue, MessageQueueDepth, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import type { Database } from '../db/database.ts';
import { isUniqueViolation } from '../db/database.ts';
import { processHolder } from '../db/leases.ts';
import { type Listener, listenOnPostgres } from '../db/listen.ts';
import { QUEUE_CHANNEL, claimMessages, deleteMessage, insertMessages, notifyQueue, queueDepth, releaseMessages } from './federation-store.repository.ts';
import { durationMs } from './kv-store.ts';

export interface KyselyMessageQueueOptions {
  /** How long an idle listener waits before it looks for due messages again (default 1 s). */
  pollIntervalMs?: number;
  /** Messages one listener claims at once and handles side by side (default 1); never two of one ordering key. */
  batchSize?: number;
  /** How long a claim holds (default 2 min): a message whose listener died is taken by another after it. */
  leaseMs?: number;
  /** A handler still running after this (default 60 s, less than leaseMs) counts as failed and its listener moves on. */
  handlerTimeoutMs?: number;
  /** PostgreSQL: an enqueue sends NOTIFY so that idle listeners on every app server look at once (default true). */
  notify?: boolean;
  /** A message this answers true for is deleted unhandled when its turn comes (a delivery to a server blocked since it was queued). */
  drop?: (message: unknown) => Promise<boolean>;
  /** What a message becomes as it is handled (each delivery gets the headers it is sent with: federation.ts). */
  prepare?: (message: unknown) => unknown;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

type Handler = (message: unknown) => Promise<void> | void;
type Claimed = Awaited<ReturnType<typeof claimMessages>>[number];

const iso = (ms: number) => new Date(ms).toISOString();

/** Resolves with `work`, or rejects once `ms` have passed without it. */
function within(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`message handler still running after ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Fedify's message queue on our database, the same on SQLite and PostgreSQL (table
 * federation_messages, ADR 0066). Every app process may listen; each message is handled by one:
 * - a listener claims due messages in one statement (PostgreSQL: the candidates locked FOR UPDATE
 *   SKIP LOCKED; SQLite: under the write lock) for `leaseMs`, handles them, then deletes them. A
 *   listener that dies leaves its claims, which lapse, and another listener takes those messages:
 *   a message is handled at least once, twice only when its listener died after handling it and
 *   before the delete.
 * - messages of one ordering key go one at a time, oldest first (a partial unique index allows one
 *   claimed row per key, whatever two listeners read at once).
 * - a handler that throws or outlives `handlerTimeoutMs` is logged and its message deleted, as
 *   Fedify's own PostgreSQL and SQLite queues do: nativeRetrial is false, so Fedify's handler already
 *   enqueued the retry it wanted (with its backoff) before returning.
 * Idle listeners poll every `pollIntervalMs`; an enqueue wakes those of this queue at once, and on
 * PostgreSQL those of every app server through NOTIFY (polling alone is enough: the wake-up only
 * saves the wait). A delayed message is found by the first poll after it is due.
 */
export class KyselyMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;
  readonly #database: Database;
  readonly #log: Logger;
  readonly #pollIntervalMs: number;
  readonly #batchSize: number;
  readonly #leaseMs: number;
  readonly #handlerTimeoutMs: number;
  readonly #notify: boolean;
  readonly #drop: ((message: unknown) => Promise<boolean>) | undefined;
  readonly #prepare: (message: unknown) => unknown;
  /** Wakes this queue's idle listeners. */
  readonly #wakers = new Set<() => void>();

  constructor(database: Database, log: Logger, options: KyselyMessageQueueOptions = {}) {
    this.#database = database;
    this.#log = log;
    this.#pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.#batchSize = options.batchSize ?? 1;
    this.#leaseMs = options.leaseMs ?? 120_000;
    this.#handlerTimeoutMs = options.handlerTimeoutMs ?? 60_000;
    this.#notify = options.notify ?? true;
    this.#drop = options.drop;
    this.#prepare = options.prepare ?? ((message) => message);
    if (!(this.#handlerTimeoutMs > 0 && this.#handlerTimeoutMs < this.#leaseMs)) {
      throw new RangeError('handlerTimeoutMs must be more than 0 and less than leaseMs, or a slow handler would lose its claim');
    }
    if (!(this.#batchSize >= 1 && this.#pollIntervalMs > 0)) throw new RangeError('batchSize must be at least 1 and pollIntervalMs more than 0');
  }

  enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    return this.enqueueMany([message], options);
  }

  /** All the messages or none, due together, in the order given (the order of their ordering key). */
  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    if (messages.length === 0) return;
    const payloads = messages.map((message) => {
      const payload = JSON.stringify(message);
      if (payload === undefined) throw new TypeError('a queued message must have a JSON form');
      return payload;
    });
    const now = Date.now();
    const delay = options?.delay === undefined ? 0 : durationMs(options.delay);
    await insertMessages(this.#database.db, payloads, iso(now + delay), options?.orderingKey ?? null, iso(now));
    if (delay === 0) await this.#wakeListeners();
  }

  /** Messages waiting, not counting those a listener is handling. */
  async getDepth(): Promise<MessageQueueDepth> {
    const { queued, ready } = await queueDepth(this.#database.db, iso(Date.now()));
    return { queued, ready, delayed: queued - ready };
  }

  /** Handles messages until `signal` aborts (then resolves, once the messages in hand are done). Never rejects. */
  async listen(handler: Handler, options: MessageQueueListenOptions = {}): Promise<void> {
    const { signal } = options;
    if (signal?.aborted) return;
    const holder = `${processHolder}:${randomBytes(4).toString('hex')}`;
    let woken: boolean; // by an enqueue (or NOTIFY) since the round began
    let endSleep: (() => void) | undefined;
    const wake = () => {
      woken = true;
      endSleep?.();
    };
    this.#wakers.add(wake);
    signal?.addEventListener('abort', wake);
    let listener: Listener | undefined;
    try {
      if (this.#notify && this.#database.connectionString) {
        listener = listenOnPostgres(this.#database.connectionString, QUEUE_CHANNEL, { onPayload: wake, onReconnect: wake }, this.#log);
      }
      while (!signal?.aborted) {
        woken = false;
        let handled = 0;
        let failed = false;
        try {
          handled = await this.#round(handler, holder, signal);
        } catch (err) {
          failed = true; // waits for the next poll, woken or not
          // A unique violation: another listener claimed a message of the same ordering key at the same moment.
          if (!isUniqueViolation(err)) this.#log.warn({ err: (err as Error).message }, 'federation queue: could not claim messages; trying again');
        }
        if (!failed && (handled > 0 || woken)) continue;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            endSleep = undefined;
            resolve();
          };
          const timer = setTimeout(done, this.#pollIntervalMs);
          endSleep = done;
          if (signal?.aborted) done();
        });
      }
    } finally {
      this.#wakers.delete(wake);
      signal?.removeEventListener('abort', wake);
      await listener?.stop();
    }
  }

  /** Claims what is due and handles it; resolves to how many it handled. */
  async #round(handler: Handler, holder: string, signal: AbortSignal | undefined): Promise<number> {
    const now = Date.now();
    const claimed = await claimMessages(this.#database.db, holder, iso(now), iso(now + this.#leaseMs), this.#batchSize);
    if (claimed.length === 0) return 0;
    if (signal?.aborted) {
      await releaseMessages(
        this.#database.db,
        claimed.map((m) => m.id),
        holder,
      );
      return 0;
    }
    await Promise.all(claimed.map((m) => this.#handle(handler, m, holder)));
    return claimed.length;
  }

  async #handle(handler: Handler, message: Claimed, holder: string): Promise<void> {
    try {
      const payload = this.#prepare(JSON.parse(message.payload));
      if (!(await this.#drop?.(payload)))
        await within(
          Promise.resolve().then(() => handler(payload)),
          this.#handlerTimeoutMs,
        );
    } catch (err) {
      this.#log.warn(
        { err: (err as Error)?.message ?? String(err), id: message.id },
        'federation queue: a message handler failed; the message is dropped (Fedify schedules its own retries)',
      );
    }
    try {
      await deleteMessage(this.#database.db, message.id, holder);
    } catch (err) {
      this.#log.warn({ err: (err as Error).message, id: message.id }, 'federation queue: could not delete a handled message; it is handled again once its claim lapses');
    }
  }

  /** Wakes this queue's idle listeners, and on PostgreSQL every app server's (a failed NOTIFY only leaves them to their poll). */
  async #wakeListeners(): Promise<void> {
    for (const wake of this.#wakers) wake();
    if (!this.#notify || this.#database.dialect !== 'postgres') return;
    try {
      await notifyQueue(this.#database.db);
    } catch (err) {
      this.#log.warn({ err: (err as Error).message }, 'federation queue: could not NOTIFY the listeners; they will find the message when they poll');
    }
  }
}
