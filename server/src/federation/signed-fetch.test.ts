import { Create, Like, Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../posts/testing.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, signIn } from '../test/factories.ts';
import { type FediversePeer, startFediversePeer } from '../test/fediverse-peer.ts';
import { until } from '../test/until.ts';
import { anActor, federatedApp, peerId, sharedInbox } from './federation.testkit.ts';
import { countReactions } from './reactions.repository.ts';

/**
 * A server that serves its actors only to signed requests (authorized fetch: Mastodon's secure mode,
 * GoToSocial) can still reach a member through the shared inbox: the app fetches the sender's key and
 * actor signed by its instance actor. Real sockets, real signatures, SQLite or PostgreSQL as INKWELL_TEST_DB says.
 */
let t: TestApp;
let base: string;
let peer: FediversePeer;

beforeAll(async () => {
  ({ t, base } = await federatedApp());
  peer = await startFediversePeer(['dave'], { signedFetchOnly: true });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

async function story() {
  const ada = await anActor(t, base);
  const post = await createPost(t, await signIn(t.app, { ...ada, password: PASSWORD }));
  return { post, article: new URL(`${base}/ap/posts/${post.id}`) };
}

describe('a server that asks for signed fetches', () => {
  it('refuses its actor to an unsigned request', async () => {
    const res = await fetch(peer.actorUri('dave'), { headers: { accept: 'application/activity+json' } });
    expect(res.status).toBe(401);
  });

  it('reaches a member through the shared inbox: a reply is a comment with its author, a like counts', async () => {
    const { post, article } = await story();
    const note = peerId(peer, 'dave/notes');
    const actor = peer.actorUri('dave');
    const object = new Note({ id: note, attribution: actor, replyTarget: article, content: '<p>Signed and sealed.</p>', to: PUBLIC_COLLECTION });
    // Fedify's send throws when the inbox refuses it: an unsigned key fetch would make it 401.
    await peer.send('dave', sharedInbox(base), new Create({ id: new URL(`${note.href}/activity`), actor, object, to: PUBLIC_COLLECTION }));
    await peer.send('dave', sharedInbox(base), new Like({ id: peerId(peer, 'likes'), actor, object: article }));
    const comments = await until(async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/post/details', payload: { post_id: post.id } });
      const found = res.json().post.comments as Array<{ comments: string; user: { name: string | null }; elsewhere: { handle: string } | null }>;
      return found.length ? found : undefined;
    }, 15_000);
    expect(comments).toEqual([
      expect.objectContaining({
        comments: 'Signed and sealed.',
        user: expect.objectContaining({ name: 'Dave of the peer' }),
        elsewhere: expect.objectContaining({ handle: `@dave@${new URL(peer.origin).host}` }),
      }),
    ]);
    await until(async () => ((await countReactions(t.db, post.id)).like === 1 ? true : undefined), 15_000);
  });
});
