import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Upper bounds of the request-duration histogram, in seconds (Prometheus' `le`). */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  buckets: number[];
  sum: number;
  count: number;
}

/** What the process knows at a scrape besides the requests it timed. */
export interface Gauges {
  pool: { total: number; idle: number; waiting: number } | null;
  outboxPending: number;
  caches: Record<string, { hits: number; misses: number }>;
}

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * Request durations per route (a histogram), in Prometheus' text format with the gauges of the
 * moment. A route is its pattern (`/api/user/post/details`, `/view-post/:id`), never the address,
 * so the series stay few; unknown addresses count as one `unmatched` route.
 */
export class Metrics {
  private readonly series = new Map<string, Series>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method}\u0000${route}\u0000${Math.floor(status / 100)}xx`;
    let series = this.series.get(key);
    if (!series) {
      series = { buckets: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    for (let i = 0; i < DURATION_BUCKETS.length; i += 1) if (seconds <= DURATION_BUCKETS[i]!) series.buckets[i]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  render(gauges: Gauges): string {
    const lines: string[] = [
      '# HELP inkwell_http_request_duration_seconds Time to answer a request, by route pattern and status class.',
      '# TYPE inkwell_http_request_duration_seconds histogram',
    ];
    for (const [key, series] of this.series) {
      const [method, route, status] = key.split('\u0000') as [string, string, string];
      const labels = `method="${method}",route="${escapeLabel(route)}",status="${status}"`;
      DURATION_BUCKETS.forEach((le, i) => lines.push(`inkwell_http_request_duration_seconds_bucket{${labels},le="${le}"} ${series.buckets[i]}`));
      lines.push(`inkwell_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${series.count}`);
      lines.push(`inkwell_http_request_duration_seconds_sum{${labels}} ${series.sum}`);
      lines.push(`inkwell_http_request_duration_seconds_count{${labels}} ${series.count}`);
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
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', async (request, reply) => {
    if (!carriesToken(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'A valid metrics token is needed.' });
    }
    return reply.header('cache-control', 'no-store').type('text/plain; version=0.0.4; charset=utf-8').send(metrics.render(await gauges()));
  });
  return metrics;
}
