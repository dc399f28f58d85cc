import { type NotificationEvent, paths } from '@inkwell/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { firstCategoryId } from '../posts/testing.ts';
import { type Member, aMember, call } from '../social/social.testkit.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { SseClient, unsubscribeUrlOf } from './testkit.ts';

/** A new story by mail (the fifth mail choice, off unless ticked) and live to open tabs. */
const WINDOW = 15 * 60_000;
let t: TestApp;
let base: string;
let category: number;
beforeAll(async () => {
  t = await buildTestApp({ config: { notifications: { digestMs: WINDOW, digestPollMs: 10_000, livePollMs: 50 } } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  category = await firstCategoryId(t);
});
afterAll(() => t.close());
beforeEach(() => {
  t.sent.length = 0;
});

const follow = (who: Member, author: Member) => call(t, '/follow-unfollow', { user_id: who.id, follow_id: author.id, followType: 1 }, who);
const emailOf = async (m: Member) => (await t.db.selectFrom('users').select('email').where('id', '=', m.id).executeTakeFirstOrThrow()).email;
const choice = async (m: Member) => (await t.db.selectFrom('users').select('notify_post').where('id', '=', m.id).executeTakeFirstOrThrow()).notify_post;

async function publish(author: Member, title: string, subTitle = 'Sleeping through the mountains'): Promise<number> {
  const res = await call(t, '/add-post', { user_id: author.id, title, sub_title: subTitle, category_id: category, description: '<p>Trains.</p>' }, author);
  expect(res.statusCode, res.body).toBe(201);
  await t.app.postFanout.settled();
  return res.json().post.id as number;
}

/** Sends what is due once the digest window has passed, then the outbox: the mails about new stories (not the follows' to the authors). */
async function deliver(afterMs = WINDOW) {
  await t.app.notificationMailer.flush(Date.now() + afterMs);
  await t.app.outbox.drain();
  return t.sent.splice(0).filter((m) => unsubscribeUrlOf(m.headers?.['List-Unsubscribe']).searchParams.get('token')?.split('.')[1] === 'post');
}

describe('new stories by mail', () => {
  it('is off until ticked: then one digest names the author and the story and links the post', async () => {
    const author = await aMember(t, 'Ana Author');
    const [ticked, unticked] = [await aMember(t, 'Ticked'), await aMember(t, 'Unticked')];
    for (const m of [ticked, unticked]) await follow(m, author);
    expect(await choice(unticked)).toBe(0); // the default
    const profile = await call(t, '/update-profile', { id: ticked.id, notify_post: true }, ticked);
    expect(profile.json().user).toMatchObject({ notify_post: true, notify_like: true });
    expect((await call(t, '/profile', { id: unticked.id }, unticked)).json().user.notify_post).toBe(false);

    const postId = await publish(author, 'Night trains');
    expect(await deliver(0)).toEqual([]); // within the window: more may come
    const mails = await deliver();
    expect(mails.map((m) => m.to)).toEqual([await emailOf(ticked)]);
    const [mail] = mails;
    expect(mail!.subject).toBe('Ana Author published a new story: “Night trains”');
    const postUrl = `${t.config.publicUrl}${paths.viewPost.getHref(postId)}`;
    expect(mail!.html).toContain(postUrl);
    expect(mail!.html).toContain('Sleeping through the mountains');
    expect(mail!.text).toContain(postUrl);
    expect(mail!.text).toContain('someone you follow publishes a story');
    expect(await deliver()).toEqual([]); // once
  });

  it('gathers several stories in one mail, and leaves out a member who unticked the box meanwhile', async () => {
    const [ana, tom] = [await aMember(t, 'Ana'), await aMember(t, 'Tom')];
    const [reader, fickle] = [await aMember(t, 'Reader'), await aMember(t, 'Fickle')];
    for (const m of [reader, fickle]) {
      await call(t, '/update-profile', { id: m.id, notify_post: 1 }, m);
      await follow(m, ana);
      await follow(m, tom);
    }
    await publish(ana, 'First');
    await publish(ana, 'Second');
    await publish(tom, 'Third');
    await call(t, '/update-profile', { id: fickle.id, notify_post: '0' }, fickle);
    const mails = await deliver();
    expect(mails.map((m) => m.to)).toEqual([await emailOf(reader)]);
    expect(mails[0]!.subject).toBe('3 new stories from Tom and Ana'); // newest first;
    for (const title of ['First', 'Second', 'Third']) expect(mails[0]!.text).toContain(`“${title}”`);
  });

  it('unsubscribes from new stories by the mail’s signed link, without a session, and Undo ticks it again', async () => {
    const author = await aMember(t, 'Writer');
    const reader = await aMember(t, 'Subscriber');
    await call(t, '/update-profile', { id: reader.id, notify_post: 1 }, reader);
    await follow(reader, author);
    await publish(author, 'Worth a mail');
    const [mail] = await deliver();
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = unsubscribeUrlOf(mail!.headers?.['List-Unsubscribe']);
    const token = url.searchParams.get('token')!;
    expect(token.split('.')[1]).toBe('post');

    const oneClick = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.json()).toEqual({ message: 'You will no longer get mails when someone you follow publishes a story.', kind: 'post', subscribed: false });
    expect(await choice(reader)).toBe(0);
    await publish(author, 'Not mailed');
    expect(await deliver()).toEqual([]);

    const forged = `${author.id}.post.${token.split('.')[2]}`;
    expect((await call(t, '/unsubscribe', { token: forged })).statusCode).toBe(422);
    const undo = await call(t, '/unsubscribe', { token, subscribe: 1 });
    expect(undo.json()).toMatchObject({ kind: 'post', subscribed: true });
    expect(await choice(reader)).toBe(1);
  });
});

describe('new stories live', () => {
  it('reaches each follower’s open tab within a second, with the unseen count', async () => {
    const author = await aMember(t, 'Live author');
    const fans = [await aMember(t, 'Live one'), await aMember(t, 'Live two')];
    for (const fan of fans) await follow(fan, author);
    const streams = await Promise.all(fans.map((fan) => new SseClient(`${base}/api/user/notifications/stream`, { cookie: `token=${fan.token}; id=${fan.id}` }).open()));
    for (const s of streams) await s.next((e) => e.event === 'unseen');
    const sentAt = Date.now();
    const postId = await publish(author, 'Breaking');
    for (const s of streams) {
      const event = await s.next((e) => e.event === 'notification');
      expect(event.at - sentAt).toBeLessThan(1000);
      const data = JSON.parse(event.data) as NotificationEvent;
      expect(data).toMatchObject({ unseen_count: 1, notification: { type: 'post', post_id: postId, actor: { id: author.id } } });
      await s.close();
    }
  });
});
