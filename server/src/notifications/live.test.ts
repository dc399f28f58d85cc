import type { NotificationEvent, UnseenEvent } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, aMember, call } from '../social/social.testkit.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost } from '../test/factories.ts';
import { SseClient } from './testkit.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ config: { notifications: { heartbeatMs: 150, streamsPerMember: 3, streamsMax: 6, livePollMs: 50 } } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const streamUrl = () => `${base}/api/user/notifications/stream`;
/** A browser's EventSource: the session cookies, no headers. */
const cookies = (m: Member) => ({ cookie: `token=${m.token}; id=${m.id}` });
const open = (m: Member, extra: Record<string, string> = {}) => new SseClient(streamUrl(), { ...cookies(m), ...extra }).open();
const data = <T>(e: { data: string }) => JSON.parse(e.data) as T;
const isNotice = (e: { event: string }) => e.event === 'notification';

describe('GET /api/user/notifications/stream', () => {
  it('refuses a visitor and a forged session', async () => {
    expect((await new SseClient(streamUrl(), {}).open()).status).toBe(401);
    expect((await new SseClient(streamUrl(), { cookie: 'token=forged; id=1' }).open()).status).toBe(401);
  });

  it('delivers a notification made by another request within a second, with the unseen count, and the seen count after', async () => {
    const author = await aMember(t, 'Author');
    const post = await aPost(t.db, { userId: author.id, title: 'Night trains' });
    const stream = await open(author);
    expect(stream.status).toBe(200);
    const first = await stream.next((e) => e.event === 'unseen');
    expect(data<UnseenEvent>(first)).toEqual({ unseen_count: 0 });

    const ines = await aMember(t, 'Ines');
    const sentAt = Date.now();
    expect((await call(t, '/like', { user_id: ines.id, post_id: post.id, status: 1 }, ines)).statusCode).toBe(200);
    const event = await stream.next(isNotice);
    expect(event.at - sentAt).toBeLessThan(1000);
    const payload = data<NotificationEvent>(event);
    expect(payload.unseen_count).toBe(1);
    expect(payload.notification).toMatchObject({ type: 'like', post_id: post.id, seen: false, actor: { id: ines.id, name: 'Ines', profile_picture: null } });
    expect(event.id).toBe(String(payload.notification.id));

    const seen = await call(t, '/notifications/seen', { user_id: author.id, ids: [payload.notification.id] }, author);
    expect(seen.json()).toEqual({ message: 'Marked as seen.', unseen_count: 0 });
    const after = await stream.next((e) => e.event === 'unseen', stream.events.indexOf(event));
    expect(data<UnseenEvent>(after)).toEqual({ unseen_count: 0 });
    await stream.close();
  });

  it('sends what a reconnecting tab missed after its Last-Event-ID, and nothing of a blocked member', async () => {
    const author = await aMember(t, 'Author');
    const post = await aPost(t.db, { userId: author.id });
    const fan = await aMember(t, 'Fan');
    const stream = await open(author);
    await call(t, '/follow-unfollow', { user_id: fan.id, follow_id: author.id, followType: 1 }, fan);
    const followed = await stream.next(isNotice);
    await stream.close();

    await call(t, '/like', { user_id: fan.id, post_id: post.id, status: 1 }, fan); // while the tab is away
    const again = await open(author, { 'last-event-id': followed.id! });
    const missed = await again.next(isNotice);
    expect(data<NotificationEvent>(missed).notification).toMatchObject({ type: 'like', actor: { id: fan.id } });

    const troll = await aMember(t, 'Troll');
    await call(t, '/block', { user_id: author.id, block_id: troll.id, status: 1 }, author);
    const count = again.events.length;
    await call(t, '/like', { user_id: troll.id, post_id: post.id, status: 1 }, troll);
    const friend = await aMember(t, 'Friend');
    await call(t, '/like', { user_id: friend.id, post_id: post.id, status: 1 }, friend);
    const next = await again.next(isNotice, count);
    expect(data<NotificationEvent>(next).notification.actor?.id).toBe(friend.id); // the troll's like never came
    await again.close();
  });

  it('ends the stream when the session ends', async () => {
    const member = await aMember(t);
    const stream = await open(member);
    await stream.next((e) => e.event === 'unseen');
    expect((await call(t, '/logout', {}, member)).statusCode).toBeLessThan(300);
    await stream.next((e) => e.event === 'signed-out');
    await stream.close();
  });

  it('keeps a member to their last few streams, and the process to its limit (503 with Retry-After)', async () => {
    const member = await aMember(t);
    const streams = [await open(member), await open(member), await open(member), await open(member)];
    await new Promise((r) => setTimeout(r, 100));
    expect(streams[0]!.ended).toBe(true); // the oldest gave way
    expect(streams.slice(1).every((s) => !s.ended)).toBe(true);
    const others = [await open(await aMember(t)), await open(await aMember(t)), await open(await aMember(t))];
    const refused = await fetch(streamUrl(), { headers: cookies(await aMember(t)) });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    await Promise.all([...streams, ...others].map((s) => s.close()));
  });
});

describe('POST /api/user/notifications and /notifications/seen', () => {
  it('answers the list with unseen_count, links and actors; seen marks only the caller’s own', async () => {
    const author = await aMember(t, 'Author');
    const post = await aPost(t.db, { userId: author.id });
    const tom = await aMember(t, 'Tom');
    const commentId = (await call(t, '/comment', { user_id: tom.id, post_id: post.id, comments: 'Nice' }, tom)).json().id as number;
    await call(t, '/follow-unfollow', { user_id: tom.id, follow_id: author.id, followType: 1 }, tom);
    const list = (await call(t, '/notifications', { user_id: author.id }, author)).json();
    expect(list.unseen_count).toBe(2);
    expect(list.notifications).toEqual([
      expect.objectContaining({ type: 'follow', post_id: null, comment_id: null, seen: false, actor: { id: tom.id, name: 'Tom', profile_picture: null } }),
      expect.objectContaining({ type: 'comment', post_id: post.id, comment_id: commentId, reply_id: null, seen: false }),
    ]);

    const ids = list.notifications.map((n: { id: number }) => n.id);
    const stranger = await aMember(t);
    const foreign = await call(t, '/notifications/seen', { user_id: stranger.id, ids }, stranger);
    expect(foreign.json().unseen_count).toBe(0);
    expect((await call(t, '/notifications', { user_id: author.id }, author)).json().unseen_count).toBe(2);
    expect((await call(t, '/notifications/seen', { user_id: author.id, ids: [ids[1]] }, author)).json().unseen_count).toBe(1);
    const again = (await call(t, '/notifications', { user_id: author.id }, author)).json();
    expect(again.notifications.map((n: { seen: boolean }) => n.seen)).toEqual([false, true]);
    expect((await call(t, '/notifications/seen', { user_id: author.id, ids: 'x' }, author)).statusCode).toBe(422);
  });
});
