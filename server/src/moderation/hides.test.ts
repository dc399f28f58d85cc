import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../audit/audit.ts';
import { defaultSpam } from '../config-spam.ts';
import { expectColumnRoundTrip } from '../federation/federation.testkit.ts';
import { offlineEvents } from '../offline-events.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aPost, aUser, aged, signIn } from '../test/factories.ts';
import { createDecisions } from './decisions.service.ts';
import { createHides } from './hides.service.ts';
import { reportedCase as reportedOn } from './moderation.testkit.ts';

/**
 * A comment or reply hidden by the moderators (issue 47, ADR 0100), on SQLite or PostgreSQL: out of
 * readers' sight and count, seen by its writer labelled and told why and until when, its reporters
 * told; lifted by the clock or by hand, back in sight; each step audited.
 */
let t: TestApp;
let writer: Session;
let reader: Session;
let postId: number;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp({ config: { spam: defaultSpam } });
  const [first, second] = await Promise.all(['Writer', 'Reader'].map(async (name) => signIn(t.app, await aged(t.db, await aUser(t.db, { name })))));
  [writer, reader] = [first!, second!];
  postId = (await aPost(t.db, { userId: writer.id, title: 'On tides' })).id;
});
afterAll(() => t.close());

const call = (who: Session, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload: { user_id: who.id, ...payload }, headers: who.headers });
async function page(who?: Session) {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/post/details', payload: { post_id: postId }, ...(who ? { headers: who.headers } : {}) });
  return res.json().post as { comments_count: number; comments: Array<{ id: number; hidden?: string; replies: Array<{ id: number }> }> };
}
const messagesTo = async (userId: number) => (await t.db.selectFrom('notifications').select('message').where('user_id', '=', userId).orderBy('id').execute()).map((n) => n.message);
const decisions = () => createDecisions(t.db, t.config.publicUrl, offlineEvents());
const reportedCase = (kind: string, id: number) => reportedOn(t, reader, kind, id, 'harassment');

describe('a comment hidden by the moderators', () => {
  it('leaves readers’ sight and count, stays with its writer labelled, who is told why and until when; the clock brings it back', async () => {
    const rude = await signIn(t.app, await aged(t.db, await aUser(t.db, { name: 'Rude' })));
    const id = (await call(rude, 'comment', { post_id: postId, comments: 'You are all fools.' })).json().id as number;
    const count = (await page()).comments_count;
    const caseId = await reportedCase('comment', id);

    await expect(decisions().decide(caseId, 'hide', '', 'command line')).rejects.toThrow(/needs a note/);
    const done = await decisions().decide(caseId, 'hide', 'Name-calling.', 'command line', { forMs: HOUR });
    expect(done).toMatchObject({ reporters: 1, hidden: { kind: 'comment', id, endsAt: expect.any(String) } });

    expect((await page()).comments.map((c) => c.id)).not.toContain(id);
    expect((await page(reader)).comments.map((c) => c.id)).not.toContain(id);
    expect((await page()).comments_count).toBe(count - 1);
    expect((await page(rude)).comments.find((c) => c.id === id)?.hidden).toBe('moderators');
    expect((await messagesTo(rude.id)).at(-1)).toMatch(/^The moderators hid your comment “You are all fools\.” from readers until .+: Name-calling\. Only you can still see it\.$/);
    expect((await messagesTo(reader.id)).at(-1)).toContain('it has been hidden from readers.');
    expect((await call(reader, 'replies', { post_id: postId, comment_id: id, reply: 'Steady on.' })).statusCode).toBe(404);
    const action = await t.db.selectFrom('moderation_actions').selectAll().where('case_id', '=', caseId).executeTakeFirstOrThrow();
    expect(action).toMatchObject({ kind: 'hide', subject_id: rude.id, target_kind: 'comment', target_id: id, reason: 'Name-calling.', lifted_at: null });
    expect((await readAudit(t.db, { limit: 2 })).map((l) => [l.action, l.case_id])).toEqual([
      ['writing.hide', caseId],
      ['case.decide', caseId],
    ]);

    const hides = createHides(t.db, offlineEvents(), t.config.publicUrl);
    expect(await hides.liftDue()).toBe(0);
    expect(await hides.liftDue(new Date(Date.parse(action.ends_at!) + 1000).toISOString())).toBe(1);
    expect((await page()).comments.map((c) => c.id)).toContain(id);
    expect((await page()).comments_count).toBe(count);
    expect((await messagesTo(rude.id)).at(-1)).toBe('The moderators no longer hide your comment “You are all fools.”: readers can see it again.');
    expect((await readAudit(t.db, { limit: 1 }))[0]).toMatchObject({ action: 'writing.unhide', actor: { name: 'the clock' }, case_id: caseId });
    await expect(hides.lift('comment', id, 'command line')).rejects.toThrow(/not hidden/);
  });

  it('a reply hidden until lifted by hand; a held one hidden comes into sight for the first time when lifted, told of then', async () => {
    const parent = (await call(reader, 'comment', { post_id: postId, comments: 'Spring tides are the best.' })).json().id as number;
    const replier = await signIn(t.app, await aged(t.db, await aUser(t.db, { name: 'Replier' })));
    const replyId = (await call(replier, 'replies', { post_id: postId, comment_id: parent, reply: 'Neap tides, surely.' })).json().id as number;
    const caseId = await reportedCase('reply', replyId);
    await decisions().decide(caseId, 'hide', 'Off topic.', 'command line');
    expect((await page()).comments.find((c) => c.id === parent)?.replies).toEqual([]);
    const hides = createHides(t.db, offlineEvents(), t.config.publicUrl);
    await hides.lift('reply', replyId, 'command line');
    expect((await page()).comments.find((c) => c.id === parent)?.replies.map((r) => r.id)).toEqual([replyId]);

    // A new account's first link, held, then hidden: nobody was ever told of it; lifting tells them.
    const newbie = await signIn(t.app, await aUser(t.db, { name: 'Newbie' }));
    const held = (await call(newbie, 'comment', { post_id: postId, comments: 'Tide tables at https://tides.example' })).json();
    expect(held.held).toBe(true);
    const heldCase = (await t.db.selectFrom('cases').select('id').where('target_kind', '=', 'comment').where('target_id', '=', held.id).executeTakeFirstOrThrow()).id;
    const count = (await page()).comments_count;
    const toldBefore = (await messagesTo(writer.id)).length;
    await decisions().decide(heldCase, 'hide', 'Looks like advertising.', 'command line');
    expect((await page(newbie)).comments.find((c) => c.id === held.id)?.hidden).toBe('moderators');
    expect((await page()).comments_count).toBe(count);
    await hides.lift('comment', held.id, 'command line');
    expect((await page()).comments.map((c) => c.id)).toContain(held.id);
    expect((await page()).comments_count).toBe(count + 1);
    expect((await messagesTo(writer.id)).length).toBe(toldBefore + 1);
  });

  it('is for comments and replies only, once at a time', async () => {
    const caseId = await reportedCase('post', postId);
    await expect(decisions().decide(caseId, 'hide', 'No.', 'command line')).rejects.toThrow(/Only a comment or a reply can be hidden/);
    expect((await t.db.selectFrom('cases').select('status').where('id', '=', caseId).executeTakeFirstOrThrow()).status).toBe('open');
  });

  it('is kept with migration 0068 (what an action acts on), which goes with its down', async () => {
    await expectColumnRoundTrip('0067_held_writings', 'moderation_actions', 'target_kind');
  });
});
