import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost, aUser, signIn } from '../test/factories.ts';

/**
 * With the caches on, a signed-in call finds its session in memory; any successful write, in this
 * app process or another one, drops what was kept, so a logout or a password change holds at once.
 */
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await buildTestApp({ config: { feedCacheMs: 500 } });
  b = await a.another();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const profile = (t: TestApp, headers: Record<string, string>, userId: number) => t.app.inject({ method: 'POST', url: '/api/user/profile', headers, payload: { id: userId } });

/**
 * The status the next call gets once the other process has heard of a write: at once on SQLite (the
 * write counter is read at the first lookup of each turn of the event loop); on PostgreSQL NOTIFY arrives within milliseconds, so
 * calls are repeated for up to a second.
 */
async function settled(call: () => Promise<{ statusCode: number }>, want: number): Promise<number> {
  const deadline = Date.now() + (a.database.dialect === 'postgres' ? 1000 : 0);
  for (;;) {
    const { statusCode } = await call();
    if (statusCode === want || Date.now() >= deadline) return statusCode;
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('sessions kept in memory', () => {
  it('answers from memory until a write, and never keeps an unknown token', async () => {
    const user = await aUser(a.db);
    const session = await signIn(a.app, user);
    expect((await profile(a, session.headers, user.id)).statusCode).toBe(200);
    // Removed behind the app's back (no write through it): the kept session still answers…
    await a.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    expect((await profile(a, session.headers, user.id)).statusCode).toBe(200);
    // …until any write through any app process drops what was kept.
    const other = await aUser(a.db);
    const post = await aPost(a.db, { userId: other.id });
    const otherSession = await signIn(b.app, other);
    expect(
      (await b.app.inject({ method: 'POST', url: '/api/user/like', headers: otherSession.headers, payload: { user_id: other.id, post_id: post.id, status: 1 } })).statusCode,
    ).toBe(200);
    expect(await settled(() => profile(a, session.headers, user.id), 401)).toBe(401);
    // A token that was never valid is asked for every time (so it cannot fill the memory).
    expect((await profile(a, { token: 'x'.repeat(43), id: String(user.id) }, user.id)).statusCode).toBe(401);
  });

  it('refuses a kept token sent with another id, and a kept session once its time is up', async () => {
    const user = await aUser(a.db);
    const other = await aUser(a.db);
    const session = await signIn(a.app, user);
    expect((await profile(a, session.headers, user.id)).statusCode).toBe(200);
    expect((await profile(a, { ...session.headers, id: String(other.id) }, other.id)).statusCode).toBe(401);
    expect((await profile(a, session.headers, user.id)).statusCode).toBe(200);
    const row = await a.db.selectFrom('sessions').select('expires_at').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const later = vi.spyOn(Date, 'now').mockReturnValue(Date.parse(row.expires_at) + 1);
    try {
      expect((await profile(a, session.headers, user.id)).statusCode).toBe(401);
    } finally {
      later.mockRestore();
    }
    // An expired session is ended, not only refused.
    expect(await a.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('ends a session logged out through another app process at once', async () => {
    const user = await aUser(a.db);
    const session = await signIn(a.app, user);
    expect((await profile(a, session.headers, user.id)).statusCode).toBe(200);
    expect((await profile(b, session.headers, user.id)).statusCode).toBe(200);
    expect((await b.app.inject({ method: 'POST', url: '/api/user/logout', headers: session.headers })).statusCode).toBe(200);
    expect((await profile(b, session.headers, user.id)).statusCode).toBe(401);
    expect(await settled(() => profile(a, session.headers, user.id), 401)).toBe(401);
  });
});
