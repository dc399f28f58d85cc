import { Accept, Announce, Create, Like, Note, PUBLIC_COLLECTION, Reject } from '@fedify/vocab';
import { FEDIVERSE_BLOCKED, FEDIVERSE_UNBLOCKED } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../posts/testing.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, type Session, signIn } from '../test/factories.ts';
import { type FediversePeer, startFediversePeer } from '../test/fediverse-peer.ts';
import { until } from '../test/until.ts';
import { aFollow, accepted, anActor, expectMigrationRoundTrip, federatedApp, received, peerId, sharedInbox } from './federation.testkit.ts';

/**
 * A member blocks an account of another server (issue 30) with the ordinary /block (one graph: issue
 * 46), over real sockets with real signatures, on SQLite or PostgreSQL as INKWELL_TEST_DB says: its
 * follow ends and its server hears a Reject, its next Follow is rejected, its likes, boosts and
 * replies to the member's stories are dropped, and the member's notifications leave it out;
 * unblocking undoes all but what was dropped.
 */
let t: TestApp;
let base: string;
let peer: FediversePeer;

beforeAll(async () => {
  ({ t, base } = await federatedApp());
  peer = await startFediversePeer(['dave', 'erin']);
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const id = (kind: string) => peerId(peer, kind);
const shared = () => sharedInbox(base);
const eventually = (read: () => Promise<boolean>) => until(async () => ((await read()) ? true : undefined), 15_000);
/** Every activity received has been handled (the queue holds nothing). */
const settled = () => eventually(async () => (await t.db.selectFrom('federation_messages').select('id').execute()).length === 0);

const post = (session: Session, path: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/user/${path}`, headers: session.headers, payload });
const block = (session: Session, accountId: number, status: 0 | 1) => post(session, 'block', { user_id: session.id, block_id: accountId, status });
const blocksOf = async (session: Session) =>
  (await post(session, 'blocked-users', { user_id: session.id })).json().data as Array<{ id: number; elsewhere: { handle: string } | null }>;
const noticesOf = async (session: Session) => (await post(session, 'notifications', { user_id: session.id })).json().notifications as Array<{ type: string; message: string }>;
const followers = async (profileId: number) =>
  (
    (await t.app.inject({ method: 'POST', url: '/api/user/followers', payload: { profile_id: profileId } })).json().data as Array<{
      id: number;
      elsewhere: { handle: string } | null;
    }>
  )
    .filter((person) => person.elsewhere)
    .map((person) => ({ account_id: person.id, handle: person.elsewhere!.handle }));
/** The story's comments (a reply from the fediverse is one: issue 46), with the account that wrote each. */
const repliesOf = async (postId: number) =>
  (
    (await t.app.inject({ method: 'POST', url: '/api/user/post/details', payload: { post_id: postId } })).json().post.comments as Array<{
      comments: string;
      elsewhere: { account_id: number };
    }>
  ).map((c) => ({ body: c.comments, remote: c.elsewhere }));

function reply(from: string, target: URL, content: string) {
  const actor = peer.actorUri(from);
  const note = id(`${from}/notes`);
  return new Create({
    id: new URL(`${note.href}/activity`),
    actor,
    object: new Note({ id: note, attribution: actor, replyTarget: target, content, to: PUBLIC_COLLECTION }),
    to: PUBLIC_COLLECTION,
  });
}

async function member() {
  const ada = await anActor(t, base);
  return { ada, session: await signIn(t.app, { ...ada, password: PASSWORD }) };
}

describe('a member blocks an account of another server', () => {
  it('ends its follow with a Reject, rejects its next Follow, and lets it follow again once unblocked', async () => {
    const { ada, session } = await member();
    const follow = aFollow(peer, 'dave', ada.actor.id);
    await peer.send('dave', ada.actor, follow);
    await accepted(peer, follow.id!);
    const [dave] = await followers(ada.id);
    expect(await noticesOf(session)).toHaveLength(1);

    const res = await block(session, dave!.account_id, 1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FEDIVERSE_BLOCKED, is_blocked: true });
    expect(await followers(ada.id)).toEqual([]);
    expect(await noticesOf(session)).toEqual([]);
    const rejected = await received(peer, (a) => a instanceof Reject && a.objectId?.href === follow.id!.href);
    expect(rejected.activity.actorId?.href).toBe(ada.actor.id.href);
    // The ordinary list of whom the member blocked holds it, with what the site shows of it.
    expect(await blocksOf(session)).toEqual([
      {
        id: dave!.account_id,
        name: 'Dave of the peer',
        profile_picture: null,
        elsewhere: { handle: dave!.handle, icon_url: `${peer.origin}/avatars/dave.png`, profile_url: `${peer.origin}/@dave`, url: null },
      },
    ]);
    // One model (ADR 0083): the block is a row of `blocks`, of the account's row of users.
    const blocked = await t.db
      .selectFrom('blocks as b')
      .innerJoin('users as u', 'u.id', 'b.blocked_id')
      .select(['u.ap_id', 'u.domain'])
      .where('b.blocker_id', '=', ada.id)
      .execute();
    expect(blocked).toEqual([{ ap_id: peer.actorUri('dave').href, domain: new URL(peer.origin).host }]);
    // Blocking twice is still one block.
    expect((await block(session, dave!.account_id, 1)).statusCode).toBe(200);
    expect(await blocksOf(session)).toHaveLength(1);

    const again = aFollow(peer, 'dave', ada.actor.id);
    await peer.send('dave', ada.actor, again);
    await received(peer, (a) => a instanceof Reject && a.objectId?.href === again.id!.href);
    await settled();
    expect(peer.received.some(({ activity }) => activity instanceof Accept && activity.objectId?.href === again.id!.href)).toBe(false);
    expect(await followers(ada.id)).toEqual([]);
    expect(await noticesOf(session)).toEqual([]);

    expect((await block(session, dave!.account_id, 0)).json()).toEqual({ message: FEDIVERSE_UNBLOCKED, is_blocked: false });
    expect(await blocksOf(session)).toEqual([]);
    const third = aFollow(peer, 'dave', ada.actor.id);
    await peer.send('dave', ada.actor, third);
    await accepted(peer, third.id!);
    expect(await followers(ada.id)).toHaveLength(1);
  });

  it('drops its likes, boosts and replies to the member’s stories and hides what it told them, while another account’s counts', async () => {
    const { session } = await member();
    const { id: postId } = await createPost(t, session, { title: 'Quiet rooms' });
    const article = new URL(`${base}/ap/posts/${postId}`);
    await peer.send('dave', shared(), reply('dave', article, '<p>First!</p>'));
    await eventually(async () => (await repliesOf(postId)).length === 1);
    const [first] = await repliesOf(postId);
    expect(await noticesOf(session)).toHaveLength(1);

    await block(session, first!.remote.account_id, 1);
    expect(await noticesOf(session)).toEqual([]);
    await peer.send('dave', shared(), new Like({ id: id('likes'), actor: peer.actorUri('dave'), object: article }));
    await peer.send('dave', shared(), new Announce({ id: id('boosts'), actor: peer.actorUri('dave'), object: article }));
    await peer.send('dave', shared(), reply('dave', article, '<p>Still here.</p>'));
    await peer.send('erin', shared(), new Like({ id: id('likes'), actor: peer.actorUri('erin'), object: article }));
    // Erin's like is a row of likes of her account's row of users (ADR 0083); Dave's like and boost were dropped.
    const fromElsewhere = () =>
      t.db.selectFrom('likes as l').innerJoin('users as u', 'u.id', 'l.user_id').select('u.ap_id').where('l.post_id', '=', postId).where('u.domain', 'is not', null).execute();
    await eventually(async () => (await fromElsewhere()).length === 1);
    expect(await fromElsewhere()).toEqual([{ ap_id: peer.actorUri('erin').href }]);
    await settled();
    const story = await t.db.selectFrom('posts').select(['likes_count', 'comments_count']).where('id', '=', postId).executeTakeFirstOrThrow();
    expect(story).toEqual({ likes_count: 1, comments_count: 1 });
    expect((await repliesOf(postId)).map((r) => r.body)).toEqual(['First!']);
    expect(await noticesOf(session)).toEqual([expect.objectContaining({ message: 'Erin of the peer liked your post “Quiet rooms” from the fediverse.' })]);

    // Unblocked: what it told before shows again.
    await block(session, first!.remote.account_id, 0);
    expect(await noticesOf(session)).toHaveLength(2);
  });

  it('answers 404 for an account not kept here, 422 for a bad status, and keeps each member’s list their own', async () => {
    const { session } = await member();
    const res = await block(session, 987_654, 1);
    expect(res.statusCode).toBe(404);
    expect((await post(session, 'block', { user_id: session.id, block_id: 1, status: 2 })).statusCode).toBe(422);
    const other = await member();
    expect((await post(other.session, 'blocked-users', { user_id: session.id })).statusCode).toBe(403);
    expect((await post(other.session, 'block', { user_id: session.id, block_id: 1, status: 1 })).statusCode).toBe(403);
  });

  it('migrates remote_blocks up and down', async () => {
    await expectMigrationRoundTrip('0036_remote_boost_notices', 'remote_', ['remote_blocks'], '0046_actors_as_users');
  });
});
