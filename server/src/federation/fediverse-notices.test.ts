import { paths } from '@inkwell/contract';
import { Announce, Create, Like, Note, PUBLIC_COLLECTION, Undo } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../posts/testing.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, type Session, signIn } from '../test/factories.ts';
import { type FediversePeer, startFediversePeer } from '../test/fediverse-peer.ts';
import { until } from '../test/until.ts';
import { aFollow, accepted, anActor, expectColumnRoundTrip, federatedApp, peerId, sharedInbox } from './federation.testkit.ts';

/**
 * A member is told of follows, likes and boosts from the fediverse (issue 30), over real sockets with real
 * signatures, on SQLite or PostgreSQL as INKWELL_TEST_DB says: the notification names the account of
 * the other server, is written once, and its Undo takes it back.
 */
let t: TestApp;
let base: string;
let peer: FediversePeer;

beforeAll(async () => {
  ({ t, base } = await federatedApp());
  peer = await startFediversePeer(['dave']);
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const id = (kind: string) => peerId(peer, kind);
const shared = () => sharedInbox(base);
const dave = () => ({ id: expect.any(Number), handle: `@dave@${new URL(peer.origin).host}`, name: 'Dave of the peer', url: `${peer.origin}/@dave` });

interface Item {
  type: string;
  message: string;
  actor: unknown;
  remote_actor: unknown;
  post_id: number | null;
}
const noticesOf = async (session: Session) =>
  (await t.app.inject({ method: 'POST', url: '/api/user/notifications', headers: session.headers, payload: { user_id: session.id } })).json().notifications as Item[];
const eventually = (read: () => Promise<boolean>) => until(async () => ((await read()) ? true : undefined), 15_000);

async function member() {
  const ada = await anActor(t, base);
  return { ada, session: await signIn(t.app, { ...ada, password: PASSWORD }) };
}

describe('notifications from the fediverse', () => {
  it('tells a member of a follow once, naming the account, and its Undo takes it back', async () => {
    const { ada, session } = await member();
    const follow = aFollow(peer, 'dave', ada.actor.id);
    await peer.send('dave', ada.actor, follow);
    await accepted(peer, follow.id!);
    // Sent again (servers do): still one.
    const again = aFollow(peer, 'dave', ada.actor.id);
    await peer.send('dave', ada.actor, again);
    await accepted(peer, again.id!);
    expect(await noticesOf(session)).toEqual([
      expect.objectContaining({ type: 'follow', message: 'Dave of the peer started following you from the fediverse.', actor: null, remote_actor: dave(), post_id: null }),
    ]);
    // One model (ADR 0083): the account is the notification's actor, its row of users.
    const row = await t.db.selectFrom('notifications as n').innerJoin('users as u', 'u.id', 'n.actor_id').select(['u.ap_id']).where('n.user_id', '=', ada.id).execute();
    expect(row).toEqual([{ ap_id: peer.actorUri('dave').href }]);
    await peer.send('dave', ada.actor, new Undo({ id: id('undo'), actor: peer.actorUri('dave'), object: again }));
    await eventually(async () => (await noticesOf(session)).length === 0);
  });

  it('tells the writer of a like and of a boost of their story, each taken back by its own Undo', async () => {
    const { session } = await member();
    const post = await createPost(t, session, { title: 'Night trains' });
    const article = new URL(`${base}/ap/posts/${post.id}`);
    const like = new Like({ id: id('likes'), actor: peer.actorUri('dave'), object: article });
    const boost = new Announce({ id: id('boosts'), actor: peer.actorUri('dave'), object: article });
    // The boost first: the like's notification, one per account and story, must not replace it.
    await peer.send('dave', shared(), boost);
    await eventually(async () => (await noticesOf(session)).length === 1);
    await peer.send('dave', shared(), like);
    await eventually(async () => (await noticesOf(session)).length === 2);
    const liked = expect.objectContaining({
      type: 'like',
      message: 'Dave of the peer liked your post “Night trains” from the fediverse.',
      actor: null,
      remote_actor: dave(),
      post_id: post.id,
    });
    const boosted = expect.objectContaining({
      type: 'boost',
      message: 'Dave of the peer boosted your post “Night trains” on the fediverse.',
      actor: null,
      remote_actor: dave(),
      post_id: post.id,
    });
    expect(await noticesOf(session)).toEqual(expect.arrayContaining([liked, boosted]));
    // The same boost delivered again tells nothing new.
    await peer.send('dave', shared(), boost);
    await peer.send('dave', shared(), new Undo({ id: id('undo'), actor: peer.actorUri('dave'), object: boost }));
    await eventually(async () => (await noticesOf(session)).length === 1);
    expect(await noticesOf(session)).toEqual([liked]);
    await peer.send('dave', shared(), new Undo({ id: id('undo'), actor: peer.actorUri('dave'), object: like }));
    await eventually(async () => (await noticesOf(session)).length === 0);
  });

  it('mails them, naming the account and linking to its profile here', async () => {
    const { ada } = await member();
    await t.db.updateTable('users').set({ notify_follow: 1 }).where('id', '=', ada.id).execute();
    const follow = aFollow(peer, 'dave', ada.actor.id);
    await peer.send('dave', ada.actor, follow);
    await accepted(peer, follow.id!);
    t.sent.length = 0;
    await t.app.notificationMailer.flush(Date.now() + 24 * 60 * 60_000);
    await t.app.outbox.drain();
    const mails = t.sent.filter((mail) => mail.to === ada.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Dave of the peer');
    expect(mails[0]!.text).toContain('Dave of the peer started following you from the fediverse.');
    const dave = await t.db
      .selectFrom('users')
      .select('id')
      .where('handle', '=', `@dave@${new URL(peer.origin).host}`)
      .executeTakeFirstOrThrow();
    expect(mails[0]!.html).toContain(`href="${t.config.publicUrl}${paths.viewProfile.getHref(dave.id)}"`);
  });

  it('tells the writer of a reply, leading to it under the story, and mails it with its words', async () => {
    const { ada, session } = await member();
    await t.db.updateTable('users').set({ notify_comment: 1 }).where('id', '=', ada.id).execute();
    const post = await createPost(t, session, { title: 'Slow mornings' });
    const note = id('notes');
    const object = new Note({
      id: note,
      attribution: peer.actorUri('dave'),
      replyTarget: new URL(`${base}/ap/posts/${post.id}`),
      content: '<p>Mine too, <b>always</b>.</p>',
      to: PUBLIC_COLLECTION,
    });
    await peer.send('dave', shared(), new Create({ id: id('creates'), actor: peer.actorUri('dave'), object, to: PUBLIC_COLLECTION }));
    await eventually(async () => (await noticesOf(session)).length === 1);
    // A comment of the account's (issue 46).
    const kept = await t.db.selectFrom('comments').select('id').where('ap_id', '=', note.href).executeTakeFirstOrThrow();
    expect(await noticesOf(session)).toEqual([
      expect.objectContaining({
        type: 'comment',
        message: 'Dave of the peer replied to “Slow mornings” from the fediverse.',
        remote_actor: dave(),
        post_id: post.id,
        comment_id: kept.id,
        reply_id: null,
      }),
    ]);
    t.sent.length = 0;
    await t.app.notificationMailer.flush(Date.now() + 24 * 60 * 60_000);
    await t.app.outbox.drain();
    const [mail] = t.sent.filter((sent) => sent.to === ada.email);
    expect(mail!.text).toContain('Mine too, always.');
    expect(mail!.html).toContain(`#comment-${kept.id}"`);
  });

  it('migrates notifications.remote_actor_id up and down', async () => {
    await expectColumnRoundTrip('0033_remote_reactions', 'notifications', 'remote_actor_id', '0057_stories_folded');
  });

  it('migrates notifications.remote_reaction_id up and down', async () => {
    await expectColumnRoundTrip('0035_remote_comments', 'notifications', 'remote_reaction_id', '0057_stories_folded');
  });
});
