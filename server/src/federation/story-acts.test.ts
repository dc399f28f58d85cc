import { Create, Delete, Like, Mention, Note, PUBLIC_COLLECTION, Tombstone, Undo, Update } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../posts/testing.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, type Session, aStoryElsewhere, signIn } from '../test/factories.ts';
import { type FediversePeer, startFediversePeer } from '../test/fediverse-peer.ts';
import { until } from '../test/until.ts';
import { anActor, expectColumnRoundTrip, federatedApp, followedBy, owedIn, received, sharedInbox } from './federation.testkit.ts';

/**
 * What a member does to a story of an account elsewhere (issue 46, ADR 0080, 0084), with the ordinary
 * calls, over real sockets with real signatures, on SQLite or PostgreSQL as INKWELL_TEST_DB says: a
 * like reaches the account as a signed Like and an unlike as its Undo; a comment, and a reply in its
 * thread, as a Create of a Note answering the story, taken back by a Delete. A member's act on a story
 * of this site owes the fediverse nothing.
 */
let t: TestApp;
let base: string;
let peer: FediversePeer;
/** Dave of the peer as a row of users here, and a story of his kept as a post. */
let dave: { id: number; uri: URL };
let storyId: number;
let storyUri: string;

beforeAll(async () => {
  ({ t, base } = await federatedApp());
  peer = await startFediversePeer(['dave', 'erin']);
  // Dave follows a member: his account is known here (a row of users with a domain).
  await followedBy(peer, 'dave', await anActor(t, base));
  const uri = peer.actorUri('dave');
  const row = await t.db.selectFrom('users').select('id').where('ap_id', '=', uri.href).executeTakeFirstOrThrow();
  dave = { id: row.id, uri };
  storyId = (await aStoryElsewhere(t.db, { id: dave.id, apId: uri.href }, { title: 'Notes from the peer' })).id;
  storyUri = (await t.db.selectFrom('posts').select('ap_id').where('id', '=', storyId).executeTakeFirstOrThrow()).ap_id!;
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

async function member(username?: string | null) {
  const user = await anActor(t, base, username === undefined ? {} : { username });
  return { ...user, session: await signIn(t.app, { ...user, password: PASSWORD }) };
}
const call = async (who: Session, path: string, payload: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/user/${path}`, headers: who.headers, payload: { user_id: who.id, ...payload } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id?: number; likes_count?: number };
};
const likeOf = (userId: number) =>
  t.db.selectFrom('likes').select('activity_id').where('post_id', '=', storyId).where('user_id', '=', userId).where('kind', '=', 'like').executeTakeFirst();
const noteUri = (id: string) => `${base}/ap/notes/${id}`;
const created = async (id: string) => {
  const { activity } = await received(peer, (a) => a instanceof Create && a.objectId?.href === noteUri(id));
  return { create: activity as Create, note: (await (activity as Create).getObject()) as Note };
};

describe('a member’s like of a story elsewhere', () => {
  it('reaches its account as a Like signed by the member, and unliking as the Undo of that Like', async () => {
    const { session, actor } = await member();
    let answer: { likes_count?: number } = {};
    const owed = await owedIn('like.', async () => {
      answer = await call(session, 'like', { post_id: storyId, status: 1 });
    });
    expect(owed).toEqual([`like:${storyId}`]);
    expect(answer.likes_count).toBe(1);
    const likeId = (await likeOf(session.id))?.activity_id;
    expect(likeId).toMatch(new RegExp(`^${actor.id.href}#likes/`));
    // The peer's inbox verified the member's signature before keeping it.
    const { activity, recipient } = await received(peer, (a) => a instanceof Like && a.id?.href === likeId);
    expect(recipient).toBe('dave');
    expect(activity.actorId?.href).toBe(actor.id.href);
    expect(activity.objectId?.href).toBe(storyUri);
    // A second like changes nothing and owes nothing.
    expect(await owedIn('like.', async () => void (await call(session, 'like', { post_id: storyId, status: 1 })))).toEqual([]);

    expect(await owedIn('like.', async () => void (await call(session, 'like', { post_id: storyId, status: 0 })))).toEqual([`like:${storyId}`]);
    const undo = (await received(peer, (a) => a instanceof Undo && a.actorId?.href === actor.id.href)).activity as Undo;
    const undone = await undo.getObject();
    expect(undone).toBeInstanceOf(Like);
    expect(undone?.id?.href).toBe(likeId);
    expect((undone as Like).objectId?.href).toBe(storyUri);
    expect(await likeOf(session.id)).toBeUndefined();
  });

  it('from a member without a username is kept here, and nothing is sent', async () => {
    const { session } = await member(null);
    await call(session, 'like', { post_id: storyId, status: 1 });
    const likeId = (await likeOf(session.id))?.activity_id;
    expect(likeId).toBeTruthy();
    await until(
      async () => ((await t.db.selectFrom('federation_deliveries').select('id').where('subject', '=', `like:${storyId}`).execute()).length === 0 ? true : undefined),
      15_000,
    );
    expect(peer.received.some(({ activity }) => activity.id?.href === likeId)).toBe(false);
  });

  it('of a story of this site owes the fediverse nothing', async () => {
    const author = await member();
    const { id: postId } = await createPost(t, author.session);
    const { session } = await member();
    expect(await owedIn('like.', async () => void (await call(session, 'like', { post_id: postId, status: 1 })))).toEqual([]);
    expect((await likeOf(session.id))?.activity_id).toBeUndefined();
    expect(await owedIn('like.', async () => void (await call(session, 'like', { post_id: postId, status: 0 })))).toEqual([]);
  });
});

describe('a member’s comment on a story elsewhere', () => {
  it('reaches its account as a Create of a Note answering the story and mentioning it; a reply in its thread goes there too', async () => {
    const { session, actor } = await member();
    let commentId = 0;
    expect(
      await owedIn('comment.', async () => {
        commentId = (await call(session, 'comment', { post_id: storyId, comments: 'Good notes.' })).id!;
      }),
    ).toEqual([`comment:${commentId}`]);
    const { create, note } = await created(`c${commentId}`);
    expect(create.actorId?.href).toBe(actor.id.href);
    expect(note.attributionId?.href).toBe(actor.id.href);
    expect(note.replyTargetId?.href).toBe(storyUri);
    expect(note.toIds.map(String)).toEqual([PUBLIC_COLLECTION.href]);
    expect(note.ccIds.map(String)).toEqual([dave.uri.href]);
    const tags = [];
    for await (const tag of note.getTags()) tags.push(tag);
    expect(tags.map((tag) => tag instanceof Mention && tag.href?.href)).toEqual([dave.uri.href]);
    expect(note.content?.toString()).toContain('Good notes.');
    // Its Note is served where its id says (the peer may read it back).
    const served = await t.app.inject({ method: 'GET', url: `/ap/notes/c${commentId}`, headers: { accept: 'application/activity+json' } });
    expect(served.statusCode).toBe(200);
    expect(served.json().inReplyTo).toBe(storyUri);

    const bo = await member();
    let replyId = 0;
    expect(
      await owedIn('comment.', async () => {
        replyId = (await call(bo.session, 'replies', { post_id: storyId, comment_id: commentId, reply: 'Agreed.' })).id!;
      }),
    ).toEqual([`reply:${replyId}`]);
    const answer = await created(`r${replyId}`);
    expect(answer.note.replyTargetId?.href).toBe(noteUri(`c${commentId}`));
    expect(answer.note.ccIds.map(String)).toEqual([dave.uri.href]);

    // The comment removed by its member: the Deletes of it and of the reply under it go to the story's account.
    expect(await owedIn('comment.', async () => void (await call(session, 'comment-delete', { id: commentId })))).toEqual([`comment:${commentId}`, `reply:${replyId}`]);
    for (const id of [`c${commentId}`, `r${replyId}`]) {
      const { activity, recipient } = await received(peer, (a) => a instanceof Delete && a.objectId?.href === noteUri(id));
      expect(recipient === null || recipient === 'dave').toBe(true);
      expect(activity.actorId?.href).toBe(id.startsWith('c') ? actor.id.href : bo.actor.id.href);
    }
  });

  it('on a story of this site owes the fediverse nothing', async () => {
    const author = await member();
    const { id: postId } = await createPost(t, author.session);
    const { session } = await member();
    let commentId = 0;
    expect(
      await owedIn('comment.', async () => {
        commentId = (await call(session, 'comment', { post_id: postId, comments: 'Here only.' })).id!;
      }),
    ).toEqual([]);
    expect(await owedIn('comment.', async () => void (await call(session, 'comment-delete', { id: commentId })))).toEqual([]);
  });
});

describe('a story the inbox receives from an account a member follows', () => {
  let serial = 0;
  const aNote = (to: URL[], content: string, id = new URL(`${peer.origin}/users/dave/notes/${++serial}`)) =>
    new Note({ id, attribution: dave.uri, content, tos: to, ccs: [new URL(`${peer.origin}/users/dave/followers`)] });
  const deliver = (activity: Create | Update | Delete) => peer.send(activity.actorId?.href.endsWith('/erin') ? 'erin' : 'dave', sharedInbox(base), activity);
  const create = (note: Note) => new Create({ id: new URL(`${note.id!.href}/activity`), actor: dave.uri, object: note, tos: note.toIds, ccs: note.ccIds });
  const postOf = (apId: URL) => t.db.selectFrom('posts').select(['id', 'user_id', 'category_id', 'title', 'description']).where('ap_id', '=', apId.href).executeTakeFirst();

  it('is kept as a post of its account when addressed to the public, and never when it is for followers or one person', async () => {
    const { session } = await member();
    await t.db.insertInto('follows').values({ follower_id: session.id, following_id: dave.id, created_at: new Date().toISOString() }).execute();
    const before = (await t.db.selectFrom('users').select('post_count').where('id', '=', dave.id).executeTakeFirstOrThrow()).post_count;
    const followersOnly = aNote([new URL(`${peer.origin}/users/dave/followers`)], '<p>Only for my followers.</p>');
    const direct = aNote([new URL(`${base}/ap/users/${session.id}`)], '<p>Just between us.</p>');
    const open = aNote([PUBLIC_COLLECTION], '<p>For everyone.</p>');
    for (const note of [followersOnly, direct, open]) await deliver(create(note));
    const kept = await until(() => postOf(open.id!), 15_000);
    expect(kept).toMatchObject({ user_id: dave.id, category_id: null, description: '<p>For everyone.</p>' });
    expect(await postOf(followersOnly.id!)).toBeUndefined();
    expect(await postOf(direct.id!)).toBeUndefined();
    expect((await t.db.selectFrom('users').select('post_count').where('id', '=', dave.id).executeTakeFirstOrThrow()).post_count).toBe(before + 1);
    const following = await t.app.inject({ method: 'POST', url: '/api/user/following/posts', headers: session.headers, payload: { user_id: session.id } });
    expect((following.json().data as Array<{ id: number }>).map((card) => card.id)).toContain(kept.id);

    // Only Dave changes or removes it: Erin's Update and Delete of it change nothing.
    const forged = new Note({ id: open.id, attribution: peer.actorUri('erin'), content: '<p>Forged.</p>', tos: [PUBLIC_COLLECTION] });
    await deliver(new Update({ id: new URL(`${peer.origin}/users/erin/updates/1`), actor: peer.actorUri('erin'), object: forged, tos: [PUBLIC_COLLECTION] }));
    await deliver(
      new Delete({ id: new URL(`${peer.origin}/users/erin/deletes/1`), actor: peer.actorUri('erin'), object: new Tombstone({ id: open.id }), tos: [PUBLIC_COLLECTION] }),
    );
    const edited = aNote([PUBLIC_COLLECTION], '<p>For everyone, edited.</p>', open.id!);
    await deliver(new Update({ id: new URL(`${open.id!.href}/update`), actor: dave.uri, object: edited, tos: [PUBLIC_COLLECTION] }));
    await until(async () => ((await postOf(open.id!))?.description === '<p>For everyone, edited.</p>' ? true : undefined), 15_000);

    // Made followers-only by an Update, it goes; so does one its account deletes.
    const again = aNote([PUBLIC_COLLECTION], '<p>For now.</p>');
    await deliver(create(again));
    await until(() => postOf(again.id!), 15_000);
    await deliver(
      new Update({ id: new URL(`${again.id!.href}/update`), actor: dave.uri, object: aNote([new URL(`${peer.origin}/users/dave/followers`)], '<p>Hidden.</p>', again.id!) }),
    );
    await deliver(new Delete({ id: new URL(`${open.id!.href}/delete`), actor: dave.uri, object: new Tombstone({ id: open.id }), tos: [PUBLIC_COLLECTION] }));
    await until(async () => ((await postOf(open.id!)) === undefined && (await postOf(again.id!)) === undefined ? true : undefined), 15_000);
    expect((await t.db.selectFrom('users').select('post_count').where('id', '=', dave.id).executeTakeFirstOrThrow()).post_count).toBe(before);
  });
});

describe('migration 0056', () => {
  it('adds federation_deliveries.activity_id and takes it away again', () => expectColumnRoundTrip('0055_posts_elsewhere', 'federation_deliveries', 'activity_id'));
});
