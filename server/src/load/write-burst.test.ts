import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { expectCountersMatchRows, tally } from '../security/counters.ts';
import { type Member, aMember } from '../social/social.testkit.ts';
import { type ConfigOverrides, type TestApp, buildTestApp } from '../test/app.ts';
import { aPost, aUser } from '../test/factories.ts';

/**
 * Signed-in writes over real HTTP on 127.0.0.1 (ADR 0077): a burst larger than the database pool waits
 * for its turns in the write queue and is served whole, also while the event loop lags (as on a busy
 * machine); before, PostgreSQL's pool refused most of it and the lag guard all of it. Past the queue's
 * depth a call gets 503 with Retry-After at once; past its wait bound, 503, and nothing of it is written.
 */
let t: TestApp | undefined;
/** The overload guard's event-loop threshold here: well above what a busy machine's setup lags, well below the stall made. */
const LAG_MS = 400;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function listening(options: { writeQueue: ConfigOverrides['writeQueue'] }): Promise<{ app: TestApp; base: string }> {
  const app = await buildTestApp({
    // A pool far smaller than the burst, as in load/burst.test.ts; the overload guards on.
    pool: { max: 3, queueMax: 10, waitMs: 2_000, statementTimeoutMs: 5_000 },
    config: { overload: { maxEventLoopDelayMs: LAG_MS, maxHeapUsedBytes: 0, retryAfterSeconds: 1 }, writeQueue: options.writeQueue },
  });
  t = app;
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}` };
}

interface Press {
  path: string;
  member: Member;
  body: Record<string, number>;
}

const like = (member: Member, postId: number): Press => ({ path: 'like', member, body: { user_id: member.id, post_id: postId, status: 1 } });
const save = (member: Member, postId: number): Press => ({ path: 'posts/save', member, body: { user_id: member.id, post_id: postId, save_unsave: 1 } });
const follow = (member: Member, whom: number): Press => ({ path: 'follow-unfollow', member, body: { user_id: member.id, follow_id: whom, followType: 1 } });

/** Sends every press at once, a connection each: each one's status, Retry-After and time to its answer (ms). */
function pressAll(base: string, presses: readonly Press[]) {
  const start = performance.now();
  return Promise.all(
    presses.map(async (p) => {
      const res = await fetch(`${base}/api/user/${p.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...p.member.headers },
        body: JSON.stringify(p.body),
      });
      await res.arrayBuffer();
      return { status: res.status, retryAfter: res.headers.get('retry-after'), ms: performance.now() - start };
    }),
  );
}

/**
 * Holds the event loop for `ms` right after one of the overload guard's samples (seen as its event-loop
 * utilisation changing), so the next sample sees the stall whole: the guard averages each interval's
 * delays, and a stall later in an interval would be averaged with the quick turns before it.
 */
async function stallAfterSample(app: TestApp, ms: number): Promise<void> {
  const sampled = app.app.memoryUsage().eventLoopUtilized;
  while (app.app.memoryUsage().eventLoopUtilized === sampled) await new Promise((r) => setTimeout(r, 1));
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // the event loop is held, as on a machine busy with other work
  }
}

/** A member signed in; a login the overload guard refused (a busy machine) is tried again, as a client would. */
async function patientMember(app: TestApp): Promise<Member> {
  for (let tries = 0; ; tries += 1) {
    try {
      return await aMember(app);
    } catch (err) {
      if (tries === 5 || !/login failed: 503/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}

/** Whether `url` answers 503 within a second: the guard's sample that sees the stall comes within its interval. */
async function refusedSoon(url: string): Promise<boolean> {
  const until = Date.now() + 1_000;
  while (Date.now() < until) {
    if ((await fetch(url)).status === 503) return true;
    await new Promise((r) => setTimeout(r, 5));
  }
  return false;
}

/** `n` members and `n` authors with a post each: the members' presses on those posts and authors. */
async function crowd(app: TestApp, n: number) {
  const members: Member[] = [];
  for (let i = 0; i < n; i += 1) members.push(await patientMember(app));
  const authors: number[] = [];
  const posts: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const author = await aUser(app.db);
    authors.push(author.id);
    posts.push((await aPost(app.db, { userId: author.id })).id);
  }
  return { members, authors, posts };
}

const rows = async (app: TestApp) =>
  Promise.all(
    (['likes', 'saves', 'follows'] as const).map(async (table) =>
      Number(
        (
          await app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ),
  );

describe('a burst of signed-in writes over HTTP', () => {
  it('larger than the pool, arriving while the event loop lags, is served whole, each press once', async () => {
    const { app, base } = await listening({ writeQueue: { concurrency: 3, depth: 1_000, waitMs: 30_000 } });
    const { members, authors, posts } = await crowd(app, 10);
    const presses = members.flatMap((m) => [...posts.map((p) => like(m, p)), ...posts.map((p) => save(m, p)), ...authors.map((a) => follow(m, a))]);
    // The overload guard sees a lagging loop for its next interval (half a second): reads are refused…
    await stallAfterSample(app, 4 * LAG_MS);
    expect(await refusedSoon(`${base}/api/health`)).toBe(true);
    // …and the 300 writes, twenty times the pool's connections and queue, arrive then.
    const answers = await pressAll(base, presses);
    expect(tally(answers.map((a) => a.status))).toEqual({ 200: 300 });
    expect(await rows(app)).toEqual([100, 100, 100]);
    await expectCountersMatchRows(app.db);
    expect(app.app.writeQueue.waits.count).toBe(300);
    await new Promise((r) => setImmediate(r)); // the last turn is given back on the event loop's next turn
    expect([app.app.writeQueue.running, app.app.writeQueue.waiting]).toEqual([0, 0]);
  }, 60_000);

  it('past its depth is refused at once, past its wait bound a little later: 503 with Retry-After, nothing written', async () => {
    const waitMs = 1_500;
    const { app, base } = await listening({ writeQueue: { concurrency: 2, depth: 5, waitMs } });
    const { members, posts } = await crowd(app, 15);
    // Both turns are held, as by two slow writes: five presses may wait, the other ten may not.
    const held = [await app.app.writeQueue.turn(), await app.app.writeQueue.turn()];
    const answers = await pressAll(
      base,
      members.map((m, i) => like(m, posts[i]!)),
    );
    for (const giveBack of held) giveBack();
    expect(answers.every((a) => a.status === 503 && a.retryAfter === '1')).toBe(true);
    const early = answers.filter((a) => a.ms < waitMs - 100);
    expect(early).toHaveLength(10);
    expect(Math.max(...early.map((a) => a.ms))).toBeLessThan(1_000);
    expect(answers.filter((a) => a.ms >= waitMs - 100)).toHaveLength(5);
    expect(app.app.writeQueue.refused).toEqual({ full: 10, waited: 5 });
    // Nothing refused ran, then or later; the next press is served.
    await new Promise((r) => setTimeout(r, 100));
    expect(await rows(app)).toEqual([0, 0, 0]);
    expect((await pressAll(base, [like(members[0]!, posts[0]!)]))[0]!.status).toBe(200);
    expect(await rows(app)).toEqual([1, 0, 0]);
    await expectCountersMatchRows(app.db);
  }, 60_000);
});
