import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, type TestUser, aPost, aUser, signIn } from '../test/factories.ts';

/**
 * The post page's answer made once (feed.routes.ts, lib/encoded-body.ts): while the page is kept, the
 * answer for each like-and-save variant is serialised and compressed once and sent as bytes. These
 * tests hold it to what the object path answers: the same JSON for every reader, compressed forms that
 * decode to it, the reader's own flags, blocked members left out, and every write seen at once.
 */
let cached: TestApp;
let writer: TestUser;
let postId: number;

beforeAll(async () => {
  cached = await buildTestApp({ config: { feedCacheMs: 60_000 } });
  writer = await aUser(cached.db, { name: 'Writer' });
  ({ id: postId } = await aPost(cached.db, { userId: writer.id, description: `<p>${'A long enough body to be compressed. '.repeat(60)}</p>` }));
});
afterAll(() => cached.close());

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;
const details = (app: TestApp['app'], headers: Record<string, string> = {}, userId?: number) =>
  app.inject({ method: 'POST', url: '/api/user/post/details', payload: { post_id: postId, ...(userId ? { user_id: userId } : {}) }, headers });
const post = (answer: Answer) => (answer.json() as { post: { is_like: boolean; is_saved: boolean; comments: Array<{ comments: string }> } }).post;
const call = (url: string, session: Session, payload: object) => cached.app.inject({ method: 'POST', url: `/api/user/${url}`, payload, headers: session.headers });

describe('the post page answered from bytes made once', () => {
  it('answers what the object path answers, the same bytes again, compressed only when asked', async () => {
    const first = await details(cached.app);
    const again = await details(cached.app);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers.vary).toBe('accept-encoding');
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);

    // The same database read with the cache off: serialised by Fastify for this one answer.
    const plain = await cached.another({ feedCacheMs: 0 });
    try {
      const uncached = await details(plain.app);
      expect(uncached.headers['content-type']).toBe(first.headers['content-type']);
      expect(uncached.payload).toBe(first.payload);
    } finally {
      await plain.close();
    }

    const br = await details(cached.app, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(first.rawPayload.length / 2);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(first.rawPayload)).toBe(true);
    const gzip = await details(cached.app, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(first.rawPayload)).toBe(true);
  });

  it('carries each reader’s own like and save, and never another reader’s', async () => {
    const liker = await aUser(cached.db, { name: 'Liker' });
    const saver = await aUser(cached.db, { name: 'Saver' });
    const [likerSession, saverSession] = [await signIn(cached.app, liker), await signIn(cached.app, saver)];
    expect((await call('like', likerSession, { user_id: liker.id, post_id: postId, status: 1 })).statusCode).toBe(200);
    expect((await call('posts/save', saverSession, { user_id: saver.id, post_id: postId, save_unsave: 1 })).statusCode).toBe(200);

    const asLiker = post(await details(cached.app, likerSession.headers, liker.id));
    const asSaver = post(await details(cached.app, saverSession.headers, saver.id));
    const asVisitor = post(await details(cached.app));
    expect([asLiker.is_like, asLiker.is_saved]).toEqual([true, false]);
    expect([asSaver.is_like, asSaver.is_saved]).toEqual([false, true]);
    expect([asVisitor.is_like, asVisitor.is_saved]).toEqual([false, false]);
    // The page's own numbers are the same for all three: one kept page, its flags set per reader (with
    // whether they may comment, which a visitor's answer does not say: ADR 0115).
    const { may_comment: mayComment, ...liked } = asLiker as typeof asLiker & { may_comment?: boolean };
    expect(mayComment).toBe(true);
    expect({ ...liked, is_like: false }).toEqual(asVisitor);

    // Unliked: the reader's next answer says so at once.
    expect((await call('like', likerSession, { user_id: liker.id, post_id: postId, status: 0 })).statusCode).toBe(200);
    expect(post(await details(cached.app, likerSession.headers, liker.id)).is_like).toBe(false);
  });

  it('shows a new comment at once, and leaves out the comments of a member the reader blocked', async () => {
    const talker = await aUser(cached.db, { name: 'Talker' });
    const reader = await aUser(cached.db, { name: 'Reader' });
    const [talkerSession, readerSession] = [await signIn(cached.app, talker), await signIn(cached.app, reader)];
    await details(cached.app);
    await details(cached.app, readerSession.headers, reader.id);
    expect((await call('comment', talkerSession, { user_id: talker.id, post_id: postId, comments: 'Said once' })).statusCode).toBe(200);

    const texts = (answer: Answer) => post(answer).comments.map((c) => c.comments);
    expect(texts(await details(cached.app))).toContain('Said once');
    expect(texts(await details(cached.app, readerSession.headers, reader.id))).toContain('Said once');

    expect((await call('block', readerSession, { user_id: reader.id, block_id: talker.id, status: 1 })).statusCode).toBe(200);
    // The visitor's page is kept again first, so the blocking reader's answer must not be its bytes.
    expect(texts(await details(cached.app))).toContain('Said once');
    const asBlocker = await details(cached.app, readerSession.headers, reader.id);
    expect(texts(asBlocker)).not.toContain('Said once');
    expect(asBlocker.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(texts(await details(cached.app))).toContain('Said once');
  });
});
