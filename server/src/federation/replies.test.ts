import { Create, Delete, Note, PUBLIC_COLLECTION, Tombstone, Update } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database.ts';
import { createPost } from '../posts/testing.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, type Session, signIn } from '../test/factories.ts';
import { type FediversePeer, startFediversePeer } from '../test/fediverse-peer.ts';
import { until } from '../test/until.ts';
import { anActor, expectMigrationRoundTrip, federatedApp, peerId, sharedInbox } from './federation.testkit.ts';

/**
 * Replies from the fediverse are comments (issue 46, ADR 0073), over real sockets with real
 * signatures, on SQLite or PostgreSQL as INKWELL_TEST_DB says: a peer's accounts reply to a story, to
 * each other and to members, edit and delete, and the story's page (post/details), its comment count
 * and the members' notifications follow; the story's writer removes them as any comment.
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

async function member() {
  const user = await anActor(t, base);
  return { ...user, session: await signIn(t.app, { ...user, password: PASSWORD }) };
}

async function story() {
  const { session, ...ada } = await member();
  const { id: postId } = await createPost(t, session);
  const post = await t.db.selectFrom('posts').select(['id', 'title']).where('id', '=', postId).executeTakeFirstOrThrow();
  return { ada, session, post, article: new URL(`${base}/ap/posts/${post.id}`) };
}

interface Elsewhere {
  handle: string;
  icon_url: string | null;
  profile_url: string | null;
  url: string | null;
  account_id?: number | null;
}
interface Reply {
  id: number;
  user_id: number;
  reply: string;
  reply_to_id: number | null;
  elsewhere?: Elsewhere | null;
}
interface Comment {
  id: number;
  user_id: number;
  comments: string;
  user: { id: number; name: string | null };
  elsewhere?: Elsewhere | null;
  replies: Reply[];
}
/** The story's comments as its page lists them (post/details), newest first, each with its replies. */
const commentsOf = async (postId: number) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/post/details', payload: { post_id: postId } });
  expect(res.statusCode).toBe(200);
  return res.json().post.comments as Comment[];
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
    comment_id: number | null;
    reply_id: number | null;
    remote_actor: { handle: string } | null;
  }>;
const eventually = (read: () => Promise<boolean>) => until(async () => ((await read()) ? true : undefined), 15_000);
const host = () => new URL(peer.origin).host;
/** The account's row of users (its comments' and replies' author, and what the fediverse calls name it by). */
const accountOf = (name: string) =>
  t.db.selectFrom('users').select(['id', 'id as user_id']).where('ap_id', '=', peer.actorUri(name).href).where('domain', 'is not', null).executeTakeFirstOrThrow();
const call = (who: Session, path: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/user/${path}`, headers: who.headers, payload: { user_id: who.id, ...payload } });

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
    await eventually(async () => (await commentsOf(post.id)).length === 1);
    const dave = await accountOf('dave');
    const [shown] = await commentsOf(post.id);
    expect(shown).toEqual(
      expect.objectContaining({
        user_id: dave.user_id,
        comments: 'Lovely piece & true.\n\nSecond thought.',
        user: expect.objectContaining({ id: dave.user_id, name: 'Dave of the peer' }),
        elsewhere: {
          handle: `@dave@${host()}`,
          icon_url: `${peer.origin}/avatars/dave.png`,
          profile_url: `${peer.origin}/@dave`,
          url: `${first.note.href}/page`,
          account_id: dave.id,
        },
        replies: [],
      }),
    );
    // A row of comments: by the account's row of users, named by its Note's id.
    expect(await t.db.selectFrom('comments').select(['post_id', 'user_id', 'ap_id', 'url']).where('id', '=', shown!.id).executeTakeFirstOrThrow()).toEqual({
      post_id: post.id,
      user_id: dave.user_id,
      ap_id: first.note.href,
      url: `${first.note.href}/page`,
    });
    expect(await countShown(post.id)).toBe(1);
    expect(await noticesOf(session)).toEqual([
      expect.objectContaining({
        type: 'comment',
        message: `Dave of the peer replied to “${post.title}” from the fediverse.`,
        post_id: post.id,
        comment_id: shown!.id,
        reply_id: null,
        remote_actor: expect.objectContaining({ handle: `@dave@${host()}` }),
      }),
    ]);
    // The same Create again (servers retry): still one.
    await peer.send('dave', shared(), first.create);
    const marker = reply('erin', article, '<p>Agreed.</p>');
    await peer.send('erin', shared(), marker.create);
    await eventually(async () => (await commentsOf(post.id)).length === 2);
    expect((await commentsOf(post.id)).map((c) => c.comments)).toEqual(['Agreed.', 'Lovely piece & true.\n\nSecond thought.']);
    expect(await countShown(post.id)).toBe(2);
    expect(await noticesOf(session)).toHaveLength(2);
  });

  it('answers to a comment or a reply join its thread, each saying which one it answers', async () => {
    const { session, post, article } = await story();
    const opening = reply('dave', article, '<p>Opening.</p>');
    await peer.send('dave', shared(), opening.create);
    const answer = reply('erin', opening.note, '<p>An answer.</p>');
    await peer.send('erin', shared(), answer.create);
    const deeper = reply('dave', answer.note, '<p>And back.</p>');
    await peer.send('dave', shared(), deeper.create);
    await eventually(async () => (await commentsOf(post.id))[0]?.replies.length === 2);
    const [thread] = await commentsOf(post.id);
    expect(thread!.comments).toBe('Opening.');
    expect(thread!.replies.map((r) => [r.reply, r.elsewhere?.handle])).toEqual([
      ['An answer.', `@erin@${host()}`],
      ['And back.', `@dave@${host()}`],
    ]);
    expect(thread!.replies[0]!.reply_to_id).toBeNull();
    expect(thread!.replies[1]!.reply_to_id).toBe(thread!.replies[0]!.id);
    // Rows of replies of the thread's comment, by the accounts, named by their Notes' ids.
    const rows = await t.db.selectFrom('replies').select(['comment_id', 'user_id', 'ap_id']).where('post_id', '=', post.id).orderBy('id').execute();
    expect(rows).toEqual([
      { comment_id: thread!.id, user_id: (await accountOf('erin')).user_id, ap_id: answer.note.href },
      { comment_id: thread!.id, user_id: (await accountOf('dave')).user_id, ap_id: deeper.note.href },
    ]);
    expect(await countShown(post.id)).toBe(3);
    // The writer heard of each, the answers by their replies.
    expect((await noticesOf(session)).map((n) => [n.comment_id, n.reply_id])).toEqual([
      [null, thread!.replies[1]!.id],
      [null, thread!.replies[0]!.id],
      [thread!.id, null],
    ]);
  });

  it('answering a member’s comment or reply by its Note id joins that thread, and the member is told unless they blocked the account', async () => {
    const { ada, session, post, article } = await story();
    const bo = await member();
    const title = post.title;
    // Dave comments; Bo answers him here, and comments himself.
    const opening = reply('dave', article, '<p>Opening.</p>');
    await peer.send('dave', shared(), opening.create);
    await eventually(async () => (await commentsOf(post.id)).length === 1);
    const [daves] = await commentsOf(post.id);
    const answered = await call(bo.session, 'replies', { post_id: post.id, comment_id: daves!.id, reply: 'Hello Dave.' });
    expect(answered.statusCode, answered.body).toBe(200);
    const bosReply = answered.json().id as number;
    const commented = await call(bo.session, 'comment', { post_id: post.id, comments: 'My own thought.' });
    expect(commented.statusCode, commented.body).toBe(200);
    const bosComment = commented.json().id as number;

    // Erin answers Bo's reply, by its Note id.
    const toReply = reply('erin', new URL(`${base}/ap/notes/r${bosReply}`), '<p>Hi Bo!</p>');
    await peer.send('erin', shared(), toReply.create);
    // Dave answers Bo's comment, by its Note id.
    const toComment = reply('dave', new URL(`${base}/ap/notes/c${bosComment}`), '<p>Nice thought.</p>');
    await peer.send('dave', shared(), toComment.create);
    await eventually(async () => (await commentsOf(post.id)).every((c) => c.replies.some((r) => r.elsewhere)));
    const [mine, theirs] = await commentsOf(post.id);
    expect(mine!.id).toBe(bosComment);
    expect(mine!.replies).toEqual([expect.objectContaining({ reply: 'Nice thought.', reply_to_id: null, elsewhere: expect.objectContaining({ handle: `@dave@${host()}` }) })]);
    expect(theirs!.replies).toEqual([
      expect.objectContaining({ id: bosReply, user_id: bo.id, reply: 'Hello Dave.', elsewhere: null }),
      expect.objectContaining({ reply: 'Hi Bo!', reply_to_id: bosReply, elsewhere: expect.objectContaining({ handle: `@erin@${host()}` }) }),
    ]);
    const erins = theirs!.replies[1]!.id;
    const daveToBo = mine!.replies[0]!.id;
    expect(await countShown(post.id)).toBe(5);
    // Bo hears of both answers, by their replies; Ada, the story's writer, of both too.
    expect((await noticesOf(bo.session)).map((n) => [n.message, n.reply_id])).toEqual([
      [`Dave of the peer replied to your comment on “${title}” from the fediverse.`, daveToBo],
      [`Erin of the peer answered your reply on “${title}” from the fediverse.`, erins],
    ]);
    expect((await noticesOf(session)).filter((n) => n.reply_id === erins || n.reply_id === daveToBo).map((n) => [n.message, n.reply_id])).toEqual([
      [`Dave of the peer replied to “${title}” from the fediverse.`, daveToBo],
      [`Erin of the peer replied to “${title}” from the fediverse.`, erins],
    ]);

    // A member's answer of before migration 0054 keeps the path it was published at (`/ap/notes/<n>`) as its ap_id: answering it finds it.
    const now = nowIso();
    const published = 900_000 + bosReply;
    const older = await t.db
      .insertInto('replies')
      .values({
        post_id: post.id,
        comment_id: daves!.id,
        user_id: ada.id,
        reply_to_id: null,
        body: 'From before.',
        created_at: now,
        updated_at: now,
        ap_id: `/ap/notes/${published}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await peer.send('erin', shared(), reply('erin', new URL(`${base}/ap/notes/${published}`), '<p>To the old one.</p>').create);
    await eventually(async () => (await commentsOf(post.id))[1]!.replies.some((r) => r.reply === 'To the old one.'));
    expect((await commentsOf(post.id))[1]!.replies.find((r) => r.reply === 'To the old one.')).toMatchObject({ reply_to_id: older.id });
    expect((await noticesOf(session))[0]).toMatchObject({ message: `Erin of the peer answered your reply on “${title}” from the fediverse.` });

    // Bo blocks Erin: her next answer to him is kept, but he is not told of it.
    const blocked = await call(bo.session, 'block', { block_id: (await accountOf('erin')).id, status: 1 });
    expect(blocked.statusCode, blocked.body).toBe(200);
    await peer.send('erin', shared(), reply('erin', new URL(`${base}/ap/notes/r${bosReply}`), '<p>Still me.</p>').create);
    await eventually(async () => (await commentsOf(post.id))[1]!.replies.some((r) => r.reply === 'Still me.'));
    const stillMe = (await commentsOf(post.id))[1]!.replies.find((r) => r.reply === 'Still me.')!;
    expect(stillMe.reply_to_id).toBe(bosReply);
    expect(await t.db.selectFrom('notifications').select('user_id').where('reply_id', '=', stillMe.id).execute()).toEqual([{ user_id: ada.id }]);
  });

  it('is edited by an Update and removed, with its thread, by a Delete: only from the account that wrote it', async () => {
    const { session, post, article } = await story();
    const opening = reply('dave', article, '<p>First draft.</p>');
    await peer.send('dave', shared(), opening.create);
    const answer = reply('erin', opening.note, '<p>An answer.</p>');
    await peer.send('erin', shared(), answer.create);
    const second = reply('erin', opening.note, '<p>A second answer.</p>');
    await peer.send('erin', shared(), second.create);
    await eventually(async () => (await commentsOf(post.id))[0]?.replies.length === 2);
    // Erin cannot change or delete Dave's reply.
    const forged = new Note({ id: opening.note, attribution: peer.actorUri('erin'), replyTarget: article, content: '<p>Forged.</p>' });
    await peer.send('erin', shared(), new Update({ id: id('updates'), actor: peer.actorUri('erin'), object: forged }));
    await peer.send('erin', shared(), new Delete({ id: id('deletes'), actor: peer.actorUri('erin'), object: new Tombstone({ id: opening.note }) }));
    // Dave cannot delete Erin's answer.
    await peer.send('dave', shared(), new Delete({ id: id('deletes'), actor: peer.actorUri('dave'), object: new Tombstone({ id: second.note }) }));
    // The inbox takes them in order: once Erin's next answer is in, those were refused.
    await peer.send('erin', shared(), reply('erin', opening.note, '<p>Marker.</p>').create);
    await eventually(async () => (await commentsOf(post.id))[0]?.replies.length === 3);
    expect((await commentsOf(post.id)).map((c) => [c.comments, c.replies.map((r) => r.reply)])).toEqual([['First draft.', ['An answer.', 'A second answer.', 'Marker.']]]);
    // Dave can edit his; Erin can edit and delete hers.
    const edited = new Note({ id: opening.note, attribution: peer.actorUri('dave'), replyTarget: article, content: '<p>Second draft.</p>' });
    await peer.send('dave', shared(), new Update({ id: id('updates'), actor: peer.actorUri('dave'), object: edited }));
    const editedAnswer = new Note({ id: answer.note, attribution: peer.actorUri('erin'), replyTarget: opening.note, content: '<p>An edited answer.</p>' });
    await peer.send('erin', shared(), new Update({ id: id('updates'), actor: peer.actorUri('erin'), object: editedAnswer }));
    await eventually(async () => (await commentsOf(post.id))[0]?.comments === 'Second draft.');
    await eventually(async () => (await commentsOf(post.id))[0]?.replies[0]?.reply === 'An edited answer.');
    expect((await commentsOf(post.id))[0]!.replies).toHaveLength(3);
    const secondId = (await commentsOf(post.id))[0]!.replies[1]!.id;
    expect(await t.db.selectFrom('notifications').select('id').where('reply_id', '=', secondId).execute()).toHaveLength(1);
    await peer.send('erin', shared(), new Delete({ id: id('deletes'), actor: peer.actorUri('erin'), object: new Tombstone({ id: second.note }) }));
    await eventually(async () => (await commentsOf(post.id))[0]?.replies.length === 2);
    expect((await commentsOf(post.id))[0]!.replies.map((r) => r.reply)).toEqual(['An edited answer.', 'Marker.']);
    expect(await countShown(post.id)).toBe(3);
    expect(await t.db.selectFrom('notifications').select('id').where('reply_id', '=', secondId).execute()).toEqual([]);
    // Dave deletes his: Erin's answer goes with it.
    await peer.send('dave', shared(), new Delete({ id: id('deletes'), actor: peer.actorUri('dave'), object: new Tombstone({ id: opening.note }) }));
    await eventually(async () => (await commentsOf(post.id)).length === 0);
    expect(await t.db.selectFrom('replies').select('id').where('post_id', '=', post.id).execute()).toEqual([]);
    expect(await countShown(post.id)).toBe(0);
    // What the writer was told of them went with them.
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
    // Answers to what is not here: a story that is not, a Note never seen, comments and replies of ours that are not, and an empty one.
    await peer.send('erin', shared(), reply('erin', new URL(`${base}/ap/posts/999999`), '<p>Nowhere.</p>').create);
    await peer.send('erin', shared(), reply('erin', new URL(`${peer.origin}/unknown/1`), '<p>Unknown.</p>').create);
    await peer.send('erin', shared(), reply('erin', new URL(`${base}/ap/notes/c999999`), '<p>No comment.</p>').create);
    await peer.send('erin', shared(), reply('erin', new URL(`${base}/ap/notes/r999999`), '<p>No reply.</p>').create);
    await peer.send('erin', shared(), reply('erin', new URL(`${base}/ap/notes/999999`), '<p>No answer.</p>').create);
    await peer.send('erin', shared(), reply('erin', article, '<p><img src="x"></p>').create);
    const marker = reply('erin', article, '<p>Kept.</p>');
    await peer.send('erin', shared(), marker.create);
    await eventually(async () => (await commentsOf(post.id)).length > 0);
    expect((await commentsOf(post.id)).map((c) => c.comments)).toEqual(['Kept.']);
    const refused = ['Not Dave.', 'Elsewhere.', 'Nowhere.', 'Unknown.', 'No comment.', 'No reply.', 'No answer.'];
    expect(await t.db.selectFrom('comments').select('id').where('body', 'in', refused).execute()).toEqual([]);
    expect(await t.db.selectFrom('replies').select('id').where('body', 'in', refused).execute()).toEqual([]);
  });
});

describe('the writer removing a reply from the fediverse on their story', () => {
  it('takes it (a comment with its thread) with its count and what they were told, by comment-delete and reply-delete; nobody else can', async () => {
    const { session, post, article } = await story();
    const opening = reply('dave', article, '<p>Spam, spam, spam.</p>');
    await peer.send('dave', shared(), opening.create);
    await peer.send('erin', shared(), reply('erin', opening.note, '<p>An answer.</p>').create);
    await peer.send('erin', shared(), reply('erin', opening.note, '<p>Another answer.</p>').create);
    await eventually(async () => (await commentsOf(post.id))[0]?.replies.length === 2);
    const [thread] = await commentsOf(post.id);
    const [first, second] = thread!.replies;
    expect(await noticesOf(session)).toHaveLength(3);
    // Another writer cannot, on a story not theirs: the ordinary 403.
    const { session: stranger } = await story();
    for (const [path, target] of [
      ['comment-delete', thread!.id],
      ['reply-delete', first!.id],
    ] as const) {
      const refused = await call(stranger, path, { id: target });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('That belongs to another member.');
    }
    expect((await commentsOf(post.id))[0]!.replies).toHaveLength(2);
    expect(await countShown(post.id)).toBe(3);
    // The writer removes one answer, then the comment with the rest of its thread.
    const removedReply = await call(session, 'reply-delete', { id: first!.id });
    expect(removedReply.statusCode, removedReply.body).toBe(200);
    expect(removedReply.json().message).toBe('Reply deleted.');
    expect((await commentsOf(post.id))[0]!.replies.map((r) => r.id)).toEqual([second!.id]);
    expect(await countShown(post.id)).toBe(2);
    expect(await noticesOf(session)).toHaveLength(2);
    const removed = await call(session, 'comment-delete', { id: thread!.id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe('Comment deleted.');
    expect(await commentsOf(post.id)).toEqual([]);
    expect(await t.db.selectFrom('replies').select('id').where('post_id', '=', post.id).execute()).toEqual([]);
    expect(await countShown(post.id)).toBe(0);
    expect(await noticesOf(session)).toEqual([]);
    expect((await call(session, 'comment-delete', { id: thread!.id })).statusCode).toBe(404);
  });
});

describe('migration 0035', () => {
  it('makes remote_comments and takes it away again', () => expectMigrationRoundTrip('0034_remote_notices', 'remote_', ['remote_comments'], '0057_stories_folded'));
});
