import { Create, Delete, Mention, Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../posts/testing.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, type Session, signIn } from '../test/factories.ts';
import { type FediversePeer, startFediversePeer } from '../test/fediverse-peer.ts';
import { until } from '../test/until.ts';
import { anActor, expectColumnRoundTrip, federatedApp, received, sharedInbox } from './federation.testkit.ts';

/**
 * A member answers a reply from the fediverse (ADR 0073), over real sockets with real signatures, on
 * SQLite or PostgreSQL as INKWELL_TEST_DB says: the answer joins the thread under the story, reaches
 * the thread's accounts elsewhere as a signed Create of a Note they can read back, and their answer
 * to it joins the thread too.
 */
const AS = 'application/activity+json';
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

let serial = 0;
const shared = () => sharedInbox(base);
function reply(from: string, target: URL, content: string) {
  const note = new URL(`${peer.origin}/users/${from}/notes/${++serial}`);
  const actor = peer.actorUri(from);
  const object = new Note({ id: note, attribution: actor, replyTarget: target, content, to: PUBLIC_COLLECTION });
  return { note, create: new Create({ id: new URL(`${note.href}/activity`), actor, object, to: PUBLIC_COLLECTION }) };
}

async function member(username?: string | null) {
  const user = await anActor(t, base, username === undefined ? {} : { username });
  return { ...user, session: await signIn(t.app, { ...user, password: PASSWORD }) };
}

interface Thread {
  id: number;
  replies: Array<{ id: number; body: string; reply_to_id: number | null; user: { id: number } | null; remote: { handle: string } | null }>;
}
const noticesOf = async (session: Session) =>
  (await t.app.inject({ method: 'POST', url: '/api/user/notifications', headers: session.headers, payload: { user_id: session.id } })).json().notifications as Array<{
    message: string;
  }>;
const threadsOf = async (postId: number) => (await t.app.inject({ method: 'POST', url: '/api/user/fediverse-replies', payload: { post_id: postId } })).json().comments as Thread[];
const answer = (who: Session, body: { post_id: number; reply_to_id: number; reply: string }) =>
  t.app.inject({ method: 'POST', url: '/api/user/fediverse-replies/answer', headers: who.headers, payload: { user_id: who.id, ...body } });

/** A story with Dave's reply kept under it. */
async function storyWithReply() {
  const ada = await member();
  const { id: postId } = await createPost(t, ada.session);
  const daves = reply('dave', new URL(`${base}/ap/posts/${postId}`), '<p>Good one.</p>');
  await peer.send('dave', shared(), daves.create);
  await until(async () => ((await threadsOf(postId)).length === 1 ? true : undefined), 15_000);
  const [thread] = await threadsOf(postId);
  return { ada, postId, daves, thread: thread! };
}

describe('a member answering a reply from the fediverse', () => {
  it('joins the thread and reaches its author as a signed Note they can read back', async () => {
    const { postId, daves, thread } = await storyWithReply();
    const bo = await member();
    const res = await answer(bo.session, { post_id: postId, reply_to_id: thread.id, reply: 'Thank you, Dave.\n\n<script>alert(1)</script> & more' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your reply is on its way.');
    const id = res.json().id as number;
    const [shown] = await threadsOf(postId);
    expect(shown!.replies).toEqual([
      expect.objectContaining({ id, body: 'Thank you, Dave.\n\n<script>alert(1)</script> & more', reply_to_id: null, remote: null, user: expect.objectContaining({ id: bo.id }) }),
    ]);
    const noteUri = `${base}/ap/notes/${id}`;
    const { activity } = await received(peer, (a) => a instanceof Create && a.objectId?.href === noteUri);
    const create = activity as Create;
    expect(create.actorId?.href).toBe(bo.actor.id.href);
    const note = (await create.getObject()) as Note;
    expect(note).toBeInstanceOf(Note);
    expect(note.replyTargetId?.href).toBe(daves.note.href);
    expect(note.attributionId?.href).toBe(bo.actor.id.href);
    expect(note.url?.toString()).toContain(`#fediverse-${id}`);
    expect(note.toIds.map(String)).toEqual([PUBLIC_COLLECTION.href]);
    expect(note.ccIds.map(String)).toEqual([peer.actorUri('dave').href]);
    const content = note.content!.toString();
    expect(content).toContain('class="u-url mention"');
    expect(content).toContain(`@dave@${new URL(peer.origin).host}`);
    expect(content).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>');
    expect(content).not.toContain('<script>');
    const tags: unknown[] = [];
    for await (const tag of note.getTags()) tags.push(tag);
    expect(tags.some((tag) => tag instanceof Mention && tag.href?.href === peer.actorUri('dave').href)).toBe(true);
    // The same Note at its address, for the servers it went to.
    const read = await t.app.inject({ method: 'GET', url: `/ap/notes/${id}`, headers: { accept: AS } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ type: 'Note', id: noteUri, inReplyTo: daves.note.href });
    // A kept reply from elsewhere is not ours to serve.
    expect((await t.app.inject({ method: 'GET', url: `/ap/notes/${thread.id}`, headers: { accept: AS } })).statusCode).toBe(404);
  });

  it('takes the answer to it from the fediverse into the thread, tells whom it concerns, and sends on to everyone in it', async () => {
    const { ada, postId, thread } = await storyWithReply();
    const bo = await member();
    const first = (await answer(bo.session, { post_id: postId, reply_to_id: thread.id, reply: 'Hello there.' })).json().id as number;
    // Erin answers Bo's Note from her server.
    await peer.send('erin', shared(), reply('erin', new URL(`${base}/ap/notes/${first}`), '<p>Hi Bo!</p>').create);
    await until(async () => ((await threadsOf(postId))[0]!.replies.length === 2 ? true : undefined), 15_000);
    const erins = (await threadsOf(postId))[0]!.replies[1]!;
    expect(erins).toMatchObject({ body: 'Hi Bo!', reply_to_id: first, remote: { handle: `@erin@${new URL(peer.origin).host}` } });
    // Bo hears Erin answered him; Ada, of Bo's answer and Erin's reply on her story.
    const title = (await t.db.selectFrom('posts').select('title').where('id', '=', postId).executeTakeFirstOrThrow()).title;
    const boName = (await t.db.selectFrom('users').select('name').where('id', '=', bo.id).executeTakeFirstOrThrow()).name;
    expect((await noticesOf(bo.session)).map((n) => n.message)).toEqual([`Erin of the peer answered your reply on “${title}” from the fediverse.`]);
    expect((await noticesOf(ada.session)).map((n) => n.message)).toEqual([
      `Erin of the peer replied to “${title}” from the fediverse.`,
      `${boName} replied to a comment on “${title}”.`,
      `Dave of the peer replied to “${title}” from the fediverse.`,
    ]);
    // Bo's next answer goes to both accounts of the thread, mentioning Erin, whom it answers.
    const second = (await answer(bo.session, { post_id: postId, reply_to_id: erins.id, reply: 'Hi Erin.' })).json().id as number;
    const { activity } = await received(peer, (a) => a instanceof Create && a.objectId?.href === `${base}/ap/notes/${second}`);
    const note = (await (activity as Create).getObject()) as Note;
    expect(note.ccIds.map(String).sort()).toEqual([peer.actorUri('dave').href, peer.actorUri('erin').href].sort());
    expect(note.content!.toString()).toContain(`@erin@${new URL(peer.origin).host}`);
    expect(note.content!.toString()).not.toContain(`@dave@`);

    // Bo blocks Erin: his next answer in the thread is neither addressed nor sent to her, and its Note says so read back.
    const erinAccount = (await t.db.selectFrom('remote_actors').select('id').where('uri', '=', peer.actorUri('erin').href).executeTakeFirstOrThrow()).id;
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/user/fediverse-blocks/set',
      headers: bo.session.headers,
      payload: { user_id: bo.id, account_id: erinAccount, status: 1 },
    });
    expect(blocked.statusCode).toBe(200);
    const third = (await answer(bo.session, { post_id: postId, reply_to_id: thread.id, reply: 'Only to Dave.' })).json().id as number;
    const sent = await received(peer, (a) => a instanceof Create && a.objectId?.href === `${base}/ap/notes/${third}`);
    expect(((await (sent.activity as Create).getObject()) as Note).ccIds.map(String)).toEqual([peer.actorUri('dave').href]);
    const read = await t.app.inject({ method: 'GET', url: `/ap/notes/${third}`, headers: { accept: AS } });
    expect(read.json().cc).toBe(peer.actorUri('dave').href);
  });

  it('is removed by its member and taken back there; the story’s writer removing the thread takes it back too', async () => {
    const { ada, postId, thread } = await storyWithReply();
    const bo = await member();
    const remove = (who: Session, id: number) =>
      t.app.inject({ method: 'POST', url: '/api/user/fediverse-replies/delete', headers: who.headers, payload: { user_id: who.id, id } });
    const deleted = (id: number) => received(peer, (a) => a instanceof Delete && a.objectId?.href === `${base}/ap/notes/${id}`);
    const first = (await answer(bo.session, { post_id: postId, reply_to_id: thread.id, reply: 'One.' })).json().id as number;
    const second = (await answer(bo.session, { post_id: postId, reply_to_id: thread.id, reply: 'Two.' })).json().id as number;
    // Bo may not remove Dave's reply from Ada's story.
    expect((await remove(bo.session, thread.id)).statusCode).toBe(404);
    expect((await remove(bo.session, first)).statusCode).toBe(200);
    expect((await deleted(first)).activity.actorId?.href).toBe(bo.actor.id.href);
    expect((await threadsOf(postId))[0]!.replies.map((r) => r.id)).toEqual([second]);
    expect((await t.app.inject({ method: 'GET', url: `/ap/notes/${first}`, headers: { accept: AS } })).statusCode).toBe(404);
    // Ada removes the thread: Bo's other answer is taken back with it.
    expect((await remove(ada.session, thread.id)).statusCode).toBe(200);
    await deleted(second);
    expect(await threadsOf(postId)).toEqual([]);
  });

  it('is owed with the answer: a hand-over that fails loses nothing, and the next round sends it', async () => {
    const { postId, thread } = await storyWithReply();
    const bo = await member();
    const owed = (id: number) => t.db.selectFrom('federation_deliveries').select('claimed_until').where('subject', '=', `answer:${id}`).executeTakeFirst();
    // Fedify's queue is out of reach (as after a crash between the commit and the hand-over).
    await sql`ALTER TABLE federation_messages RENAME TO federation_messages_away`.execute(t.db);
    let id = 0;
    try {
      const res = await answer(bo.session, { post_id: postId, reply_to_id: thread.id, reply: 'Through the outage.' });
      expect(res.statusCode).toBe(200);
      id = res.json().id as number;
      // The hand-over failed, and the row is held for the next round.
      await until(async () => {
        const row = await owed(id);
        return row?.claimed_until && Date.parse(row.claimed_until) > Date.now() + 120_000 ? true : undefined;
      }, 15_000);
    } finally {
      await sql`ALTER TABLE federation_messages_away RENAME TO federation_messages`.execute(t.db);
    }
    const noteUri = `${base}/ap/notes/${id}`;
    expect(peer.received.some(({ activity }) => activity.objectId?.href === noteUri)).toBe(false);
    // Its hold lapses (or the process restarts): the deliveries' round hands it over, and it is owed no more.
    await t.db.updateTable('federation_deliveries').set({ claimed_until: null }).where('subject', '=', `answer:${id}`).execute();
    await t.app.jobs.runNow('federation-deliveries');
    await received(peer, (a) => a instanceof Create && a.objectId?.href === noteUri);
    expect(await owed(id)).toBeUndefined();
  });

  it('needs a username, a reply of that story, and text', async () => {
    const { postId, thread } = await storyWithReply();
    const nameless = await member(null);
    const refused = await answer(nameless.session, { post_id: postId, reply_to_id: thread.id, reply: 'Hi.' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Choose a username in Settings first: it is how the fediverse knows you.');
    const bo = await member();
    const { id: otherPost } = await createPost(t, bo.session);
    expect((await answer(bo.session, { post_id: otherPost, reply_to_id: thread.id, reply: 'Hi.' })).statusCode).toBe(404);
    const empty = await answer(bo.session, { post_id: postId, reply_to_id: thread.id, reply: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('The reply field is required.');
    expect((await threadsOf(postId))[0]!.replies).toEqual([]);
  });
});

describe('migration 0042', () => {
  it('adds federation_deliveries.subject and takes it away again', () => expectColumnRoundTrip('0041_remote_story_replies', 'federation_deliveries', 'subject'));
});
