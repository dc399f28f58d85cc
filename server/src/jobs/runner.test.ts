import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../config.ts';
import { appJobs } from './app-jobs.ts';
import { type Job, JobRunner } from './runner.ts';
import { buildTestApp } from '../test/app.ts';

function aLog() {
  const lines: string[] = [];
  const log = {
    info: (msg: string) => lines.push(`info ${msg}`),
    warn: (msg: string) => lines.push(`warn ${msg}`),
    error: (_obj: object, msg: string) => lines.push(`error ${msg}`),
  };
  return { log: log as unknown as FastifyBaseLogger, lines };
}

const open = () => async () => true;

describe('the job runner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs each job every interval, the first round at once when asked, and says what a round did', async () => {
    const { log, lines } = aLog();
    const runner = new JobRunner({ gate: open, log });
    const rounds = { a: 0, b: 0 };
    runner.add({ name: 'a', everyMs: 100, lease: false, atStart: true, run: async () => ({ said: `a ${++rounds.a}` }) });
    runner.add({ name: 'b', everyMs: 250, lease: false, run: async () => (++rounds.b, {}) });
    runner.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds).toEqual({ a: 1, b: 0 });
    await vi.advanceTimersByTimeAsync(500);
    expect(rounds).toEqual({ a: 6, b: 2 });
    expect(lines.slice(0, 2)).toEqual(['info a 1', 'info a 2']);
    await runner.stop();
  });

  it('runs a leased job only where the lease is held', async () => {
    const { log } = aLog();
    let held = false;
    const asked: string[] = [];
    const runner = new JobRunner({ gate: (name) => async () => (asked.push(name), held), log });
    let rounds = 0;
    runner.add({ name: 'sweep', everyMs: 100, lease: true, run: async () => (++rounds, {}) });
    runner.add({ name: 'free', everyMs: 100, lease: false, run: async () => ({}) });
    runner.start();
    await vi.advanceTimersByTimeAsync(300);
    expect(rounds).toBe(0);
    held = true;
    await vi.advanceTimersByTimeAsync(200);
    expect(rounds).toBe(2);
    expect(new Set(asked)).toEqual(new Set(['sweep']));
    await runner.stop();
  });

  it('logs a failing round and goes on; never starts a round while the last one runs', async () => {
    const { log, lines } = aLog();
    const runner = new JobRunner({ gate: open, log });
    let started = 0;
    let release: () => void = () => {};
    runner.add({
      name: 'flaky',
      everyMs: 100,
      lease: false,
      run: async () => {
        started += 1;
        if (started === 1) throw new Error('SMTP down');
        await new Promise<void>((resolve) => (release = resolve));
        return {};
      },
    });
    runner.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(lines).toEqual(['error the flaky job failed']);
    await vi.advanceTimersByTimeAsync(500); // the second round hangs: no third begins
    expect(started).toBe(2);
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(3);
    release();
    await runner.stop();
  });

  it('stops: waits for the round under way, and no round begins after', async () => {
    const { log } = aLog();
    const runner = new JobRunner({ gate: open, log });
    let ended = 0;
    let begun = 0;
    runner.add({
      name: 'slow',
      everyMs: 100,
      lease: false,
      run: async () => {
        begun += 1;
        await new Promise((resolve) => setTimeout(resolve, 250));
        ended += 1;
        return {};
      },
    });
    runner.start();
    await vi.advanceTimersByTimeAsync(150);
    const stopped = runner.stop();
    await vi.advanceTimersByTimeAsync(1000);
    await stopped;
    expect({ begun, ended }).toEqual({ begun: 1, ended: 1 });
  });

  it('runs one round now when asked, past the lease and the interval; one at a time', async () => {
    const { log } = aLog();
    const runner = new JobRunner({ gate: () => async () => false, log });
    let rounds = 0;
    runner.add({
      name: 'nudged',
      everyMs: 60_000,
      lease: true,
      run: async () => {
        rounds += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return {};
      },
    });
    const first = runner.runNow('nudged');
    const second = runner.runNow('nudged'); // the round under way, not another
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all([first, second]);
    expect(rounds).toBe(1);
    expect(() => runner.runNow('unknown')).toThrow('No job is called unknown');
  });

  it('starts each worker with the jobs, and stops it by its signal, waiting for it to end', async () => {
    const { log, lines } = aLog();
    const runner = new JobRunner({ gate: open, log });
    const events: string[] = [];
    runner.addWorker({
      name: 'queue',
      run: (signal) =>
        new Promise<void>((resolve) => {
          events.push('started');
          signal.addEventListener('abort', () => setTimeout(() => (events.push('ended'), resolve()), 50));
        }),
    });
    runner.addWorker({ name: 'broken', run: async () => Promise.reject(new Error('no database')) });
    expect(() => runner.addWorker({ name: 'queue', run: async () => {} })).toThrow(/Two workers/);
    runner.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(events).toEqual(['started']);
    expect(lines).toEqual(['error the broken worker failed']);
    const stopped = runner.stop();
    await vi.advanceTimersByTimeAsync(50);
    await stopped;
    expect(events).toEqual(['started', 'ended']);
  });

  it('refuses two jobs of one name', () => {
    const runner = new JobRunner({ gate: open, log: aLog().log });
    const job: Job = { name: 'x', everyMs: 1, lease: false, run: async () => ({}) };
    runner.add(job);
    expect(() => runner.add(job)).toThrow('Two jobs are called x');
  });
});

describe("the app's jobs", () => {
  it('are the outbox, the digests, story fan-outs and scheduled posts on every process, the storage sweep, the stats clean-up, the newsletter’s sending and its clean-up, the end of suspensions on the lease holder', async () => {
    const t = await buildTestApp();
    try {
      expect(t.app.jobs.list().jobs.toSorted()).toEqual(
        [
          ['mail-outbox', false],
          ['notification-digests', false],
          ['story-fanouts', false],
          ['scheduled-posts', false],
          ['storage-sweep', true],
          ['stats-cleanup', true],
          ['newsletter-send', true],
          ['newsletter-unconfirmed', true],
          ['moderation-lift', true],
          // Counted in the database (the tests have no Redis): its ended counters are swept.
          ['rate-limit-sweep', true],
        ].toSorted(),
      );
      expect(t.app.jobs.list().workers).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('and, with FEDERATION on, the federation’s deliveries on every process and its queue’s worker', async () => {
    const t = await buildTestApp({ config: { federation: { ...loadConfig({}).federation, enabled: true } } });
    try {
      expect(t.app.jobs.list().jobs).toContainEqual(['federation-deliveries', false]);
      expect(t.app.jobs.list().workers).toEqual(['federation-queue']);
    } finally {
      await t.close();
    }
  });

  it('and, when rate limits are counted in the database, the sweep of ended counters once a minute on the lease holder', () => {
    const jobs = appJobs(loadConfig({}), { sweepRateLimits: async () => 0 } as unknown as Parameters<typeof appJobs>[1]);
    const sweep = jobs.find((job) => job.name === 'rate-limit-sweep');
    expect(sweep && { lease: sweep.lease, everyMs: sweep.everyMs }).toEqual({ lease: true, everyMs: 60_000 });
    expect(jobs.find((job) => job.name === 'storage-sweep')?.everyMs).toBe(loadConfig({}).storageSweepMs);
  });
});
