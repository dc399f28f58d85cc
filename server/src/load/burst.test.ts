import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { bulkPeopleAndPosts } from '../test/bulk.ts';

/**
 * A bounded burst over real HTTP on 127.0.0.1: 50 concurrent clients mixing searches (a word every
 * title holds, one no title holds, a person), feed pages and post pages for a few seconds, against a
 * small pool and the overload guards switched on. Every answer must be 200, 429 or 503; every 503
 * must carry Retry-After; health must answer 200 within a second after the burst. CI runs it on
 * 5 000 posts and people; `LOAD_TEST_ROWS=100000` runs it at the benchmark's size (bench/RESULTS.md).
 */
const ROWS = Number(process.env.LOAD_TEST_ROWS ?? 5_000);
const CLIENTS = 50;
const BURST_MS = 3_000;
let t: TestApp;
let base: string;
let postIds: number[];

beforeAll(async () => {
  t = await buildTestApp({
    // A small pool and a short wait, so the burst really queues on PostgreSQL; the process guards on.
    pool: { max: 3, queueMax: 10, waitMs: 500, statementTimeoutMs: 2_000 },
    config: {
      overload: { maxEventLoopDelayMs: 200, maxHeapUsedBytes: 0, retryAfterSeconds: 1 },
      rateLimits: { search: { max: 2_000, windowMs: 60_000 } },
    },
  });
  await bulkPeopleAndPosts(t, ROWS);
  postIds = (await t.db.selectFrom('posts').select('id').orderBy('id', 'desc').limit(50).execute()).map((p) => p.id);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(() => t?.close());

const post = (path: string, body: unknown) => fetch(`${base}/api/user/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** One client's next call, round-robin over the mix. */
function call(i: number): Promise<Response> {
  switch (i % 6) {
    case 0:
      return post('search', { query: 'common notes' });
    case 1:
      return post('search', { query: 'uncommonbodyword' });
    case 2:
      return post('search', { query: 'person 4 everyone' });
    case 3:
      return post('view-posts', {});
    case 4:
      return post(`view-posts?cursor=${postIds[postIds.length - 1]}`, {});
    default:
      return post('post/details', { post_id: postIds[i % postIds.length] });
  }
}

describe('a burst of searches and reads', () => {
  it('is answered with 200, 429 or 503 (with Retry-After) only, and health is back within a second', async () => {
    const statuses = new Map<number, number>();
    const missingRetryAfter: string[] = [];
    const failures: string[] = [];
    const until = Date.now() + BURST_MS;
    const client = async (id: number) => {
      for (let i = id; Date.now() < until; i += CLIENTS) {
        try {
          const res = await call(i);
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 503 && !res.headers.get('retry-after')) missingRetryAfter.push(`call ${i % 6}`);
        } catch (err) {
          failures.push(String(err));
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, id) => client(id)));
    const end = Date.now();

    const seen = Object.fromEntries(statuses);
    console.log(`burst over ${ROWS} posts and people, ${t.database.dialect}: ${JSON.stringify(seen)} in ${end - (until - BURST_MS)} ms`);
    expect(failures, JSON.stringify(seen)).toEqual([]);
    expect(
      [...statuses.keys()].filter((s) => ![200, 429, 503].includes(s)),
      JSON.stringify(seen),
    ).toEqual([]);
    expect(missingRetryAfter).toEqual([]);
    // Not everything is refused: the guard sheds load, it does not stop the server. How many get through
    // depends on what else the machine is doing (~150 on a quiet one, ~70 beside other test files, 49 on
    // a CI machine 2.5 times slower, where the other files' work alone delays this event loop), so the
    // bar is a fifth of the clients: a guard stuck shut gives none.
    expect(statuses.get(200) ?? 0, JSON.stringify(seen)).toBeGreaterThanOrEqual(CLIENTS / 5);

    let healthy = false;
    while (!healthy && Date.now() - end < 1_000) {
      healthy = (await fetch(`${base}/api/health`)).status === 200;
      if (!healthy) await new Promise((r) => setTimeout(r, 50));
    }
    expect(healthy, `health did not answer 200 within a second; burst: ${JSON.stringify(seen)}`).toBe(true);
  }, 30_000);
});
