import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('draining before the database closes', () => {
  it('waits for a running handler, and only as long as it runs', async () => {
    const original = t.database.all;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    t.database.all = async (...args) => {
      await held;
      return original(...args);
    };
    try {
      const call = t.app.inject({ method: 'POST', url: '/api/user/view-posts', payload: {} });
      await new Promise((r) => setTimeout(r, 50));
      let drained = false;
      const drain = t.app.drain(5_000).then(() => (drained = true));
      await new Promise((r) => setTimeout(r, 100));
      expect(drained).toBe(false);
      release();
      expect((await call).statusCode).toBe(200);
      await drain;
      expect(drained).toBe(true);
    } finally {
      t.database.all = original;
    }
    const started = Date.now();
    await t.app.drain(5_000);
    expect(Date.now() - started).toBeLessThan(100);
  });
});
