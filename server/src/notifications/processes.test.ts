import type { NotificationEvent } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { type DataStore, type ServerProcess, call, createDataStore, killAllServers, login, startServer } from '../security/server-process.ts';
import { aPost, aUser } from '../test/factories.ts';
import { SseClient } from './testkit.ts';

/**
 * Two real app servers on one database (PostgreSQL: LISTEN/NOTIFY; SQLite: each process watches the
 * notification ids), as behind a load balancer: a tab open on one learns of a like made on the other.
 */
let store: DataStore;
let database: Database;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  store = await createDataStore();
  a = await startServer(store);
  b = await startServer(store);
  database = store.open();
}, 60_000);
afterAll(async () => {
  await killAllServers();
  await database?.destroy();
  await store?.remove();
});

describe('live notifications across app servers', () => {
  it('reach a stream on one server within a second of a like made through another', async () => {
    const author = await aUser(database.db, { name: 'Author' });
    const reader = await aUser(database.db, { name: 'Reader' });
    const post = await aPost(database.db, { userId: author.id, title: 'Across servers' });
    const authorSession = await login(a.url, author.email, author.password);
    const readerSession = await login(b.url, reader.email, reader.password);

    const stream = await new SseClient(`${a.url}/api/user/notifications/stream`, authorSession.headers).open();
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'unseen');
    // The listener of server A is up once the first stream opened; give it a moment to LISTEN.
    await new Promise((r) => setTimeout(r, 300));

    const sentAt = Date.now();
    const liked = await call(b.url, 'like', { user_id: reader.id, post_id: post.id, status: 1 }, readerSession);
    expect(liked.status).toBe(200);
    const event = await stream.next((e) => e.event === 'notification');
    expect(event.at - sentAt).toBeLessThan(1000);
    expect((JSON.parse(event.data) as NotificationEvent).notification).toMatchObject({ type: 'like', post_id: post.id, actor: { id: reader.id } });
    await stream.close();
  }, 30_000);

  it('bring a new story published through one server to a follower’s tab on the other', async () => {
    const author = await aUser(database.db, { name: 'Writer' });
    const reader = await aUser(database.db, { name: 'Follower' });
    const authorSession = await login(b.url, author.email, author.password);
    const readerSession = await login(a.url, reader.email, reader.password);
    expect((await call(a.url, 'follow-unfollow', { user_id: reader.id, follow_id: author.id, followType: 1 }, readerSession)).status).toBe(200);
    const category = (await database.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;

    const stream = await new SseClient(`${a.url}/api/user/notifications/stream`, readerSession.headers).open();
    await stream.next((e) => e.event === 'unseen');
    await new Promise((r) => setTimeout(r, 300));

    const sentAt = Date.now();
    const added = await call(
      b.url,
      'add-post',
      { user_id: author.id, title: 'Across servers too', sub_title: 'A line', category_id: category, description: '<p>Hi</p>' },
      authorSession,
    );
    expect(added.status).toBe(201);
    const event = await stream.next((e) => e.event === 'notification');
    expect(event.at - sentAt).toBeLessThan(1000);
    expect((JSON.parse(event.data) as NotificationEvent).notification).toMatchObject({
      type: 'post',
      post_id: (added.body as { post: { id: number } }).post.id,
      actor: { id: author.id },
    });
    await stream.close();
  }, 30_000);
});
