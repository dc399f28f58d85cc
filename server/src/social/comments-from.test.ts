import { COMMENTS_CLOSED, COMMENTS_FROM_INVALID, type CommentsFrom } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../audit/audit.ts';
import { nowIso } from '../db/database.ts';
import { DomainEventBus } from '../events/domain-events.ts';
import { commentsFromChanged } from '../posts/posts.service.ts';
import { createPost } from '../posts/testing.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aPost, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';
import { createCommentsService } from './comments.service.ts';

/**
 * Who may comment on a story (issue 47, ADR 0115), on SQLite or PostgreSQL: its writer opens it to
 * anyone, their followers, their newsletter's subscribers or nobody; a comment or reply from anyone
 * else is refused with why (and one from the fediverse is not kept), the page says whether the reader
 * may, the writer may always, and new stories start with the writer's own choice.
 */
let t: TestApp;
let writer: Session;
let follower: Session;
let subscriber: Session;
let stranger: Session;
let postId: number;
let commentId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const names = ['Gate Keeper', 'Faithful Follower', 'Loyal Subscriber', 'Passing Stranger'];
  const sessions = await Promise.all(names.map(async (name) => signIn(t.app, await aUser(t.db, { name }))));
  [writer, follower, subscriber, stranger] = [sessions[0]!, sessions[1]!, sessions[2]!, sessions[3]!];
  postId = (await aPost(t.db, { userId: writer.id, title: 'On gates' })).id;
  expect((await call(follower, 'follow-unfollow', { follow_id: writer.id, followType: 1 })).statusCode).toBe(200);
  const email = (await t.db.selectFrom('users').select('email').where('id', '=', subscriber.id).executeTakeFirstOrThrow()).email!;
  const now = nowIso();
  await t.db
    .insertInto('newsletter_subscribers')
    .values({
      writer_id: writer.id,
      email: email.toLowerCase(),
      status: 'confirmed',
      source: 'profile',
      member_id: null,
      confirm_token_hash: null,
      confirm_sent_at: null,
      created_at: now,
      confirmed_at: now,
      ended_at: null,
    })
    .execute();
  commentId = (await call(stranger, 'comment', { post_id: postId, comments: 'First, while it was open.' })).json().id as number;
});
afterAll(() => t.close());

const call = (who: Session, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload: { user_id: who.id, ...payload }, headers: who.headers });
const choose = (who: Session, from: string, id = postId) => call(who, 'posts/comments-from', { id, comments_from: from });
let said = 0;
const comment = (who: Session) => call(who, 'comment', { post_id: postId, comments: `Word ${(said += 1)} from ${who.id}.` });
const reply = (who: Session) => call(who, 'replies', { post_id: postId, comment_id: commentId, reply: `Answer ${(said += 1)} from ${who.id}.` });
async function page(who?: Session): Promise<{ comments_from?: string; may_comment?: boolean; comments: Array<{ id: number }> }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/post/details', payload: { post_id: postId }, ...(who ? { headers: who.headers } : {}) });
  expect(res.statusCode).toBe(200);
  return res.json().post;
}

describe('who may comment on a story', () => {
  it('is anyone until its writer says otherwise', async () => {
    expect(await page()).toMatchObject({ comments_from: 'anyone' });
    expect((await page()).may_comment).toBeUndefined();
    expect((await page(stranger)).may_comment).toBe(true);
    expect((await comment(stranger)).statusCode).toBe(200);
  });

  for (const [from, allowed, refused] of [
    ['followers', ['follower'], ['subscriber', 'stranger']],
    ['subscribers', ['subscriber'], ['follower', 'stranger']],
    ['nobody', [], ['follower', 'subscriber', 'stranger']],
  ] as const) {
    it(`open to ${from}: the others are refused with why, the writer may always, and the page says so to each`, async () => {
      const set = await choose(writer, from);
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toEqual({ message: commentsFromChanged(from), comments_from: from });
      const who = { follower, subscriber, stranger } as const;
      for (const name of refused) {
        for (const sent of [await comment(who[name]), await reply(who[name])]) {
          expect(sent.statusCode, `${name} ${sent.body}`).toBe(403);
          expect(sent.json().message).toBe(COMMENTS_CLOSED[from]);
        }
        expect((await page(who[name])).may_comment, name).toBe(false);
      }
      for (const name of allowed) {
        expect((await comment(who[name])).statusCode, name).toBe(200);
        expect((await reply(who[name])).statusCode, name).toBe(200);
        expect((await page(who[name])).may_comment, name).toBe(true);
      }
      expect((await comment(writer)).statusCode).toBe(200);
      expect((await page(writer)).may_comment).toBe(true);
      // What was said while it was open stays.
      expect((await page()).comments.map((c) => c.id)).toContain(commentId);
      expect(await page()).toMatchObject({ comments_from: from });
    });
  }

  it('follows the reader who starts following, and is audited as the writer’s own act, once per change', async () => {
    await choose(writer, 'followers');
    expect((await page(stranger)).may_comment).toBe(false);
    expect((await call(stranger, 'follow-unfollow', { follow_id: writer.id, followType: 1 })).statusCode).toBe(200);
    expect((await page(stranger)).may_comment).toBe(true);
    expect((await comment(stranger)).statusCode).toBe(200);
    expect((await call(stranger, 'follow-unfollow', { follow_id: writer.id, followType: 0 })).statusCode).toBe(200);
    expect((await comment(stranger)).statusCode).toBe(403);

    expect((await choose(writer, 'followers')).statusCode).toBe(200);
    const lines = (await readAudit(t.db, { limit: 50 })).filter((l) => l.action === 'writer.comments');
    // Newest first; the same choice again wrote nothing.
    expect(lines.map((l) => [l.before, l.after])).toEqual([
      ['nobody', 'followers'],
      ['subscribers', 'nobody'],
      ['followers', 'subscribers'],
      ['anyone', 'followers'],
    ]);
    expect(lines[0]).toMatchObject({ actor: { id: writer.id, name: 'Gate Keeper' }, target: { kind: 'post', id: postId } });
  });

  it('is the writer’s alone to change, and only to one of the four', async () => {
    for (const who of [stranger, follower]) expect((await choose(who, 'anyone')).statusCode).toBe(403);
    const bad = await choose(writer, 'friends');
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain(COMMENTS_FROM_INVALID);
    expect((await choose(writer, 'anyone', 999_999)).statusCode).toBe(404);
    expect((await t.db.selectFrom('posts').select('comments_from').where('id', '=', postId).executeTakeFirstOrThrow()).comments_from).toBe('followers');
  });

  it('keeps a reply from the fediverse out unless its account may comment', async () => {
    await choose(writer, 'followers');
    const elsewhere = await anAccountElsewhere(t.db, 'Far Reader');
    const comments = createCommentsService(t.db, new DomainEventBus());
    const note = (n: number) => ({ postId, answers: null, body: `From afar ${n}`, apId: `${elsewhere.apId}/notes/${n}`, url: null, createdAt: nowIso() });
    expect(await comments.addFrom(elsewhere.id, note(1))).toBe(false);
    await t.db
      .insertInto('follows')
      .values({ follower_id: elsewhere.id, following_id: writer.id, created_at: nowIso(), activity_id: `${elsewhere.apId}/follows/1` })
      .execute();
    expect(await comments.addFrom(elsewhere.id, note(2))).toBe(true);
    await choose(writer, 'nobody');
    expect(await comments.addFrom(elsewhere.id, note(3))).toBe(false);
  });

  it('starts a new story with the writer’s own choice, kept in their settings', async () => {
    const set = await call(writer, 'update-profile', { id: writer.id, comments_from: 'subscribers' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().user.comments_from).toBe('subscribers');
    expect((await call(writer, 'profile', { id: writer.id })).json().user.comments_from).toBe('subscribers');
    const { id } = await createPost(t, writer, { title: 'Behind the gate' });
    const row = await t.db.selectFrom('posts').select('comments_from').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.comments_from satisfies CommentsFrom).toBe('subscribers');
    // Another writer's stories are not touched.
    const { id: other } = await createPost(t, stranger, { title: 'Open field' });
    expect((await t.db.selectFrom('posts').select('comments_from').where('id', '=', other).executeTakeFirstOrThrow()).comments_from).toBe('anyone');
    expect((await call(writer, 'update-profile', { id: writer.id, comments_from: 'everyone' })).statusCode).toBe(422);
  });
});
