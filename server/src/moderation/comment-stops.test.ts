import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../audit/audit.ts';
import { DomainEventBus } from '../events/domain-events.ts';
import { offlineEvents } from '../offline-events.ts';
import { createCommentsService } from '../social/comments.service.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aPost, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';
import { createCommentStops } from './comment-stops.service.ts';
import { createDecisions } from './decisions.service.ts';
import { reportedCase } from './moderation.testkit.ts';

/**
 * An account's comments stopped by the moderators (issue 47, ADR 0101), on SQLite or PostgreSQL: a
 * member's comments and replies refused with the end and the reasons, an account elsewhere's replies not
 * kept; lifted by the clock or by hand; told and audited.
 */
let t: TestApp;
let writer: Session;
let reader: Session;
let postId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const [first, second] = await Promise.all(['Writer', 'Reader'].map(async (name) => signIn(t.app, await aUser(t.db, { name }))));
  [writer, reader] = [first!, second!];
  postId = (await aPost(t.db, { userId: writer.id, title: 'Quiet harbours' })).id;
});
afterAll(() => t.close());

const call = (who: Session, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload: { user_id: who.id, ...payload }, headers: who.headers });
const lastMessageTo = async (userId: number) =>
  (await t.db.selectFrom('notifications').select('message').where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirstOrThrow()).message;
const decisions = () => createDecisions(t.db, t.config.publicUrl, offlineEvents());
const reportedAccount = (id: number) => reportedCase(t, reader, 'account', id, 'harassment');

describe('comments stopped by the moderators', () => {
  it('refuse a member’s comments and replies with the end and the reasons, until the clock lifts the stop', async () => {
    const loud = await signIn(t.app, await aUser(t.db, { name: 'Loud' }));
    const parent = (await call(reader, 'comment', { post_id: postId, comments: 'Calm seas today.' })).json().id as number;
    const caseId = await reportedAccount(loud.id);
    await expect(decisions().decide(caseId, 'no-comments', '', 'command line')).rejects.toThrow(/stop of comments needs a note/);
    const done = await decisions().decide(caseId, 'no-comments', 'Shouting in every thread.', 'command line', { forMs: 86_400_000 });
    expect(done.commentsStopped).toEqual({ id: loud.id, endsAt: expect.any(String) });

    const refused = await call(loud, 'comment', { post_id: postId, comments: 'LISTEN TO ME' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^The moderators have stopped you from writing comments and replies until .+\. Their reasons: Shouting in every thread\.$/);
    expect((await call(loud, 'replies', { post_id: postId, comment_id: parent, reply: 'NO' })).statusCode).toBe(403);
    expect(await t.db.selectFrom('comments').select('id').where('user_id', '=', loud.id).execute()).toEqual([]);
    expect(await lastMessageTo(loud.id)).toMatch(/^The moderators stopped you from writing comments and replies until .+: Shouting in every thread\.$/);
    expect(await lastMessageTo(reader.id)).toContain('the account may not write comments for now.');
    expect((await readAudit(t.db, { limit: 2 })).map((l) => [l.action, l.case_id])).toEqual([
      ['account.no-comments', caseId],
      ['case.decide', caseId],
    ]);
    // Everything else goes on: they may still like and read.
    expect((await call(loud, 'like', { post_id: postId, status: 1 })).statusCode).toBe(200);

    const stops = createCommentStops(t.db, t.config.publicUrl);
    expect(await stops.liftDue()).toBe(0);
    expect(await stops.liftDue(new Date(Date.now() + 2 * 86_400_000).toISOString())).toBe(1);
    expect((await call(loud, 'comment', { post_id: postId, comments: 'Sorry for shouting.' })).statusCode).toBe(200);
    expect(await lastMessageTo(loud.id)).toBe('You may write comments and replies again.');
    expect((await readAudit(t.db, { limit: 1 }))[0]).toMatchObject({ action: 'account.comments-allow', actor: { name: 'the clock' } });
  });

  it('lifted by hand; an account elsewhere’s replies are not kept while it lasts', async () => {
    const elsewhere = await anAccountElsewhere(t.db, 'Far Shouter');
    const caseId = await reportedAccount(elsewhere.id);
    await decisions().decide(caseId, 'no-comments', 'Spam replies.', 'command line');
    const comments = createCommentsService(t.db, new DomainEventBus());
    const note = (n: number) => ({ postId, answers: null, body: `Buy ${n}`, apId: `${elsewhere.apId}/notes/${n}`, url: null, createdAt: new Date().toISOString() });
    expect(await comments.addFrom(elsewhere.id, note(1))).toBe(false);
    const stops = createCommentStops(t.db, t.config.publicUrl);
    await stops.lift(elsewhere.id, 'command line');
    await expect(stops.lift(elsewhere.id, 'command line')).rejects.toThrow(/may comment already/);
    expect(await comments.addFrom(elsewhere.id, note(2))).toBe(true);
  });
});
