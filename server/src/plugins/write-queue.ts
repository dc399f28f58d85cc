import type { FastifyInstance, onRequestHookHandler, onSendHookHandler } from 'fastify';
import PQueue from 'p-queue';
import { Histogram, WAIT_BUCKETS } from '../lib/histogram.ts';
import { addRouteHook } from './route-hooks.ts';

export interface WriteQueueOptions {
  /** Signed-in writes handled at once (WRITE_QUEUE_CONCURRENCY): about the database pool's connections. */
  concurrency: number;
  /** Calls that may wait for their turn (WRITE_QUEUE_DEPTH); one more is refused at once. */
  depth: number;
  /** How long a call may wait for its turn (WRITE_QUEUE_WAIT_MS) before it is refused. */
  waitMs: number;
}

/** A call the queue did not run: it was full, the call's turn did not come in time, or its client left while it waited. */
export class QueueRefusal extends Error {
  override name = 'QueueRefusal';
  readonly reason: 'full' | 'waited' | 'gone';

  constructor(reason: 'full' | 'waited' | 'gone') {
    super(reason === 'full' ? 'the write queue is full' : reason === 'waited' ? 'no turn within the wait bound' : 'the client left while waiting');
    this.reason = reason;
  }
}

/**
 * Turns for signed-in writes: `concurrency` run at once, the others wait in order of arrival, at most
 * `depth` of them and each at most `waitMs`. A well-kept promise queue (p-queue) keeps the order and
 * the count; a waiting call whose wait ends is taken out of it, so it never runs.
 */
export class WriteQueue {
  readonly #queue: PQueue;
  readonly #options: WriteQueueOptions;
  /** How long each call that ran had waited for its turn, in seconds. */
  readonly waits = new Histogram(WAIT_BUCKETS);
  /** Calls refused so far, by reason (a client that left is not counted). */
  readonly refused = { full: 0, waited: 0 };

  constructor(options: WriteQueueOptions) {
    this.#options = options;
    this.#queue = new PQueue({ concurrency: options.concurrency });
  }

  get running(): number {
    return this.#queue.pending;
  }

  get waiting(): number {
    return this.#queue.size;
  }

  /**
   * Waits for a turn and answers the function that gives it back (call it once the work is done; a
   * second call does nothing; the next call starts on the event loop's next turn). Rejects with a QueueRefusal at once when `depth` calls already wait,
   * once `waitMs` have passed without a turn, or when `gone` aborts first (the caller left).
   */
  turn(gone?: AbortSignal): Promise<() => void> {
    if (this.#queue.size >= this.#options.depth) {
      this.refused.full += 1;
      return Promise.reject(new QueueRefusal('full'));
    }
    const asked = performance.now();
    // Our own signal for the wait only: once the call runs nothing aborts it (p-queue would otherwise
    // settle the task while it still runs, and start another beyond the limit).
    const wait = new AbortController();
    const timer = setTimeout(() => wait.abort(new QueueRefusal('waited')), this.#options.waitMs);
    const leave = () => wait.abort(new QueueRefusal('gone'));
    gone?.addEventListener('abort', leave, { once: true });
    const stopWaiting = () => {
      clearTimeout(timer);
      gone?.removeEventListener('abort', leave);
    };
    return new Promise((resolve, reject) => {
      this.#queue
        .add(
          () =>
            new Promise<void>((done) => {
              stopWaiting();
              this.waits.observe((performance.now() - asked) / 1000);
              let given = false;
              resolve(() => {
                if (given) return;
                given = true;
                // The next call starts on the next turn of the event loop, not in this one: on SQLite a
                // call runs without waiting for I/O, and turns given back at once would run the whole
                // queue in one turn, holding every other request (and the overload guard's clock) meanwhile.
                setImmediate(done);
              });
            }),
          { signal: wait.signal },
        )
        .catch((err: unknown) => {
          stopWaiting();
          if (err instanceof QueueRefusal && err.reason === 'waited') this.refused.waited += 1;
          reject(err);
        });
    });
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Gives back the call's turn in the write queue (set while it holds one). */
    writeTurn: (() => void) | null;
  }
}

/**
 * Puts every signed-in write (a `session` call that is not readOnly) through `queue`: the call waits
 * for its turn before anything else is done for it (its session looked up, its body read), so a burst
 * larger than the database can take at once waits in order instead of being refused by the pool; a
 * refusal becomes 503 with Retry-After (errors.ts). The turn is given back when the answer is made,
 * after the write's own hooks (the caches dropped): register this after them. Decided per route as
 * it is registered, so reads never ask.
 */
export function registerWriteQueue(app: FastifyInstance, queue: WriteQueue): void {
  app.decorateRequest('writeTurn', null);
  const take: onRequestHookHandler = (request, reply, done) => {
    const gone = new AbortController();
    const left = () => gone.abort();
    reply.raw.once('close', left);
    queue.turn(gone.signal).then(
      (giveBack) => {
        reply.raw.off('close', left);
        request.writeTurn = giveBack;
        done();
      },
      (err: unknown) => {
        reply.raw.off('close', left);
        done(err as Error);
      },
    );
  };
  const giveBack: onSendHookHandler = (request, _reply, payload, done) => {
    request.writeTurn?.();
    request.writeTurn = null;
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    const reads = [route.method].flat().every((method) => method === 'GET' || method === 'HEAD');
    if (reads || route.config?.readOnly || route.config?.access !== 'session') return;
    route.config = { ...route.config, writeQueue: true };
    addRouteHook(route, 'onRequest', take);
    addRouteHook(route, 'onSend', giveBack);
  });
}
