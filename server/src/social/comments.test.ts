import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost } from '../test/factories.ts';
import { type Member, aMember, call, noticesOf, postCounts } from './social.testkit.ts';

let t: TestApp;
let owner: Member;
let ada: Member;
let bob: Member;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await aMember(t, 'Grace Hopper');
  ada = await aMember(t, 'Ada Lovelace');
  bob = await aMember(t, 'Bob Stranger');
});
afterAll(() => t.close());

async function comment(as: Member, postId: number, text: unknown) {
  return call(t, '/comment', { user_id: as.id, post_id: postId, comments: text }, as);
}
async function reply(as: Member, postId: number, commentId: number, text: unknown) {
  return call(t, '/replies', { user_id: as.id, post_id: postId, comment_id: commentId, reply: text }, as);
}
const idOf = (res: { json(): unknown }) => (res.json() as { id: number }).id;
const commentIds = async (postId: number) => (await t.db.selectFrom('comments').select('id').where('post_id', '=', postId).execute()).map((r) => r.id);
const replyIds = async (postId: number) => (await t.db.selectFrom('replies').select('id').where('post_id', '=', postId).execute()).map((r) => r.id);

describe('comments and replies', () => {
  it('stores trimmed text verbatim, never as HTML, and counts comments plus replies', async () => {
    const post = await aPost(t.db, { userId: owner.id });
    const script = '<script>alert(1)</script>';
    const res = await comment(ada, post.id, `  ${script}  `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Comment added.', id: expect.any(Number) });
    const row = await t.db.selectFrom('comments').selectAll().where('id', '=', idOf(res)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ body: script, user_id: ada.id, post_id: post.id });

    const r = await reply(owner, post.id, idOf(res), 'Thanks & <b>welcome</b>');
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toBe('Reply added.');
    const stored = await t.db.selectFrom('replies').select('body').where('id', '=', idOf(r)).executeTakeFirstOrThrow();
    expect(stored.body).toBe('Thanks & <b>welcome</b>');
    expect((await postCounts(t.db, post.id)).comments_count).toBe(2);
  });

  it('refuses bad input with 422, and a reply to a comment of another post with 404', async () => {
    const post = await aPost(t.db, { userId: owner.id });
    const other = await aPost(t.db, { userId: owner.id });
    expect((await comment(ada, post.id, '')).json().errors.comments[0]).toBe('The comments field is required.');
    expect((await comment(ada, post.id, '   ')).statusCode).toBe(422);
    const long = await comment(ada, post.id, 'x'.repeat(5001));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.comments[0]).toMatch(/5000/);
    expect((await comment(ada, post.id, 'x'.repeat(5000))).statusCode).toBe(200);
    expect((await comment(ada, 424_242, 'hello')).statusCode).toBe(404);

    const c = idOf(await comment(ada, other.id, 'on the other post'));
    expect((await reply(bob, post.id, c, 'wrong post')).statusCode).toBe(404);
    expect((await reply(bob, post.id, 777_777, 'no comment')).statusCode).toBe(404);
    expect((await reply(bob, other.id, c, '')).statusCode).toBe(422);
    expect(await replyIds(post.id)).toEqual([]);
    expect((await postCounts(t.db, post.id)).comments_count).toBe(1);
    expect((await postCounts(t.db, other.id)).comments_count).toBe(1);
  });

  it('is closed to visitors (401) and to acting as someone else (403)', async () => {
    const post = await aPost(t.db, { userId: owner.id });
    const c = idOf(await comment(ada, post.id, 'mine'));
    expect((await call(t, '/comment', { user_id: ada.id, post_id: post.id, comments: 'x' })).statusCode).toBe(401);
    expect((await call(t, '/replies', { user_id: ada.id, post_id: post.id, comment_id: c, reply: 'x' })).statusCode).toBe(401);
    expect((await call(t, '/comment-delete', { id: c })).statusCode).toBe(401);
    expect((await call(t, '/reply-delete', { id: c })).statusCode).toBe(401);
    expect((await call(t, '/comment', { user_id: ada.id, post_id: post.id, comments: 'x' }, bob)).statusCode).toBe(403);
    expect((await call(t, '/replies', { user_id: ada.id, post_id: post.id, comment_id: c, reply: 'x' }, bob)).statusCode).toBe(403);
    expect(await commentIds(post.id)).toEqual([c]);
  });

  it('notifies the owner of a comment, and the comment author and owner of a reply, never oneself', async () => {
    const post = await aPost(t.db, { userId: owner.id, title: 'Title' });
    const o = (await noticesOf(t.db, owner.id)).length;
    const a = (await noticesOf(t.db, ada.id)).length;
    const c = idOf(await comment(ada, post.id, 'first'));
    await reply(bob, post.id, c, 'second');
    await reply(ada, post.id, c, 'third');
    await comment(owner, post.id, 'own');
    expect((await noticesOf(t.db, owner.id)).slice(o).map((n) => [n.type, n.message])).toEqual([
      ['comment', 'Ada Lovelace commented on “Title”.'],
      ['comment', 'Bob Stranger replied to a comment on “Title”.'],
      ['comment', 'Ada Lovelace replied to a comment on “Title”.'],
    ]);
    expect((await noticesOf(t.db, ada.id)).slice(a).map((n) => n.message)).toEqual(['Bob Stranger replied to your comment on “Title”.']);
  });
});

describe('deleting comments and replies', () => {
  it('lets the author and the post owner delete, refuses a stranger with 403, and keeps the count right', async () => {
    const post = await aPost(t.db, { userId: owner.id });
    const c1 = idOf(await comment(ada, post.id, 'one'));
    const c2 = idOf(await comment(ada, post.id, 'two'));
    const r1 = idOf(await reply(bob, post.id, c1, 'r1'));
    const r2 = idOf(await reply(owner, post.id, c1, 'r2'));
    const r3 = idOf(await reply(bob, post.id, c2, 'r3'));
    expect((await postCounts(t.db, post.id)).comments_count).toBe(5);

    const denied = await call(t, '/comment-delete', { id: c1 }, bob);
    expect(denied.statusCode).toBe(403);
    expect((await call(t, '/reply-delete', { id: r2 }, ada)).statusCode).toBe(403);
    expect((await call(t, '/comment-delete', { id: c1, user_id: ada.id }, bob)).statusCode).toBe(403);
    expect(await commentIds(post.id)).toHaveLength(2);
    expect(await replyIds(post.id)).toHaveLength(3);
    expect((await postCounts(t.db, post.id)).comments_count).toBe(5);

    expect((await call(t, '/reply-delete', { id: r1 }, bob)).json()).toEqual({ message: 'Reply deleted.' });
    expect((await postCounts(t.db, post.id)).comments_count).toBe(4);
    const byOwner = await call(t, '/comment-delete', { id: c1 }, owner);
    expect(byOwner.json()).toEqual({ message: 'Comment deleted.' });
    expect(await replyIds(post.id)).toEqual([r3]);
    expect((await postCounts(t.db, post.id)).comments_count).toBe(2);

    expect((await call(t, '/reply-delete', { id: r3 }, owner)).statusCode).toBe(200);
    expect((await call(t, '/comment-delete', { id: c2 }, ada)).statusCode).toBe(200);
    expect((await postCounts(t.db, post.id)).comments_count).toBe(0);
    expect((await call(t, '/comment-delete', { id: c2 }, ada)).statusCode).toBe(404);
    expect((await call(t, '/reply-delete', { id: r2 }, owner)).statusCode).toBe(404);
    expect((await call(t, '/reply-delete', { id: 'x' }, owner)).statusCode).toBe(422);
  });

  it('keeps comments_count equal to the rows when replies and deletes race', async () => {
    const post = await aPost(t.db, { userId: owner.id });
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => comment(ada, post.id, `c${i}`).then(idOf)));
    const work = ids.flatMap((c, i) => [
      reply(bob, post.id, c, 'a'),
      reply(owner, post.id, c, 'b'),
      ...(i % 2 === 0 ? [call(t, '/comment-delete', { id: c }, owner)] : []),
      reply(bob, post.id, c, 'c'),
    ]);
    const results = await Promise.all(work);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);
    const rows = (await commentIds(post.id)).length + (await replyIds(post.id)).length;
    expect((await postCounts(t.db, post.id)).comments_count).toBe(rows);
  });

  it('ties each notification to its comment or reply, and takes it back when they are deleted', async () => {
    const post = await aPost(t.db, { userId: owner.id, title: 'Notes' });
    const before = (await noticesOf(t.db, owner.id)).length;
    const kept = idOf(await comment(bob, post.id, 'Stays'));
    const first = idOf(await comment(ada, post.id, 'First'));
    const byBob = idOf(await reply(bob, post.id, first, 'A reply to Ada'));
    const byOwner = idOf(await reply(owner, post.id, first, 'The owner answers'));

    const ownerNotices = async () => (await noticesOf(t.db, owner.id)).slice(before);
    expect((await ownerNotices()).map((n) => [n.comment_id, n.reply_id])).toEqual([
      [kept, null],
      [first, null],
      [null, byBob], // Bob replied to a comment on the owner's post
    ]);
    expect((await noticesOf(t.db, ada.id)).filter((n) => n.post_id === post.id).map((n) => n.reply_id)).toEqual([byBob, byOwner]);

    // Deleting one reply takes its notifications (to Ada and to the owner) and nothing else.
    expect((await call(t, '/reply-delete', { id: byBob }, bob)).statusCode).toBe(200);
    expect((await ownerNotices()).map((n) => n.comment_id)).toEqual([kept, first]);
    expect((await noticesOf(t.db, ada.id)).filter((n) => n.post_id === post.id).map((n) => n.reply_id)).toEqual([byOwner]);

    // Deleting the comment takes its notification and those of its replies.
    expect((await call(t, '/comment-delete', { id: first }, ada)).statusCode).toBe(200);
    expect((await ownerNotices()).map((n) => n.comment_id)).toEqual([kept]);
    expect((await noticesOf(t.db, ada.id)).filter((n) => n.post_id === post.id)).toEqual([]);
  });
});
