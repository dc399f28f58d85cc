import { Create, Delete, Mention, Note, PUBLIC_COLLECTION, Tombstone } from '@fedify/vocab';
import { paths } from '@inkwell/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database.ts';
import { createPost } from '../posts/testing.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, type Session, signIn } from '../test/factories.ts';
import { type FediversePeer, startFediversePeer } from '../test/fediverse-peer.ts';
import { until } from '../test/until.ts';
import { anActor, expectColumnRoundTrip, federatedApp, owedIn, received, sharedInbox } from './federation.testkit.ts';

/**
 * A member's reply in a thread an account elsewhere took part in (issue 46, ADR 0073, 0084), over real
 * sockets with real signatures, on SQLite or PostgreSQL as INKWELL_TEST_DB says: written with the
 * ordinary `replies` call, it reaches the thread's accounts as a signed Create of a Note they can read
 * back (`/ap/notes/r<id>`), and is taken back by a Delete when it is removed (reply-delete,
 * comment-delete); a thread without such an account owes the fediverse nothing.
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
const host = () => new URL(peer.origin).host;
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
  user_id: number;
  replies: Array<{ id: number; user_id: number; reply: string; reply_to_id: number | null; elsewhere?: { handle: string } | null }>;
}
const call = (who: Session, path: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/user/${path}`, headers: who.headers, payload: { user_id: who.id, ...payload } });
const threadsOf = async (postId: number) => (await t.app.inject({ method: 'POST', url: '/api/user/post/details', payload: { post_id: postId } })).json().post.comments as Thread[];
/** A member's reply by the ordinary call: its id (200 asserted). */
async function answer(who: Session, body: { post_id: number; comment_id: number; reply: string; reply_to_id?: number }): Promise<number> {
  const res = await call(who, 'replies', body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe('Reply added.');
  return res.json().id as number;
}
const noteUri = (id: string) => `${base}/ap/notes/${id}`;
const readNote = (id: string) => t.app.inject({ method: 'GET', url: `/ap/notes/${id}`, headers: { accept: AS } });
const created = async (id: string) => {
  const { activity } = await received(peer, (a) => a instanceof Create && a.objectId?.href === noteUri(id));
  return { create: activity as Create, note: (await (activity as Create).getObject()) as Note };
};
const deleted = (id: string) => received(peer, (a) => a instanceof Delete && a.objectId?.href === noteUri(id));
/** The account's row of users (what the fediverse calls name it by). */
const accountOf = (name: string) =>
  t.db.selectFrom('users').select(['id', 'id as user_id']).where('ap_id', '=', peer.actorUri(name).href).where('domain', 'is not', null).executeTakeFirstOrThrow();

const owedBy = (run: () => Promise<void>) => owedIn('comment.', run);

/** A story of Ada's with Dave's reply from the fediverse kept under it as a comment. */
async function storyWithReply() {
  const ada = await member();
  const { id: postId } = await createPost(t, ada.session);
  const daves = reply('dave', new URL(`${base}/ap/posts/${postId}`), '<p>Good one.</p>');
  await peer.send('dave', shared(), daves.create);
  await until(async () => ((await threadsOf(postId)).length === 1 ? true : undefined), 15_000);
  const [thread] = await threadsOf(postId);
  return { ada, postId, daves, thread: thread! };
}

describe('a member replying to an account elsewhere', () => {
  it('reaches it as a Create of a Note signed by the member, which it can read back', async () => {
    const { postId, daves, thread } = await storyWithReply();
    const bo = await member();
    let id = 0;
    const owed = await owedBy(async () => {
      id = await answer(bo.session, { post_id: postId, comment_id: thread.id, reply: 'Thank you, Dave.\n\n<script>alert(1)</script> & more' });
    });
    expect(owed).toEqual([`reply:${id}`]);
    // An ordinary reply of the thread on the story's page.
    expect((await threadsOf(postId))[0]!.replies).toEqual([
      expect.objectContaining({ id, user_id: bo.id, reply: 'Thank you, Dave.\n\n<script>alert(1)</script> & more', reply_to_id: null, elsewhere: null }),
    ]);
    const { create, note } = await created(`r${id}`);
    // To the peer's shared inbox, signed by Bo's actor.
    expect(peer.received.find(({ activity }) => activity === create)!.recipient).toBeNull();
    expect(create.actorId?.href).toBe(bo.actor.id.href);
    expect(note).toBeInstanceOf(Note);
    expect(note.id?.href).toBe(noteUri(`r${id}`));
    expect(note.replyTargetId?.href).toBe(daves.note.href);
    expect(note.attributionId?.href).toBe(bo.actor.id.href);
    expect(note.url?.toString()).toBe(`${base}${paths.viewPost.getHref(postId)}#reply-${id}`);
    expect(note.toIds.map(String)).toEqual([PUBLIC_COLLECTION.href]);
    expect(note.ccIds.map(String)).toEqual([peer.actorUri('dave').href]);
    const content = note.content!.toString();
    expect(content).toContain('class="u-url mention"');
    expect(content).toContain(`@dave@${host()}`);
    expect(content).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>');
    expect(content).not.toContain('<script>');
    const tags: unknown[] = [];
    for await (const tag of note.getTags()) tags.push(tag);
    expect(tags).toHaveLength(1);
    expect(tags[0]).toBeInstanceOf(Mention);
    expect((tags[0] as Mention).href?.href).toBe(peer.actorUri('dave').href);
    // The same Note at its address, for the servers it went to.
    const read = await readNote(`r${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ type: 'Note', id: noteUri(`r${id}`), inReplyTo: daves.note.href, attributedTo: bo.actor.id.href, cc: peer.actorUri('dave').href });
    // An account's comment is not ours to serve, nor a reply that is not; a member's comment is, answering the story.
    expect((await readNote(`c${thread.id}`)).statusCode).toBe(404);
    expect((await readNote('r999999')).statusCode).toBe(404);
    const commented = await call(bo.session, 'comment', { post_id: postId, comments: 'And a thought of my own.' });
    expect(commented.statusCode, commented.body).toBe(200);
    const own = await readNote(`c${commented.json().id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ type: 'Note', id: noteUri(`c${commented.json().id}`), inReplyTo: `${base}/ap/posts/${postId}`, attributedTo: bo.actor.id.href });
  });

  it('goes to every account of the thread, mentioning the one it answers, and not to one the member blocked', async () => {
    const { postId, daves, thread } = await storyWithReply();
    const bo = await member();
    const first = await answer(bo.session, { post_id: postId, comment_id: thread.id, reply: 'Hello there.' });
    await created(`r${first}`);
    // Erin answers Bo's Note from her server: a reply of the thread answering his.
    const erins = reply('erin', new URL(noteUri(`r${first}`)), '<p>Hi Bo!</p>');
    await peer.send('erin', shared(), erins.create);
    await until(async () => ((await threadsOf(postId))[0]!.replies.length === 2 ? true : undefined), 15_000);
    const erinsReply = (await threadsOf(postId))[0]!.replies[1]!;
    expect(erinsReply).toMatchObject({ reply: 'Hi Bo!', reply_to_id: first, elsewhere: { handle: `@erin@${host()}` } });

    // Bo answers Erin: to both accounts of the thread, mentioning Erin only, inReplyTo her Note.
    const second = await answer(bo.session, { post_id: postId, comment_id: thread.id, reply_to_id: erinsReply.id, reply: 'Hi Erin.' });
    const toErin = (await created(`r${second}`)).note;
    expect(toErin.replyTargetId?.href).toBe(erins.note.href);
    expect(toErin.ccIds.map(String).sort()).toEqual([peer.actorUri('dave').href, peer.actorUri('erin').href].sort());
    expect(toErin.content!.toString()).toContain(`@erin@${host()}`);
    expect(toErin.content!.toString()).not.toContain('@dave@');

    // Bo answers his own reply: inReplyTo its Note, mentioning nobody, still to the thread's accounts.
    const third = await answer(bo.session, { post_id: postId, comment_id: thread.id, reply_to_id: first, reply: 'And more.' });
    const toOwn = (await created(`r${third}`)).note;
    expect(toOwn.replyTargetId?.href).toBe(noteUri(`r${first}`));
    expect(toOwn.ccIds.map(String).sort()).toEqual([peer.actorUri('dave').href, peer.actorUri('erin').href].sort());
    const tags: unknown[] = [];
    for await (const tag of toOwn.getTags()) tags.push(tag);
    expect(tags).toEqual([]);
    expect(toOwn.content!.toString()).not.toContain('mention');

    // Bo blocks Erin: his next reply in the thread is neither addressed nor sent to her, and its Note says so read back.
    const blocked = await call(bo.session, 'block', { block_id: (await accountOf('erin')).id, status: 1 });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const fourth = await answer(bo.session, { post_id: postId, comment_id: thread.id, reply: 'Only to Dave.' });
    const toDave = (await created(`r${fourth}`)).note;
    expect(toDave.replyTargetId?.href).toBe(daves.note.href);
    expect(toDave.ccIds.map(String)).toEqual([peer.actorUri('dave').href]);
    expect((await readNote(`r${fourth}`)).json().cc).toBe(peer.actorUri('dave').href);
  });

  it('is owed with the reply: a hand-over that fails loses nothing, and the next round sends it', async () => {
    const { postId, thread } = await storyWithReply();
    const bo = await member();
    const owed = (id: number) => t.db.selectFrom('federation_deliveries').select(['kind', 'claimed_until']).where('subject', '=', `reply:${id}`).executeTakeFirst();
    // Fedify's queue is out of reach (as after a crash between the commit and the hand-over).
    await sql`ALTER TABLE federation_messages RENAME TO federation_messages_away`.execute(t.db);
    let id = 0;
    try {
      id = await answer(bo.session, { post_id: postId, comment_id: thread.id, reply: 'Through the outage.' });
      // The hand-over failed, and the row is held for the next round.
      await until(async () => {
        const row = await owed(id);
        return row?.claimed_until && Date.parse(row.claimed_until) > Date.now() + 120_000 ? true : undefined;
      }, 15_000);
    } finally {
      await sql`ALTER TABLE federation_messages_away RENAME TO federation_messages`.execute(t.db);
    }
    expect((await owed(id))?.kind).toBe('create');
    expect(peer.received.some(({ activity }) => activity.objectId?.href === noteUri(`r${id}`))).toBe(false);
    // Its hold lapses (or the process restarts): the deliveries' round hands it over, and it is owed no more.
    await t.db.updateTable('federation_deliveries').set({ claimed_until: null }).where('subject', '=', `reply:${id}`).execute();
    await t.app.jobs.runNow('federation-deliveries');
    await created(`r${id}`);
    expect(await owed(id)).toBeUndefined();
  });

  it('from a member without a username is kept here, and nothing is sent', async () => {
    const { postId, thread } = await storyWithReply();
    const nameless = await member(null);
    const quiet = await answer(nameless.session, { post_id: postId, comment_id: thread.id, reply: 'Hi from here.' });
    expect((await threadsOf(postId))[0]!.replies.map((r) => r.id)).toEqual([quiet]);
    expect((await readNote(`r${quiet}`)).statusCode).toBe(404);
    // Handed over (nothing to send): owed no more.
    await until(
      async () => ((await t.db.selectFrom('federation_deliveries').select('id').where('subject', '=', `reply:${quiet}`).execute()).length === 0 ? true : undefined),
      15_000,
    );
    // A member with one, after: theirs arrives, the nameless one's never did.
    const bo = await member();
    const loud = await answer(bo.session, { post_id: postId, comment_id: thread.id, reply: 'Hi from Bo.' });
    await created(`r${loud}`);
    expect(peer.received.some(({ activity }) => activity.objectId?.href === noteUri(`r${quiet}`))).toBe(false);
    expect((await readNote(`r${loud}`)).statusCode).toBe(200);
  });
});

describe('a member’s comment or reply where no account elsewhere took part', () => {
  it('owes the fediverse nothing', async () => {
    const { ada, postId, thread } = await storyWithReply();
    const bo = await member();
    const carol = await member();
    let commentId = 0;
    let quiet = 0;
    const owed = await owedBy(async () => {
      const res = await call(bo.session, 'comment', { post_id: postId, comments: 'Only members here.' });
      expect(res.statusCode, res.body).toBe(200);
      commentId = res.json().id as number;
      quiet = await answer(carol.session, { post_id: postId, comment_id: commentId, reply: 'Indeed.' });
      await answer(ada.session, { post_id: postId, comment_id: commentId, reply_to_id: quiet, reply: 'Thanks both.' });
    });
    expect(owed).toEqual([]);
    // In Dave's thread, on the same story, the same call is owed.
    let loud = 0;
    expect(
      await owedBy(async () => {
        loud = await answer(carol.session, { post_id: postId, comment_id: thread.id, reply: 'Hello Dave.' });
      }),
    ).toEqual([`reply:${loud}`]);
    await created(`r${loud}`);
    // Removing the members' thread owes nothing either.
    expect(
      await owedBy(async () => {
        expect((await call(ada.session, 'comment-delete', { id: commentId })).statusCode).toBe(200);
      }),
    ).toEqual([]);
    expect(peer.received.some(({ activity }) => activity.objectId?.href === noteUri(`r${quiet}`))).toBe(false);
  });
});

describe('a member’s reply removed', () => {
  it('by its member, or with the thread by the story’s writer, is taken back by a Delete signed by the member', async () => {
    const { ada, postId, thread } = await storyWithReply();
    const bo = await member();
    const first = await answer(bo.session, { post_id: postId, comment_id: thread.id, reply: 'One.' });
    const second = await answer(bo.session, { post_id: postId, comment_id: thread.id, reply: 'Two.' });
    await created(`r${second}`);
    // A member's answer of before migration 0054 kept its Note id's path as its ap_id.
    const now = nowIso();
    const published = 800_000 + second;
    const older = await t.db
      .insertInto('replies')
      .values({
        post_id: postId,
        comment_id: thread.id,
        user_id: bo.id,
        reply_to_id: null,
        body: 'From before.',
        created_at: now,
        updated_at: now,
        ap_id: `/ap/notes/${published}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Neither Bo nor another writer may remove Dave's comment from Ada's story, nor Bo's reply.
    const { session: stranger } = await member();
    expect((await call(bo.session, 'comment-delete', { id: thread.id })).statusCode).toBe(403);
    expect((await call(stranger, 'reply-delete', { id: first })).statusCode).toBe(403);
    expect(peer.received.some(({ activity }) => activity instanceof Delete && activity.actorId?.href === bo.actor.id.href)).toBe(false);

    // Bo removes his first reply: its Note is taken back, to the thread's accounts.
    expect(await owedBy(async () => expect((await call(bo.session, 'reply-delete', { id: first })).statusCode).toBe(200))).toEqual([`reply:${first}`]);
    const gone = (await deleted(`r${first}`)).activity as Delete;
    expect(gone.actorId?.href).toBe(bo.actor.id.href);
    expect(await gone.getObject()).toBeInstanceOf(Tombstone);
    expect((await threadsOf(postId))[0]!.replies.map((r) => r.id)).toEqual([second, older.id]);
    expect((await readNote(`r${first}`)).statusCode).toBe(404);

    // Ada removes Dave's comment: Bo's other replies are taken back with it, the older one by the id it went out with.
    expect((await call(ada.session, 'comment-delete', { id: thread.id })).statusCode).toBe(200);
    expect(((await deleted(`r${second}`)).activity as Delete).actorId?.href).toBe(bo.actor.id.href);
    expect(((await deleted(String(published))).activity as Delete).actorId?.href).toBe(bo.actor.id.href);
    expect(await threadsOf(postId)).toEqual([]);
    expect((await readNote(`r${second}`)).statusCode).toBe(404);
  });
});

describe('migration 0042', () => {
  it('adds federation_deliveries.subject and takes it away again', () => expectColumnRoundTrip('0041_remote_story_replies', 'federation_deliveries', 'subject'));
});
