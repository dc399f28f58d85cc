import { describe, expect, it } from 'vitest';
import { twoProcesses } from '../test/two-processes.ts';
import { leaseGate } from './leases.ts';
import { createWriteSignal } from './write-signal.ts';

/**
 * What app processes share through the database, with two handles on one database as two processes
 * would have: a write announced by one is seen by the other's caches; a lease is held by one at a time.
 */
const silent = { warn: () => {} };

const handles = twoProcesses('shared');

/** Asks until it answers true (PostgreSQL delivers NOTIFY asynchronously), for at most a second. */
async function seenWithin(check: () => boolean, ms = 1000): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('write signal between app processes', () => {
  it('tells the other process of a write once, and nothing when nobody wrote', async () => {
    const a = createWriteSignal(handles.one, silent);
    const b = createWriteSignal(handles.two, silent);
    try {
      // PostgreSQL: let both listeners connect.
      await new Promise((r) => setTimeout(r, handles.one.dialect === 'postgres' ? 300 : 0));
      expect(b.changedElsewhere()).toBe(false);
      await a.announce();
      expect(await seenWithin(() => b.changedElsewhere())).toBe(true);
      expect(b.changedElsewhere()).toBe(false); // once
      await b.announce();
      expect(await seenWithin(() => a.changedElsewhere())).toBe(true);
      if (handles.one.dialect === 'postgres') {
        // Its own announcement is not news to a process (it dropped its caches itself).
        await new Promise((r) => setTimeout(r, 100));
        expect(b.changedElsewhere()).toBe(false);
      }
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it.skipIf(process.env.INKWELL_TEST_DB === 'postgres')('SQLite: reads the write counter once per turn of the event loop, and sees a write in the next turn', async () => {
    const a = createWriteSignal(handles.one, silent);
    const b = createWriteSignal(handles.two, silent);
    try {
      await new Promise((r) => setImmediate(r));
      expect(b.changedElsewhere()).toBe(false);
      await a.announce();
      // The same turn: the counter was read already, so the write is not seen yet (one read per turn)…
      expect(b.changedElsewhere()).toBe(false);
      // …and the next turn sees it, once.
      await new Promise((r) => setImmediate(r));
      expect(b.changedElsewhere()).toBe(true);
      expect(b.changedElsewhere()).toBe(false);
      await new Promise((r) => setImmediate(r));
      expect(b.changedElsewhere()).toBe(false);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

describe('leases for periodic work', () => {
  it('lets one holder at a time run, keeps it with its holder, and hands it on once expired', async () => {
    const hour = 3_600_000;
    const gateA = leaseGate(handles.one.db, 'test-work', hour, 'server-a');
    const gateB = leaseGate(handles.two.db, 'test-work', hour, 'server-b');
    expect(await gateA()).toBe(true);
    expect(await gateB()).toBe(false);
    expect(await gateA()).toBe(true); // the holder keeps it
    // Many asking at once: exactly one of them gets a free lease.
    const racers = Array.from({ length: 12 }, (_, i) => leaseGate((i % 2 ? handles.one : handles.two).db, 'race', hour, `racer-${i}`));
    const answers = await Promise.all(racers.map((gate) => gate()));
    expect(answers.filter(Boolean)).toHaveLength(1);
    // Its holder stopped asking and the lease ran out: the other takes it.
    await handles.one.db
      .updateTable('leases')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('name', '=', 'test-work')
      .execute();
    expect(await gateB()).toBe(true);
    expect(await gateA()).toBe(false);
  });
});
