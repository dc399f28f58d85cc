import { describe, expect, it } from 'vitest';
import { QueueRefusal, WriteQueue } from './write-queue.ts';

/** The write queue on its own: turns in order of arrival, a depth, a wait bound, each turn given once. */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks `queue` for a turn and records in `started` when it comes; answers the give-back (or the refusal). */
function ask(queue: WriteQueue, name: string, started: string[], gone?: AbortSignal): Promise<(() => void) | QueueRefusal> {
  return queue.turn(gone).then(
    (giveBack) => {
      started.push(name);
      return giveBack;
    },
    (err: unknown) => err as QueueRefusal,
  );
}

const turnOf = async (p: Promise<(() => void) | QueueRefusal>) => {
  const r = await p;
  if (r instanceof QueueRefusal) throw r;
  return r;
};

describe('WriteQueue', () => {
  it('runs `concurrency` at once and the others in order of arrival, each as a turn is given back', async () => {
    const queue = new WriteQueue({ concurrency: 2, depth: 10, waitMs: 5000 });
    const started: string[] = [];
    const asked = ['a', 'b', 'c', 'd', 'e'].map((name) => ask(queue, name, started));
    await sleep(10);
    expect(started).toEqual(['a', 'b']);
    expect([queue.running, queue.waiting]).toEqual([2, 3]);
    (await turnOf(asked[1]!))();
    await sleep(10);
    expect(started).toEqual(['a', 'b', 'c']);
    (await turnOf(asked[0]!))();
    await sleep(10);
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    for (const p of asked.slice(2)) (await turnOf(p))();
    await sleep(10);
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
    expect(queue.waits.count).toBe(5);
  });

  it('refuses at once past `depth` waiting, and counts it', async () => {
    const queue = new WriteQueue({ concurrency: 1, depth: 2, waitMs: 5000 });
    const started: string[] = [];
    const first = ask(queue, 'a', started);
    const waiting = [ask(queue, 'b', started), ask(queue, 'c', started)];
    const began = performance.now();
    const refused = await ask(queue, 'd', started);
    expect(performance.now() - began).toBeLessThan(50);
    expect(refused).toBeInstanceOf(QueueRefusal);
    expect((refused as QueueRefusal).reason).toBe('full');
    expect(queue.refused).toEqual({ full: 1, waited: 0 });
    (await turnOf(first))();
    for (const p of waiting) (await turnOf(p))();
    expect(started).toEqual(['a', 'b', 'c']); // d never ran
  });

  it('refuses a call whose turn has not come within `waitMs`, and never runs it afterwards', async () => {
    const queue = new WriteQueue({ concurrency: 1, depth: 10, waitMs: 100 });
    const started: string[] = [];
    const holder = await turnOf(ask(queue, 'holder', started));
    const began = performance.now();
    const refused = await ask(queue, 'late', started);
    const waited = performance.now() - began;
    expect((refused as QueueRefusal).reason).toBe('waited');
    expect(waited).toBeGreaterThanOrEqual(90);
    expect(waited).toBeLessThan(1000);
    expect(queue.waiting).toBe(0); // taken out of the queue, not skipped later
    expect(queue.refused).toEqual({ full: 0, waited: 1 });
    holder();
    await sleep(20);
    expect(started).toEqual(['holder']);
    expect(queue.running).toBe(0);
    // The queue goes on as before: the next call runs at once.
    (await turnOf(ask(queue, 'next', started)))();
    expect(started).toEqual(['holder', 'next']);
  });

  it('lets a caller that left while waiting go, without counting it as refused', async () => {
    const queue = new WriteQueue({ concurrency: 1, depth: 10, waitMs: 5000 });
    const started: string[] = [];
    const holder = await turnOf(ask(queue, 'holder', started));
    const leaving = new AbortController();
    const gone = ask(queue, 'gone', started, leaving.signal);
    const after = ask(queue, 'after', started);
    await sleep(10);
    leaving.abort();
    expect(((await gone) as QueueRefusal).reason).toBe('gone');
    expect(queue.waiting).toBe(1);
    holder();
    (await turnOf(after))();
    expect(started).toEqual(['holder', 'after']);
    expect(queue.refused).toEqual({ full: 0, waited: 0 });
  });

  it('gives a turn back once, however often its give-back is called', async () => {
    const queue = new WriteQueue({ concurrency: 1, depth: 10, waitMs: 5000 });
    const started: string[] = [];
    const holder = await turnOf(ask(queue, 'a', started));
    const b = ask(queue, 'b', started);
    ask(queue, 'c', started).then(
      (r) => typeof r === 'function' && r(),
      () => undefined,
    );
    holder();
    holder();
    await sleep(20);
    expect(started).toEqual(['a', 'b']); // c still waits: the second give-back freed nothing
    expect([queue.running, queue.waiting]).toEqual([1, 1]);
    (await turnOf(b))();
    await sleep(20);
    expect(started).toEqual(['a', 'b', 'c']);
  });
});
