import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../audit/audit.ts';
import { auditActors } from '../audit/audit.repository.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aPost, aUser, signIn } from '../test/factories.ts';
import { createDecisions } from '../moderation/decisions.service.ts';
import { createHides } from '../moderation/hides.service.ts';
import { reportedCase } from '../moderation/moderation.testkit.ts';
import { offlineEvents } from '../offline-events.ts';
import { AUTHOR_HIDE_MESSAGES } from './author-hides.service.ts';

/**
 * A story's writer hides a comment or reply on it (issue 47, ADR 0113), on SQLite or PostgreSQL: out of
 * every other reader's sight and count, seen labelled by its own writer and by the story's writer,
 * shown again by them; nobody else may, and what is held or hidden by the moderators stays theirs.
 */
let t: TestApp;
let writer: Session;
let commenter: Session;
let reader: Session;
let postId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const [a, b, c] = await Promise.all(['Story Writer', 'Loud Commenter', 'Quiet Reader'].map(async (name) => signIn(t.app, await aUser(t.db, { name }))));
  [writer, commenter, reader] = [a!, b!, c!];
  postId = (await aPost(t.db, { userId: writer.id, title: 'On hedges' })).id;
});
afterAll(() => t.close());

const call = (who: Session, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload: { user_id: who.id, ...payload }, headers: who.headers });
const hide = (who: Session, kind: 'comment' | 'reply', id: number, hidden: 0 | 1 = 1) => call(who, 'comments/hide', { kind, id, hidden });
type Thread = { comments_count: number; comments: Array<{ id: number; comments: string; hidden?: string; replies: Array<{ id: number; hidden?: string }> }> };
async function page(who?: Session): Promise<Thread> {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/post/details', payload: { post_id: postId }, ...(who ? { headers: who.headers } : {}) });
  expect(res.statusCode).toBe(200);
  return res.json().post as Thread;
}
const shown = async (who?: Session) => (await page(who)).comments.map((c) => [c.id, c.hidden ?? null, c.replies.map((r) => [r.id, r.hidden ?? null])]);

describe('a comment hidden by the story’s writer', () => {
  it('leaves every other reader’s sight and count, stays with its writer and the story’s, labelled, and comes back', async () => {
    const commentId = (await call(commenter, 'comment', { post_id: postId, comments: 'Hedges are for cowards.' })).json().id as number;
    const keptId = (await call(reader, 'comment', { post_id: postId, comments: 'Lovely hedges.' })).json().id as number;
    const replyId = (await call(commenter, 'replies', { post_id: postId, comment_id: keptId, reply: 'Lovely? Really?' })).json().id as number;
    expect((await page()).comments_count).toBe(3);

    const done = await hide(writer, 'comment', commentId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: AUTHOR_HIDE_MESSAGES.hidden('comment'), hidden: true });
    expect((await hide(writer, 'reply', replyId)).json()).toEqual({ message: AUTHOR_HIDE_MESSAGES.hidden('reply'), hidden: true });
    // Twice is once: counted out once, audited once.
    expect((await hide(writer, 'reply', replyId)).statusCode).toBe(200);

    expect(await shown()).toEqual([[keptId, null, []]]);
    expect(await shown(reader)).toEqual([[keptId, null, []]]);
    expect((await page()).comments_count).toBe(1);
    expect(await shown(commenter)).toEqual([
      [keptId, null, [[replyId, 'author']]],
      [commentId, 'author', []],
    ]);
    expect(await shown(writer)).toEqual([
      [keptId, null, [[replyId, 'author']]],
      [commentId, 'author', []],
    ]);
    expect((await page(writer)).comments.find((c) => c.id === commentId)?.comments).toBe('Hedges are for cowards.');
    const audited = await readAudit(t.db, { limit: 5 });
    expect(audited.filter((l) => l.action === 'writer.hide').map((l) => [l.actor.name, l.target.kind, l.target.id])).toEqual([
      ['Story Writer', 'reply', replyId],
      ['Story Writer', 'comment', commentId],
    ]);

    // Audited apart from staff: the writer is not listed among those who acted as staff.
    expect((await auditActors(t.db)).map((a) => a.actor_id)).not.toContain(writer.id);

    expect((await hide(writer, 'comment', commentId, 0)).json()).toEqual({ message: AUTHOR_HIDE_MESSAGES.shown('comment'), hidden: false });
    expect(await shown(reader)).toEqual([
      [keptId, null, []],
      [commentId, null, []],
    ]);
    expect((await page()).comments_count).toBe(2);
    expect((await readAudit(t.db, { limit: 1 }))[0]).toMatchObject({ action: 'writer.unhide', target: { kind: 'comment', id: commentId } });
  });

  it('is for the story’s writer alone; what is held or hidden by the moderators stays theirs', async () => {
    const commentId = (await call(commenter, 'comment', { post_id: postId, comments: 'Hedges, again.' })).json().id as number;
    expect((await hide(commenter, 'comment', commentId)).statusCode).toBe(403);
    expect((await hide(reader, 'comment', commentId)).statusCode).toBe(403);
    expect((await hide(writer, 'comment', 999_999)).statusCode).toBe(404);
    expect((await hide(writer, 'reply', commentId + 1_000_000)).statusCode).toBe(404);
    for (const [why, message] of [
      ['moderators', AUTHOR_HIDE_MESSAGES.moderators],
      ['held', AUTHOR_HIDE_MESSAGES.held],
    ] as const) {
      await t.db.updateTable('comments').set({ hidden: why }).where('id', '=', commentId).execute();
      for (const hidden of [1, 0] as const) {
        const refused = await hide(writer, 'comment', commentId, hidden);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(message);
      }
      expect((await t.db.selectFrom('comments').select('hidden').where('id', '=', commentId).executeTakeFirstOrThrow()).hidden).toBe(why);
    }
    expect((await call(writer, 'comments/hide', { kind: 'story', id: commentId, hidden: 1 })).statusCode).toBe(422);
  });

  it('hidden by the moderators over the writer’s hide, goes back to the writer’s when theirs is lifted', async () => {
    const commentId = (await call(commenter, 'comment', { post_id: postId, comments: 'Hedges hide thieves.' })).json().id as number;
    expect((await hide(writer, 'comment', commentId)).statusCode).toBe(200);
    const count = (await page()).comments_count;
    const caseId = await reportedCase(t, reader, 'comment', commentId, 'harassment');
    await createDecisions(t.db, t.config.publicUrl, offlineEvents()).decide(caseId, 'hide', 'Insults.', 'command line');
    const hiddenNow = async () => (await t.db.selectFrom('comments').select('hidden').where('id', '=', commentId).executeTakeFirstOrThrow()).hidden;
    expect(await hiddenNow()).toBe('moderators');
    await createHides(t.db, offlineEvents(), t.config.publicUrl).lift('comment', commentId, 'command line');
    expect(await hiddenNow()).toBe('author');
    expect((await page()).comments_count).toBe(count);
    const told = await t.db.selectFrom('notifications').select('message').where('user_id', '=', commenter.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(told.message).toBe('The moderators no longer hide your comment “Hedges hide thieves.”: it stays hidden by the story’s writer, as it was before.');
    expect((await hide(writer, 'comment', commentId, 0)).json().hidden).toBe(false);
    expect((await page()).comments_count).toBe(count + 1);
  });
});
