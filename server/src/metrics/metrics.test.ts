import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database.ts';
import { insertMail } from '../mail/outbox.repository.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost, aUser, signIn } from '../test/factories.ts';
import { Metrics, carriesToken } from './metrics.ts';

const TOKEN = 'scrape-me-0123456789abcdef';

describe('Metrics (the text format)', () => {
  it('counts each answer in every bucket at or above its duration, with sum and count', () => {
    const metrics = new Metrics();
    metrics.observe('GET', '/view-post/:id', 200, 0.003);
    metrics.observe('GET', '/view-post/:id', 200, 0.2);
    metrics.observe('GET', '/view-post/:id', 404, 0.02);
    const text = metrics.render({ pool: null, outboxPending: 0, caches: {} });
    const ok = 'method="GET",route="/view-post/:id",status="2xx"';
    expect(text).toContain(`inkwell_http_request_duration_seconds_bucket{${ok},le="0.005"} 1\n`);
    expect(text).toContain(`inkwell_http_request_duration_seconds_bucket{${ok},le="0.1"} 1\n`);
    expect(text).toContain(`inkwell_http_request_duration_seconds_bucket{${ok},le="0.25"} 2\n`);
    expect(text).toContain(`inkwell_http_request_duration_seconds_bucket{${ok},le="+Inf"} 2\n`);
    expect(text).toContain(`inkwell_http_request_duration_seconds_sum{${ok}} 0.203\n`);
    expect(text).toContain(`inkwell_http_request_duration_seconds_count{method="GET",route="/view-post/:id",status="4xx"} 1\n`);
    expect(text).not.toContain('inkwell_db_pool'); // SQLite: no pool
  });

  it('keeps a long-running sum exact (a rate over it must not move in steps)', () => {
    const metrics = new Metrics();
    metrics.observe('GET', '/', 200, 1234.5678);
    expect(metrics.render({ pool: null, outboxPending: 0, caches: {} })).toContain('inkwell_http_request_duration_seconds_sum{method="GET",route="/",status="2xx"} 1234.5678\n');
  });

  it('escapes label values', () => {
    const metrics = new Metrics();
    metrics.observe('GET', 'a"b\\c', 200, 0.001);
    expect(metrics.render({ pool: null, outboxPending: 0, caches: {} })).toContain('route="a\\"b\\\\c"');
  });

  it('takes only the exact bearer token', () => {
    expect(carriesToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(carriesToken(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(carriesToken(TOKEN, TOKEN)).toBe(false);
    expect(carriesToken(undefined, TOKEN)).toBe(false);
  });
});

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { metricsToken: TOKEN, feedCacheMs: 60_000 } });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers 401 without the token, and the metrics with it', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer wrong-token-0123456789')).statusCode).toBe(401);

    const author = await aUser(t.db);
    await aPost(t.db, { userId: author.id });
    await insertMail(t.db, { to: 'someone@example.com', subject: 'Waiting', text: 'Still waiting.' }, nowIso());
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'POST', url: '/api/user/view-posts', payload: {} });
    await t.app.inject({ method: 'GET', url: '/no/such/thing.png' });

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('inkwell_http_request_duration_seconds_count{method="POST",route="/api/user/view-posts",status="2xx"} 3\n');
    expect(text).toContain('inkwell_http_request_duration_seconds_count{method="GET",route="unmatched",status="4xx"} 1\n');
    expect(text).toMatch(/^inkwell_mail_outbox_pending [1-9]\d*$/m);
    // The first feed read missed the kept answers (and read the kept pages), the next two were answered from them.
    expect(text).toContain('inkwell_cache_hits_total{cache="feed_answers"} 2\n');
    expect(text).toContain('inkwell_cache_misses_total{cache="feed_answers"} 1\n');
    expect(text).toContain('inkwell_cache_misses_total{cache="feed"} 1\n');
    if (t.database.dialect === 'postgres') expect(text).toMatch(/^inkwell_db_pool_connections\{state="idle"\} \d+$/m);
    else expect(text).not.toContain('inkwell_db_pool');
  });
  it('says how long writes waited for their turn and for a connection, and how late the event loop ran', async () => {
    const author = await aUser(t.db);
    const { id: postId } = await aPost(t.db, { userId: author.id });
    const reader = await signIn(t.app, await aUser(t.db));
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    const waitsBefore = Number(/^inkwell_write_queue_wait_seconds_count (\d+)$/m.exec(before)?.[1]);
    for (const status of [1, 0]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/like', headers: reader.headers, payload: { user_id: reader.id, post_id: postId, status } });
      expect(res.statusCode).toBe(200);
    }
    await new Promise((r) => setImmediate(r)); // a turn is given back on the event loop's next turn
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    // Two likes took a turn each (a read does not).
    expect(text).toContain(`inkwell_write_queue_wait_seconds_count ${waitsBefore + 2}\n`);
    expect(text).toContain('inkwell_write_queue_wait_seconds_bucket{le="+Inf"}');
    expect(text).toContain('inkwell_write_queue_running 0\n');
    expect(text).toContain('inkwell_write_queue_waiting 0\n');
    expect(text).toContain('inkwell_write_queue_refused_total{reason="full"} 0\n');
    expect(text).toMatch(/^inkwell_db_connection_wait_seconds_count [1-9]\d*$/m);
    expect(text).toMatch(/^inkwell_event_loop_delay_p99_seconds \d+(\.\d+)?(e-\d+)?$/m);
    expect(text).toMatch(/^inkwell_event_loop_delay_max_seconds \d+(\.\d+)?(e-\d+)?$/m);
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no /metrics: it answers as any unknown address does', async () => {
    const t = await buildTestApp();
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(metrics.statusCode).not.toBe(200);
    expect([metrics.statusCode, metrics.body]).toEqual([unknown.statusCode, unknown.body]);
    await t.close();
  });
});
