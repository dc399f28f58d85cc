import { Create, Delete, Note, PUBLIC_COLLECTION, Tombstone, Update } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../posts/testing.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, type Session, signIn } from '../test/factories.ts';
import { type FediversePeer, startFediversePeer } from '../test/fediverse-peer.ts';
import { until } from '../test/until.ts';
import { anActor, expectMigrationRoundTrip, federatedApp, peerId, sharedInbox } from './federation.testkit.ts';

/**
 * Replies from the fediverse shown as comments (ADR 0073), over real sockets with real signatures, on
 * SQLite or PostgreSQL as INKWELL_TEST_DB says: a peer's accounts reply to a story and to each
 * other, edit and delete, and the story's page, its comment count and its writer's notifications follow.
 */
let t: TestApp;
let base: string;
let peer: FediversePeer;

beforeAll(async () => {
  // Feed pages kept a minute: a reply must drop them, as a member's comment does.
  ({ t, base } = await federatedApp({ feedCacheMs: 60_000 }));
  peer = await startFediversePeer(['dave', 'erin']);
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const id = (kind: string) => peerId(peer, kind);
const shared = () => sharedInbox(base);

/** `from`'s Note answering `target`, in its Create. */
function reply(from: string, target: URL, content: string, note = id(`${from}/notes`)) {
  const actor = peer.actorUri(from);
  const object = new Note({ id: note, attribution: actor, replyTarget: target, content, url: new URL(`${note.href}/page`), to: PUBLIC_COLLECTION });
  return { note, create: new Create({ id: new URL(`${note.href}/activity`), actor, object, to: PUBLIC_COLLECTION }) };
}

async function story() {
  const ada = await anActor(t, base);
  const session = await signIn(t.app, { ...ada, password: PASSWORD });
  const { id: postId } = await createPost(t, session);
  const post = await t.db.selectFrom('posts').select(['id', 'title']).where('id', '=', postId).executeTakeFirstOrThrow();
  return { ada, session, post, article: new URL(`${base}/ap/posts/${post.id}`) };
}

interface Thread {
  id: number;
  body: string;
  url: string | null;
  remote: { account_id: number; handle: string; name: string | null; icon_url: string | null; url: string | null } | null;
  replies: Array<{ id: number; body: string; reply_to_id: number | null; remote: { handle: string } | null }>;
}
const repliesOf = async (postId: number) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/fediverse-replies', payload: { post_id: postId } });
  expect(res.statusCode).toBe(200);
  return res.json().comments as Thread[];
};
/** The story's comment count as readers see it in the feed (cached pages and all). */
const countShown = async (postId: number) =>
  ((await t.app.inject({ method: 'POST', url: '/api/user/view-posts', payload: {} })).json().data as Array<{ id: number; comments_count: number }>).find(
    (card) => card.id === postId,
  )?.comments_count;
const noticesOf = async (session: Session) =>
  (await t.app.inject({ method: 'POST', url: '/api/user/notifications', headers: session.headers, payload: { user_id: session.id } })).json().notifications as Array<{
    type: string;
    message: string;
    post_id: number | null;
    remote_actor: { handle: string } | null;
  }>;
const eventually = (read: () => Promise<boolean>) => until(async () => ((await read()) ? true : undefined), 15_000);
const host = () => new URL(peer.origin).host;

describe('a reply from the fediverse', () => {
  it('shows as a comment with its author, counts with the comments, and tells the writer', async () => {
    const { session, post, article } = await story();
    expect(await countShown(post.id)).toBe(0);
    const first = reply(
      'dave',
      article,
      `<p><span class="h-card"><a href="${base}/@m" class="u-url mention">@<span>m</span></a></span> Lovely piece &amp; <b>true</b>.<script>alert(1)</script></p><p>Second thought.</p>`,
    );
    await peer.send('dave', shared(), first.create);
    await eventually(async () => (await repliesOf(post.id)).length === 1);
    expect(await repliesOf(post.id)).toEqual([
      expect.objectContaining({
        body: 'Lovely piece & true.\n\nSecond thought.',
        url: `${first.note.href}/page`,
        remote: { account_id: expect.any(Number), handle: `@dave@${host()}`, name: 'Dave of the peer', icon_url: `${peer.origin}/avatars/dave.png`, url: `${peer.origin}/@dave` },
        replies: [],
      }),
    ]);
    expect(await countShown(post.id)).toBe(1);
    expect(await noticesOf(session)).toEqual([
      expect.objectContaining({
        type: 'comment',
        message: `Dave of the peer replied to “${post.title}” from the fediverse.`,
        post_id: post.id,
        remote_actor: expect.objectContaining({ handle: `@dave@${host()}` }),
      }),
    ]);
    // The same Create again (servers retry): still one.
    await peer.send('dave', shared(), first.create);
    const marker = reply('erin', article, '<p>Agreed.</p>');
    await peer.send('erin', shared(), marker.create);
    await eventually(async () => (await repliesOf(post.id)).length === 2);
    expect(await countShown(post.id)).toBe(2);
  });

  it('answers to a reply join its thread, each saying which one it answers', async () => {
    const { post, article } = await story();
    const opening = reply('dave', article, '<p>Opening.</p>');
    await peer.send('dave', shared(), opening.create);
    const answer = reply('erin', opening.note, '<p>An answer.</p>');
    await peer.send('erin', shared(), answer.create);
    const deeper = reply('dave', answer.note, '<p>And back.</p>');
    await peer.send('dave', shared(), deeper.create);
    await eventually(async () => (await repliesOf(post.id))[0]?.replies.length === 2);
    const [thread] = await repliesOf(post.id);
    expect(thread!.body).toBe('Opening.');
    expect(thread!.replies.map((r) => [r.body, r.remote?.handle])).toEqual([
      ['An answer.', `@erin@${host()}`],
      ['And back.', `@dave@${host()}`],
    ]);
    expect(thread!.replies[0]!.reply_to_id).toBeNull();
    expect(thread!.replies[1]!.reply_to_id).toBe(thread!.replies[0]!.id);
    expect(await countShown(post.id)).toBe(3);
  });

  it('is edited by an Update and removed, with its thread, by a Delete: only from the account that wrote it', async () => {
    const { session, post, article } = await story();
    const opening = reply('dave', article, '<p>First draft.</p>');
    await peer.send('dave', shared(), opening.create);
    const answer = reply('erin', opening.note, '<p>An answer.</p>');
    await peer.send('erin', shared(), answer.create);
    await eventually(async () => (await repliesOf(post.id))[0]?.replies.length === 1);
    // Erin cannot change or delete Dave's reply.
    const forged = new Note({ id: opening.note, attribution: peer.actorUri('erin'), replyTarget: article, content: '<p>Forged.</p>' });
    await peer.send('erin', shared(), new Update({ id: id('updates'), actor: peer.actorUri('erin'), object: forged }));
    await peer.send('erin', shared(), new Delete({ id: id('deletes'), actor: peer.actorUri('erin'), object: new Tombstone({ id: opening.note }) }));
    // Dave can.
    const edited = new Note({ id: opening.note, attribution: peer.actorUri('dave'), replyTarget: article, content: '<p>Second draft.</p>' });
    await peer.send('dave', shared(), new Update({ id: id('updates'), actor: peer.actorUri('dave'), object: edited }));
    await eventually(async () => (await repliesOf(post.id))[0]?.body === 'Second draft.');
    expect((await repliesOf(post.id))[0]!.replies).toHaveLength(1);
    await peer.send('dave', shared(), new Delete({ id: id('deletes'), actor: peer.actorUri('dave'), object: new Tombstone({ id: opening.note }) }));
    await eventually(async () => (await repliesOf(post.id)).length === 0);
    expect(await countShown(post.id)).toBe(0);
    // What the writer was told of the two went with them.
    expect(await noticesOf(session)).toEqual([]);
  });

  it('is not taken from another account, from another server’s Note, or when it answers nothing here', async () => {
    const { post, article } = await story();
    // Erin sends a Note that says Dave wrote it.
    const daves = new Note({ id: id('dave/notes'), attribution: peer.actorUri('dave'), replyTarget: article, content: '<p>Not Dave.</p>' });
    await peer.send('erin', shared(), new Create({ id: id('creates'), actor: peer.actorUri('erin'), object: daves }));
    // A Note whose id is on another server.
    const elsewhere = new Note({ id: new URL('http://127.0.0.1:9/notes/1'), attribution: peer.actorUri('erin'), replyTarget: article, content: '<p>Elsewhere.</p>' });
    await peer.send('erin', shared(), new Create({ id: id('creates'), actor: peer.actorUri('erin'), object: elsewhere }));
    // Answers to what is not here: a story that is not, a Note never seen, and an empty one.
    await peer.send('erin', shared(), reply('erin', new URL(`${base}/ap/posts/999999`), '<p>Nowhere.</p>').create);
    await peer.send('erin', shared(), reply('erin', new URL(`${peer.origin}/unknown/1`), '<p>Unknown.</p>').create);
    await peer.send('erin', shared(), reply('erin', article, '<p><img src="x"></p>').create);
    const marker = reply('erin', article, '<p>Kept.</p>');
    await peer.send('erin', shared(), marker.create);
    await eventually(async () => (await repliesOf(post.id)).length > 0);
    expect((await repliesOf(post.id)).map((r) => r.body)).toEqual(['Kept.']);
    expect(await t.db.selectFrom('remote_comments').select('id').where('body', 'in', ['Not Dave.', 'Elsewhere.', 'Nowhere.', 'Unknown.']).execute()).toEqual([]);
  });
});

describe('the writer removing a reply from their story', () => {
  it('takes it with its thread, its count and what they were told; nobody else can', async () => {
    const { session, post, article } = await story();
    const opening = reply('dave', article, '<p>Spam, spam, spam.</p>');
    await peer.send('dave', shared(), opening.create);
    await peer.send('erin', shared(), reply('erin', opening.note, '<p>An answer.</p>').create);
    await eventually(async () => (await repliesOf(post.id))[0]?.replies.length === 1);
    const [thread] = await repliesOf(post.id);
    const remove = (who: Session, id: number) =>
      t.app.inject({ method: 'POST', url: '/api/user/fediverse-replies/delete', headers: who.headers, payload: { user_id: who.id, id } });
    // Another writer cannot, on a story not theirs.
    const { session: stranger } = await story();
    const refused = await remove(stranger, thread!.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Reply not found.');
    expect(await repliesOf(post.id)).toHaveLength(1);
    const removed = await remove(session, thread!.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('The reply is gone from your story.');
    expect(await repliesOf(post.id)).toEqual([]);
    expect(await countShown(post.id)).toBe(0);
    expect(await noticesOf(session)).toEqual([]);
    expect((await remove(session, thread!.id)).statusCode).toBe(404);
  });
});

describe('POST /api/user/fediverse-replies', () => {
  it('says members may answer from here while FEDERATION is on', async () => {
    const { post } = await story();
    expect((await t.app.inject({ method: 'POST', url: '/api/user/fediverse-replies', payload: { post_id: post.id } })).json()).toEqual({
      comments: [],
      answerable: true,
      boosts: 0,
    });
  });

  it('answers 404 for a story that is not there', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/fediverse-replies', payload: { post_id: 999_999 } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Post not found.');
  });
});

describe('migration 0035', () => {
  it('makes remote_comments and takes it away again', () => expectMigrationRoundTrip('0034_remote_notices', 'remote_', ['remote_comments']));
});
