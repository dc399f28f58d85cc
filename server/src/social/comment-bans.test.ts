import { COMMENTS_BANNED } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../audit/audit.ts';
import { auditActors } from '../audit/audit.repository.ts';
import { nowIso } from '../db/database.ts';
import { DomainEventBus } from '../events/domain-events.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aPost, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';
import { COMMENT_BAN_MESSAGES } from './comment-bans.service.ts';
import { createCommentsService } from './comments.service.ts';

/**
 * A writer bans a reader from commenting on their stories (issue 47, ADR 0116), on SQLite or
 * PostgreSQL: the reader's comments and replies there are refused with why, whatever the story lets
 * others do, and a Note of a banned account elsewhere is not kept; they still read and comment
 * elsewhere; the writer lists and lifts bans; each change is audited as the writer's own act.
 */
let t: TestApp;
let writer: Session;
let heckler: Session;
let otherWriter: Session;
let postId: number;
let otherPostId: number;
let commentId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const sessions = await Promise.all(['Patient Writer', 'Persistent Heckler', 'Other Writer'].map(async (name) => signIn(t.app, await aUser(t.db, { name }))));
  [writer, heckler, otherWriter] = [sessions[0]!, sessions[1]!, sessions[2]!];
  postId = (await aPost(t.db, { userId: writer.id, title: 'On patience' })).id;
  otherPostId = (await aPost(t.db, { userId: otherWriter.id, title: 'On noise' })).id;
  commentId = (await call(heckler, 'comment', { post_id: postId, comments: 'Boo.' })).json().id as number;
});
afterAll(() => t.close());

const call = (who: Session, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload: { user_id: who.id, ...payload }, headers: who.headers });
const ban = (who: Session, readerId: number, banned: 0 | 1 = 1) => call(who, 'comment-bans/set', { reader_id: readerId, banned });
let said = 0;
const comment = (who: Session, post = postId) => call(who, 'comment', { post_id: post, comments: `Noise ${(said += 1)}.` });
async function page(who: Session) {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/post/details', payload: { post_id: postId }, headers: who.headers });
  return res.json().post as { may_comment?: boolean; banned_from_comments?: boolean; comments: Array<{ id: number }> };
}

describe('a reader banned from a writer’s stories', () => {
  it('has their comments and replies there refused with why, still reads, and comments elsewhere', async () => {
    const done = await ban(writer, heckler.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: COMMENT_BAN_MESSAGES.banned('Persistent Heckler'), banned: true });
    expect((await ban(writer, heckler.id)).statusCode).toBe(200); // twice is once

    for (const sent of [await comment(heckler), await call(heckler, 'replies', { post_id: postId, comment_id: commentId, reply: 'Boo again.' })]) {
      expect(sent.statusCode).toBe(403);
      expect(sent.json().message).toBe(COMMENTS_BANNED);
    }
    // Open to followers only, a banned follower is still refused, for the ban.
    expect((await call(heckler, 'follow-unfollow', { follow_id: writer.id, followType: 1 })).statusCode).toBe(200);
    expect((await call(writer, 'posts/comments-from', { id: postId, comments_from: 'followers' })).statusCode).toBe(200);
    expect((await comment(heckler)).json().message).toBe(COMMENTS_BANNED);
    expect((await call(writer, 'posts/comments-from', { id: postId, comments_from: 'anyone' })).statusCode).toBe(200);

    const seen = await page(heckler);
    expect(seen).toMatchObject({ may_comment: false, banned_from_comments: true });
    expect(seen.comments.map((c) => c.id)).toContain(commentId); // what they wrote stays
    expect(await page(otherWriter)).toMatchObject({ may_comment: true });
    expect((await page(otherWriter)).banned_from_comments).toBeUndefined();
    expect((await comment(otherWriter)).statusCode).toBe(200);
    expect((await comment(heckler, otherPostId)).statusCode).toBe(200);
    // The writer still comments on their own story.
    expect((await comment(writer)).statusCode).toBe(200);
  });

  it('is listed for the writer alone, lifted by them, and audited apart from staff, once per change', async () => {
    const list = await call(writer, 'comment-bans', {});
    expect(list.json().data.map((r: { id: number; name: string }) => [r.id, r.name])).toEqual([[heckler.id, 'Persistent Heckler']]);
    expect((await call(otherWriter, 'comment-bans', {})).json().data).toEqual([]);

    const lifted = await ban(writer, heckler.id, 0);
    expect(lifted.json()).toEqual({ message: COMMENT_BAN_MESSAGES.lifted('Persistent Heckler'), banned: false });
    expect((await comment(heckler)).statusCode).toBe(200);
    expect((await page(heckler)).may_comment).toBe(true);
    expect((await call(writer, 'comment-bans', {})).json().data).toEqual([]);

    const lines = (await readAudit(t.db, { limit: 50 })).filter((l) => l.action.startsWith('writer.ban') || l.action === 'writer.unban');
    expect(lines.map((l) => [l.action, l.actor.name, l.target.kind, l.target.id])).toEqual([
      ['writer.unban', 'Patient Writer', 'user', heckler.id],
      ['writer.ban', 'Patient Writer', 'user', heckler.id],
    ]);
    expect((await auditActors(t.db)).map((a) => a.actor_id)).not.toContain(writer.id);
  });

  it('refuses a ban of oneself or of nobody, and another’s list', async () => {
    expect((await ban(writer, writer.id)).statusCode).toBe(422);
    expect((await ban(writer, 999_999)).statusCode).toBe(404);
    const theirs = await t.app.inject({ method: 'POST', url: '/api/user/comment-bans', payload: { user_id: writer.id }, headers: otherWriter.headers });
    expect(theirs.statusCode).toBe(403);
  });

  it('keeps a banned account elsewhere’s reply out', async () => {
    const elsewhere = await anAccountElsewhere(t.db, 'Far Heckler');
    const comments = createCommentsService(t.db, new DomainEventBus());
    const note = (n: number) => ({ postId, answers: null, body: `Far noise ${n}`, apId: `${elsewhere.apId}/notes/${n}`, url: null, createdAt: nowIso() });
    expect(await comments.addFrom(elsewhere.id, note(1))).toBe(true);
    expect((await ban(writer, elsewhere.id)).statusCode).toBe(200);
    expect(await comments.addFrom(elsewhere.id, note(2))).toBe(false);
    expect((await call(writer, 'comment-bans', {})).json().data[0]).toMatchObject({ id: elsewhere.id, elsewhere: { handle: expect.stringContaining('@') } });
  });
});
