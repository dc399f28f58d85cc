/**
 * Moderation benchmark (issue 47): what the moderators and the inbox wait for, with many cases on file.
 *
 *   npm run bench:moderation -- [--cases 10000] [--flags 200] [--runs 200] [--wave 500] [--parallel 4]
 *
 * On SQLite in a temp folder (INKWELL_TEST_DB=postgres and TEST_DATABASE_URL for PostgreSQL), with
 * --cases open cases on file (readers' reports of as many stories):
 * - the case list as `cases:list` reads it (50 a page: the first page, and a page deep in the list),
 *   --runs times each, p50 and p95 in ms; and as the console asks for it (`POST /api/mod/cases` as a
 *   moderator, all open cases and stories only), against the rules call in the same run;
 * - an incoming `Flag`: from a peer on loopback (Mastodon's shape, signed with RFC 9421) to its report
 *   in the case, --flags of them one after the other, against the baseline of a `Like` of a story
 *   from the same peer to its row (the same inbox, queue and signature check) in the same run;
 * - a spam wave: --wave cases decided at once as the console and the command line do it (decideWave),
 *   one by one and then --parallel (4) side by side, against as many one-row transactions.
 */
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { nowIso } from '../server/src/db/database.ts';
import { audit } from '../server/src/audit/audit.ts';
import { createCasesService } from '../server/src/moderation/cases.service.ts';
import { createDecisions } from '../server/src/moderation/decisions.service.ts';
import { decideWave } from '../server/src/moderation/waves.ts';
import { offlineEvents } from '../server/src/offline-events.ts';
import { buildTestApp } from '../server/src/test/app.ts';
import { aPost, aUser, signIn } from '../server/src/test/factories.ts';
import { createRolesService } from '../server/src/moderation/roles.service.ts';
import { startFediversePeer } from '../server/src/test/fediverse-peer.ts';
import { freePort } from '../server/src/test/ports.ts';
import { arg } from './support.ts';

const CASES = Number(arg('cases', '10000'));
const FLAGS = Number(arg('flags', '200'));
const RUNS = Number(arg('runs', '200'));
const WAVE = Number(arg('wave', '500'));
const PARALLEL = Number(arg('parallel', '4'));
const AS2 = 'https://www.w3.org/ns/activitystreams';

const percentile = (values: readonly number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const t = await buildTestApp({ config: { publicUrl: base, federation: { enabled: true, allowPrivateAddress: true, lookupTimeoutMs: 10_000 } } });
await t.app.listen({ port, host: '127.0.0.1' });
t.app.jobs.start();
const peer = await startFediversePeer(['actor', 'reader']);
try {
  // The cases on file: CASES stories of one writer, each reported once by one reader.
  const writer = await aUser(t.db, { name: 'Writer' });
  await t.db
    .updateTable('users')
    .set({ username: `w${writer.id}` })
    .where('id', '=', writer.id)
    .execute();
  const reader = await aUser(t.db, { name: 'Reader' });
  const started = performance.now();
  const stories: number[] = [];
  for (let i = 0; i < CASES; i += 500) {
    const n = Math.min(500, CASES - i);
    const posts: Array<{ id: number }> = [];
    // 20 at a time: more would wait past the pool's queue (a busy database answers 503, as it should).
    for (let j = 0; j < n; j += 20) posts.push(...(await Promise.all(Array.from({ length: Math.min(20, n - j) }, () => aPost(t.db, { userId: writer.id })))));
    const now = nowIso();
    const cases = await t.db
      .insertInto('cases')
      .values(posts.map((p) => ({ target_kind: 'post' as const, target_id: p.id, subject_id: writer.id, opened_at: now })))
      .returning(['id', 'target_id'])
      .execute();
    await t.db
      .insertInto('reports')
      .values(
        cases.map((c) => ({
          case_id: c.id,
          reporter_id: reader.id,
          target_kind: 'post' as const,
          target_id: c.target_id,
          category: 'spam' as const,
          note: 'Spam',
          created_at: now,
        })),
      )
      .execute();
    stories.push(...posts.map((p) => p.id));
  }
  console.log(`${CASES} open cases on file (${((performance.now() - started) / 1000).toFixed(1)} s to make), ${t.database.dialect}`);

  // The case list, as cases:list reads it.
  const cases = createCasesService(t.db);
  const deep = (await cases.list({ limit: 1, before: Math.floor(CASES / 2) }))[0]!.id;
  for (const [name, filter] of [
    ['first page (50)', { limit: 50, status: 'open' as const }],
    ['a page half way down', { limit: 50, status: 'open' as const, before: deep }],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const at = performance.now();
      await cases.list(filter);
      times.push(performance.now() - at);
    }
    console.log(`case list, ${name}: p50 ${ms(percentile(times, 50))} ms, p95 ${ms(percentile(times, 95))} ms`);
  }

  // The console's queue (ADR 0105) as a moderator's browser asks for it: the call through the whole
  // stack (session, the staff gate, what each case is about, the open count), against the rules call
  // (a small read through the same stack) in the same run.
  const moderator = await aUser(t.db, { name: 'Moderator' });
  await createRolesService(t.db).grant('command line', 'moderator', moderator.email);
  const session = await signIn(t.app, moderator);
  const timed = async (url: string, payload: object | undefined) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const at = performance.now();
      const res = await t.app.inject({ method: payload ? 'POST' : 'GET', url, ...(payload ? { payload } : {}), headers: session.headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      times.push(performance.now() - at);
    }
    return times;
  };
  const rulesTimes = await timed('/api/user/rules', undefined);
  for (const [name, body] of [
    ['open cases', {}],
    ['stories only', { kind: 'post' }],
  ] as const) {
    const times = await timed('/api/mod/cases', body);
    console.log(
      `console queue (POST /api/mod/cases, ${name}, 50 a page): p50 ${ms(percentile(times, 50))} ms, p95 ${ms(percentile(times, 95))} ms` +
        ` | rules call (baseline): p50 ${ms(percentile(rulesTimes, 50))} ms | ratio of p95 ${(percentile(times, 95) / percentile(rulesTimes, 95)).toFixed(2)}`,
    );
  }

  // An incoming Flag to its report, against a Like to its row, alternating.
  const inbox = new URL(`${base}/ap/inbox`);
  const actor = `${base}/ap/users/${writer.id}`;
  const until = async (found: () => Promise<unknown>) => {
    for (;;) {
      if (await found()) return;
      await new Promise((r) => setTimeout(r, 2));
    }
  };
  const flagTimes: number[] = [];
  const likeTimes: number[] = [];
  for (let i = 0; i < FLAGS; i += 1) {
    const story = `${base}/ap/posts/${stories[i % stories.length]}`;
    const flag = { '@context': AS2, id: `${peer.origin}/${randomUUID()}`, type: 'Flag', actor: peer.actorUri('actor').href, content: 'Spam', object: [actor, story] };
    let at = performance.now();
    await peer.post('actor', inbox, flag);
    await until(() => t.db.selectFrom('reports').select('id').where('ap_id', '=', flag.id).executeTakeFirst());
    flagTimes.push(performance.now() - at);

    const like = { '@context': AS2, id: `${peer.origin}/likes/${randomUUID()}`, type: 'Like', actor: peer.actorUri('reader').href, object: story };
    at = performance.now();
    await peer.post('reader', inbox, like);
    await until(() => t.db.selectFrom('likes').select('post_id').where('activity_id', '=', like.id).executeTakeFirst());
    likeTimes.push(performance.now() - at);
  }
  const ratio = percentile(flagTimes, 50) / percentile(likeTimes, 50);
  console.log(
    `incoming Flag to its report: p50 ${ms(percentile(flagTimes, 50))} ms, p95 ${ms(percentile(flagTimes, 95))} ms, max ${ms(Math.max(...flagTimes))} ms` +
      ` | Like to its row (baseline): p50 ${ms(percentile(likeTimes, 50))} ms, p95 ${ms(percentile(likeTimes, 95))} ms | ratio of p50 ${ratio.toFixed(2)}`,
  );

  // A spam wave decided at once, as `case:resolve ID,ID,… --action warn --note …` does it (each case in
  // its own transaction: closed with its report, audited, the reporter and the writer told), against
  // the same number of transactions each writing one audit row only (the floor of one per case).
  const open = (await cases.list({ limit: 2 * WAVE, status: 'open' })).map((c) => c.id);
  const decisions = createDecisions(t.db, base, offlineEvents());
  const waveOf = async (ids: number[], parallel: number) => {
    const at = performance.now();
    const outcomes = await decideWave(t.db, decisions, ids, 'warn', 'Advertising.', 'command line', {}, { parallel });
    if (outcomes.some((o) => 'error' in o)) throw new Error('a case of the wave was refused');
    return performance.now() - at;
  };
  // One after the other (as SQLite, and MODERATION_WAVE_PARALLEL=1), then side by side as PostgreSQL does by default.
  const oneByOne = await waveOf(open.slice(0, WAVE), 1);
  const sideBySide = await waveOf(open.slice(WAVE, 2 * WAVE), PARALLEL);
  const at = performance.now();
  for (const id of open.slice(0, WAVE))
    await t.db.transaction().execute((trx) => audit(trx, { actor: 'command line', action: 'bench.floor', target: { kind: 'case', id, label: 'floor' } }));
  const floorMs = performance.now() - at;
  const s = (n: number) => `${(n / 1000).toFixed(2)} s`;
  console.log(
    `a wave of ${WAVE} cases decided (warn): one by one ${s(oneByOne)}, ${PARALLEL} side by side ${s(sideBySide)} | ${WAVE} one-row transactions (baseline): ${s(floorMs)} | ratios ${(oneByOne / floorMs).toFixed(2)} / ${(sideBySide / floorMs).toFixed(2)}`,
  );
} finally {
  await peer.close();
  await t.close();
}
