import { timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { Histogram } from '../lib/histogram.ts';

/** Upper bounds of the request-duration histogram, in seconds (Prometheus' `le`). */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the process knows at a scrape besides the requests it timed. */
export interface Gauges {
  pool: { total: number; idle: number; waiting: number } | null;
  outboxPending: number;
  caches: Record<string, { hits: number; misses: number }>;
  /** How long calls waited for a database connection (PostgreSQL's pool, SQLite's one connection). */
  connectionWaits?: Histogram;
  /** The write queue (plugins/write-queue.ts): calls running and waiting now, their waits, the refused ones. */
  writeQueue?: { running: number; waiting: number; waits: Histogram; refused: { full: number; waited: number } };
  /** The event loop's delay since the previous scrape, in seconds: its 99th percentile and its longest. */
  eventLoop?: { p99: number; max: number };
}

/** A histogram's lines in the text format (bucket, sum and count), with `labels` before `le`. */
function histogramLines(name: string, labels: string, h: Histogram): string[] {
  const before = labels ? `${labels},` : '';
  const lines = h.bounds.map((le, i) => `${name}_bucket{${before}le="${le}"} ${h.buckets[i]}`);
  lines.push(`${name}_bucket{${before}le="+Inf"} ${h.count}`);
  const tail = labels ? `{${labels}}` : '';
  lines.push(`${name}_sum${tail} ${h.sum}`, `${name}_count${tail} ${h.count}`);
  return lines;
}

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * Request durations per route (a histogram), in Prometheus' text format with the gauges of the
 * moment. A route is its pattern (`/api/user/post/details`, `/view-post/:id`), never the address,
 * so the series stay few; unknown addresses count as one `unmatched` route.
 */
export class Metrics {
  private readonly series = new Map<string, Histogram>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method}\u0000${route}\u0000${Math.floor(status / 100)}xx`;
    let series = this.series.get(key);
    if (!series) {
      series = new Histogram(DURATION_BUCKETS);
      this.series.set(key, series);
    }
    series.observe(seconds);
  }

  render(gauges: Gauges): string {
    const lines: string[] = [
      '# HELP inkwell_http_request_duration_seconds Time to answer a request, by route pattern and status class.',
      '# TYPE inkwell_http_request_duration_seconds histogram',
    ];
    for (const [key, series] of this.series) {
      const [method, route, status] = key.split('\u0000') as [string, string, string];
      const labels = `method="${method}",route="${escapeLabel(route)}",status="${status}"`;
      lines.push(...histogramLines('inkwell_http_request_duration_seconds', labels, series));
    }
    if (gauges.pool) {
      lines.push(
        '# HELP inkwell_db_pool_connections PostgreSQL connections of this process, by state.',
        '# TYPE inkwell_db_pool_connections gauge',
        `inkwell_db_pool_connections{state="in_use"} ${gauges.pool.total - gauges.pool.idle}`,
        `inkwell_db_pool_connections{state="idle"} ${gauges.pool.idle}`,
        '# HELP inkwell_db_pool_waiting Calls waiting for a PostgreSQL connection.',
        '# TYPE inkwell_db_pool_waiting gauge',
        `inkwell_db_pool_waiting ${gauges.pool.waiting}`,
      );
    }
    if (gauges.connectionWaits) {
      lines.push(
        '# HELP inkwell_db_connection_wait_seconds Time a call waited for a database connection (PostgreSQL: the pool; SQLite: its one connection).',
        '# TYPE inkwell_db_connection_wait_seconds histogram',
        ...histogramLines('inkwell_db_connection_wait_seconds', '', gauges.connectionWaits),
      );
    }
    const queue = gauges.writeQueue;
    if (queue) {
      lines.push(
        '# HELP inkwell_write_queue_running Signed-in writes running now (at most WRITE_QUEUE_CONCURRENCY).',
        '# TYPE inkwell_write_queue_running gauge',
        `inkwell_write_queue_running ${queue.running}`,
        '# HELP inkwell_write_queue_waiting Signed-in writes waiting for their turn now (at most WRITE_QUEUE_DEPTH).',
        '# TYPE inkwell_write_queue_waiting gauge',
        `inkwell_write_queue_waiting ${queue.waiting}`,
        '# HELP inkwell_write_queue_wait_seconds Time a signed-in write waited for its turn before it ran.',
        '# TYPE inkwell_write_queue_wait_seconds histogram',
        ...histogramLines('inkwell_write_queue_wait_seconds', '', queue.waits),
        '# HELP inkwell_write_queue_refused_total Signed-in writes answered 503: the queue full, or their turn not come within WRITE_QUEUE_WAIT_MS.',
        '# TYPE inkwell_write_queue_refused_total counter',
        `inkwell_write_queue_refused_total{reason="full"} ${queue.refused.full}`,
        `inkwell_write_queue_refused_total{reason="waited"} ${queue.refused.waited}`,
      );
    }
    if (gauges.eventLoop) {
      lines.push(
        "# HELP inkwell_event_loop_delay_p99_seconds The event loop's delay since the previous scrape: its 99th percentile.",
        '# TYPE inkwell_event_loop_delay_p99_seconds gauge',
        `inkwell_event_loop_delay_p99_seconds ${gauges.eventLoop.p99}`,
        "# HELP inkwell_event_loop_delay_max_seconds The event loop's longest delay since the previous scrape.",
        '# TYPE inkwell_event_loop_delay_max_seconds gauge',
        `inkwell_event_loop_delay_max_seconds ${gauges.eventLoop.max}`,
      );
    }
    lines.push(
      '# HELP inkwell_mail_outbox_pending Mails waiting in the outbox to be sent (retries included).',
      '# TYPE inkwell_mail_outbox_pending gauge',
      `inkwell_mail_outbox_pending ${gauges.outboxPending}`,
      '# HELP inkwell_cache_hits_total Answers from a cache of this process (hit rate: hits / (hits + misses)).',
      '# TYPE inkwell_cache_hits_total counter',
      ...Object.entries(gauges.caches).map(([cache, s]) => `inkwell_cache_hits_total{cache="${escapeLabel(cache)}"} ${s.hits}`),
      '# HELP inkwell_cache_misses_total Reads a cache of this process did not answer.',
      '# TYPE inkwell_cache_misses_total counter',
      ...Object.entries(gauges.caches).map(([cache, s]) => `inkwell_cache_misses_total{cache="${escapeLabel(cache)}"} ${s.misses}`),
    );
    return `${lines.join('\n')}\n`;
  }
}

/** Whether the Authorization header carries the token (compared in constant time). */
export function carriesToken(authorization: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Times every answer (an onResponse hook) and serves GET /metrics to a scraper that sends
 * `Authorization: Bearer METRICS_TOKEN`; without METRICS_TOKEN the address does not exist (404), and
 * nothing is timed.
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined, gauges: () => Promise<Gauges>): Metrics | null {
  if (!token) return null;
  const metrics = new Metrics();
  const loop = eventLoopDelay();
  app.addHook('onClose', () => loop.stop());
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', async (request, reply) => {
    if (!carriesToken(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'A valid metrics token is needed.' });
    }
    return reply
      .header('cache-control', 'no-store')
      .type('text/plain; version=0.0.4; charset=utf-8')
      .send(metrics.render({ ...(await gauges()), eventLoop: loop.sinceLast() }));
  });
  return metrics;
}

/** How often the event loop's delay is sampled, in ms (perf_hooks' resolution). */
const LOOP_RESOLUTION_MS = 10;

/**
 * The event loop's delay between two scrapes, from perf_hooks' monitorEventLoopDelay: each sample is
 * the time between two timer turns meant to be LOOP_RESOLUTION_MS apart, so that much is taken off.
 */
function eventLoopDelay(): { sinceLast(): { p99: number; max: number }; stop(): void } {
  const histogram = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  histogram.enable();
  const seconds = (ns: number) => (histogram.count === 0 ? 0 : Math.max(0, ns / 1e9 - LOOP_RESOLUTION_MS / 1000));
  return {
    sinceLast() {
      const delay = { p99: seconds(histogram.percentile(99)), max: seconds(histogram.max) };
      histogram.reset();
      return delay;
    },
    stop: () => histogram.disable(),
  };
}
