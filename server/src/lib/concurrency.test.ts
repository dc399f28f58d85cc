import { describe, expect, it } from 'vitest';
import { coalesced } from './concurrency.ts';

describe('coalesced', () => {
  it('runs at once when idle; calls made during a run share one next run, which starts after that run', async () => {
    const runs: Array<{ started: number; finish: () => void }> = [];
    let clock = 0;
    const announce = coalesced(() => new Promise<void>((resolve) => runs.push({ started: clock, finish: resolve })));
    clock = 1;
    const first = announce();
    expect(runs).toHaveLength(1);
    clock = 2;
    const done: number[] = [];
    const during = [announce(), announce(), announce()].map((p, i) => p.then(() => done.push(i)));
    // Nothing more runs while the first one is under way, and none of these is told by it.
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await first;
    await new Promise((r) => setImmediate(r));
    expect(done).toEqual([]);
    expect(runs).toHaveLength(2);
    expect(runs[1]!.started).toBe(2);
    // A call made while the second run is under way waits for a third.
    const late = announce();
    runs[1]!.finish();
    await Promise.all(during);
    expect(done).toEqual([0, 1, 2]);
    await new Promise((r) => setImmediate(r));
    expect(runs).toHaveLength(3);
    runs[2]!.finish();
    await late;
    // Idle again: the next call runs at once.
    void announce();
    expect(runs).toHaveLength(4);
  });
});
