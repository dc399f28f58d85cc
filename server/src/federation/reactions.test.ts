import { Announce, Like, Undo } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../posts/testing.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, signIn } from '../test/factories.ts';
import { type FediversePeer, startFediversePeer } from '../test/fediverse-peer.ts';
import { until } from '../test/until.ts';
import { countReactions } from './reactions.repository.ts';
import { anActor, expectMigrationRoundTrip, federatedApp, peerId, sharedInbox } from './federation.testkit.ts';

/**
 * Likes and boosts from the fediverse (ADR 0071), over real sockets with real signatures, on SQLite or
 * PostgreSQL as INKWELL_TEST_DB says: a peer's account likes and boosts a story, the like counts with
 * the members' likes where readers see it, and Undo takes either back.
 */
let t: TestApp;
let base: string;
let peer: FediversePeer;

beforeAll(async () => {
  // Feed pages kept a minute: a like from the fediverse must drop them, as a member's does.
  ({ t, base } = await federatedApp({ feedCacheMs: 60_000 }));
  peer = await startFediversePeer(['dave', 'erin']);
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const id = (kind: string) => peerId(peer, kind);
const shared = () => sharedInbox(base);

async function story() {
  const ada = await anActor(t, base);
  const post = await createPost(t, await signIn(t.app, { ...ada, password: PASSWORD }));
  return { ada, post, article: new URL(`${base}/ap/posts/${post.id}`) };
}

/** The story's likes as a reader sees them in the feed (cached pages and all). */
const likesShown = async (postId: number) =>
  ((await t.app.inject({ method: 'POST', url: '/api/user/view-posts', payload: {} })).json().data as Array<{ id: number; likes_count: number }>).find((card) => card.id === postId)
    ?.likes_count;

const eventually = <T>(read: () => Promise<T>, want: T) => until(async () => ((await read()) === want ? true : undefined), 15_000);

describe('a Like from the fediverse', () => {
  it('counts with the members’ likes where readers see them, once per account, and its Undo takes it back', async () => {
    const { post, article } = await story();
    expect(await likesShown(post.id)).toBe(0);
    const like = new Like({ id: id('likes'), actor: peer.actorUri('dave'), object: article });
    await peer.send('dave', shared(), like);
    await eventually(() => likesShown(post.id), 1);
    await peer.send('dave', shared(), new Like({ id: id('likes'), actor: peer.actorUri('dave'), object: article }));
    await peer.send('erin', shared(), new Like({ id: id('likes'), actor: peer.actorUri('erin'), object: article }));
    await eventually(() => likesShown(post.id), 2);
    // Erin cannot undo Dave's like. One listener handles the inbox in order: once Erin's later boost
    // is kept, her Undo has been handled.
    await peer.send('erin', shared(), new Undo({ id: id('undo'), actor: peer.actorUri('erin'), object: like }));
    await peer.send('erin', shared(), new Announce({ id: id('boosts'), actor: peer.actorUri('erin'), object: article }));
    await eventually(async () => (await countReactions(t.db, post.id)).announce, 1);
    expect(await likesShown(post.id)).toBe(2);
    // Dave can.
    await peer.send('dave', shared(), new Undo({ id: id('undo'), actor: peer.actorUri('dave'), object: like }));
    await eventually(() => likesShown(post.id), 1);
    expect(await countReactions(t.db, post.id)).toEqual({ like: 1, announce: 1 });
    // One model (ADR 0083): the like and the boost left are rows of likes of Erin's account, its row of users, each of its kind.
    const rows = await t.db
      .selectFrom('likes as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select(['u.ap_id', 'u.domain', 'l.kind'])
      .where('l.post_id', '=', post.id)
      .orderBy('l.kind')
      .execute();
    const erin = { ap_id: peer.actorUri('erin').href, domain: new URL(peer.origin).host };
    expect(rows).toEqual([
      { ...erin, kind: 'boost' },
      { ...erin, kind: 'like' },
    ]);
  });

  it('changes nothing for a story that is not there', async () => {
    const { post } = await story();
    await peer.send('dave', shared(), new Like({ id: id('likes'), actor: peer.actorUri('dave'), object: new URL(`${base}/ap/posts/999999`) }));
    const marker = new Like({ id: id('likes'), actor: peer.actorUri('dave'), object: new URL(`${base}/ap/posts/${post.id}`) });
    await peer.send('dave', shared(), marker);
    await eventually(async () => (await countReactions(t.db, post.id)).like, 1);
    expect(await t.db.selectFrom('likes').select('post_id').where('post_id', '=', 999999).execute()).toEqual([]);
  });
});

describe('an Announce (a boost)', () => {
  it('is kept once per account and taken back by its Undo, and is no like', async () => {
    const { post, article } = await story();
    const boost = new Announce({ id: id('boosts'), actor: peer.actorUri('erin'), object: article });
    await peer.send('erin', shared(), boost);
    await eventually(async () => (await countReactions(t.db, post.id)).announce, 1);
    expect(await likesShown(post.id)).toBe(0);
    // Shown with the story (post details: issue 46).
    expect((await t.app.inject({ method: 'POST', url: '/api/user/post/details', payload: { post_id: post.id } })).json().post).toMatchObject({ comments: [], boosts_count: 1 });
    await peer.send('erin', shared(), new Undo({ id: id('undo'), actor: peer.actorUri('erin'), object: boost }));
    await eventually(async () => (await countReactions(t.db, post.id)).announce, 0);
  });
});

describe('migration 0033', () => {
  it('makes remote_reactions and takes it away again', () => expectMigrationRoundTrip('0032_federation_domain_blocks', 'remote_', ['remote_reactions'], '0057_stories_folded'));
});
