import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost } from '../test/factories.ts';
import { type Member, aMember, call, noticesOf, postCounts } from './social.testkit.ts';

/** Replies can be answered (issue 13): one level of threading, the answer naming the reply it answers. */

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

const idOf = (res: { json(): unknown }) => (res.json() as { id: number }).id;
const comment = async (as: Member, postId: number) => idOf(await call(t, '/comment', { user_id: as.id, post_id: postId, comments: 'A thought' }, as));
const reply = (as: Member, postId: number, commentId: number, replyTo?: unknown) =>
  call(t, '/replies', { user_id: as.id, post_id: postId, comment_id: commentId, reply: `An answer to ${String(replyTo)}`, reply_to_id: replyTo }, as);
async function repliesOnPage(postId: number) {
  const res = await call(t, '/post/details', { post_id: postId });
  expect(res.statusCode).toBe(200);
  const comments = (res.json() as { post: { comments: Array<{ id: number; replies: Array<{ id: number; reply_to_id: number | null }> }> } }).post.comments;
  return comments.flatMap((c) => c.replies.map((r) => ({ comment: c.id, id: r.id, reply_to_id: r.reply_to_id })));
}

describe('answering a reply', () => {
  it('keeps the answer under the same comment, naming the reply it answers', async () => {
    const post = await aPost(t.db, { userId: owner.id });
    const commentId = await comment(ada, post.id);
    const first = idOf(await reply(bob, post.id, commentId));
    const answer = await reply(ada, post.id, commentId, first);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(first).toBeGreaterThan(0);
    const toComment = await reply(owner, post.id, commentId, '');
    expect(toComment.statusCode, toComment.body).toBe(200);
    expect(await repliesOnPage(post.id)).toEqual([
      { comment: commentId, id: first, reply_to_id: null },
      { comment: commentId, id: idOf(answer), reply_to_id: first },
      { comment: commentId, id: idOf(toComment), reply_to_id: null },
    ]);
    expect((await postCounts(t.db, post.id)).comments_count).toBe(4);
  });

  it('tells the author of the answered reply once, of their reply answered, and nobody twice', async () => {
    const post = await aPost(t.db, { userId: owner.id, title: 'Engines' });
    const cy = await aMember(t, 'Cy Replier');
    const commentId = await comment(ada, post.id);
    const first = idOf(await reply(cy, post.id, commentId));
    const before = { cy: (await noticesOf(t.db, cy.id)).length, ada: (await noticesOf(t.db, ada.id)).length, owner: (await noticesOf(t.db, owner.id)).length };
    const answer = idOf(await reply(bob, post.id, commentId, first));
    const cyNotes = (await noticesOf(t.db, cy.id)).slice(before.cy);
    expect(cyNotes).toEqual([expect.objectContaining({ type: 'comment', actor_id: bob.id, reply_id: answer, message: 'Bob Stranger answered your reply on “Engines”.' })]);
    expect((await noticesOf(t.db, ada.id)).length).toBe(before.ada + 1); // as the comment's author
    expect((await noticesOf(t.db, owner.id)).length).toBe(before.owner + 1); // as the post's owner
    // Answering one's own reply, or the comment author's reply, tells nobody a second time.
    const adasReply = idOf(await reply(ada, post.id, commentId));
    const adaCount = (await noticesOf(t.db, ada.id)).length;
    await reply(bob, post.id, commentId, adasReply);
    expect((await noticesOf(t.db, ada.id)).slice(adaCount).map((n) => n.message)).toEqual(['Bob Stranger answered your reply on “Engines”.']);
    // The post's owner whose reply is answered hears of it as such, once.
    const ownersReply = idOf(await reply(owner, post.id, commentId));
    const ownerCount = (await noticesOf(t.db, owner.id)).length;
    await reply(bob, post.id, commentId, ownersReply);
    expect((await noticesOf(t.db, owner.id)).slice(ownerCount).map((n) => n.message)).toEqual(['Bob Stranger answered your reply on “Engines”.']);
    const cyCount = (await noticesOf(t.db, cy.id)).length;
    await reply(cy, post.id, commentId, first);
    expect((await noticesOf(t.db, cy.id)).length).toBe(cyCount);
  });

  it('refuses a reply of another comment (404) and an id that is not one (422)', async () => {
    const post = await aPost(t.db, { userId: owner.id });
    const [one, two] = [await comment(ada, post.id), await comment(bob, post.id)];
    const onTwo = idOf(await reply(bob, post.id, two));
    const elsewhere = await reply(ada, post.id, one, onTwo);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Reply not found.');
    expect((await reply(ada, post.id, one, 987654)).statusCode).toBe(404);
    const bad = await reply(ada, post.id, one, 'x');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['reply_to_id']);
    expect((await postCounts(t.db, post.id)).comments_count).toBe(3);
  });

  it('keeps an answer when the reply it answered is deleted, forgetting whom it answered', async () => {
    const post = await aPost(t.db, { userId: owner.id });
    const commentId = await comment(ada, post.id);
    const first = idOf(await reply(bob, post.id, commentId));
    const answer = idOf(await reply(ada, post.id, commentId, first));
    expect((await call(t, '/reply-delete', { id: first }, bob)).statusCode).toBe(200);
    expect(await repliesOnPage(post.id)).toEqual([{ comment: commentId, id: answer, reply_to_id: null }]);
    expect((await postCounts(t.db, post.id)).comments_count).toBe(2);
  });
});
