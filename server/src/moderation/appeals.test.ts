import { APPEAL_CLOSED, APPEAL_INVALID_LINK, APPEAL_MADE_ALREADY, APPEAL_RECEIVED } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../audit/audit.ts';
import { expectColumnRoundTrip, expectMigrationRoundTrip } from '../federation/federation.testkit.ts';
import { offlineEvents } from '../offline-events.ts';
import { type TestApp, buildRenderingTestApp } from '../test/app.ts';
import { PASSWORD, type Session, aPost, aUser, aged, signIn } from '../test/factories.ts';
import { linkFromMail } from '../test/smtp.ts';
import { createAppeals } from './appeals.service.ts';
import { createDecisions } from './decisions.service.ts';
import { reportedCase } from './moderation.testkit.ts';
import { parseDuration } from './suspensions.service.ts';

/**
 * Appeals (issue 47, ADR 0103) on SQLite or PostgreSQL: each statement mail carries a link to appeal
 * its action, which works without a session (a suspended member cannot sign in), once, within 20 days;
 * a moderator upholds (lifted), turns down or changes it (a new end), with reasons the appellant is
 * told in the app and by mail, audited; a forged or old link sees nothing.
 */
let t: TestApp;
const PUBLIC_URL = 'http://inkwell.test';
let writer: Session;
let reader: Session;
let postId: number;

beforeAll(async () => {
  t = await buildRenderingTestApp({ publicUrl: PUBLIC_URL });
  const [first, second] = await Promise.all(['Writer', 'Reader'].map(async (name) => signIn(t.app, await aged(t.db, await aUser(t.db, { name })))));
  [writer, reader] = [first!, second!];
  postId = (await aPost(t.db, { userId: writer.id, title: 'On appeals' })).id;
});
afterAll(() => t?.close());

const call = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload, headers });
const mailsTo = async (to: string) => {
  await t.app.outbox.drain();
  return t.sent.filter((m) => m.to === to);
};
const decisions = () => createDecisions(t.db, PUBLIC_URL, offlineEvents());
const appeals = () => createAppeals(t.db, PUBLIC_URL, offlineEvents());
/** The token of the appeal link in the latest mail to `to` with this subject. */
async function appealToken(to: string, subject: RegExp): Promise<string> {
  const mail = (await mailsTo(to)).filter((m) => subject.test(m.subject)).at(-1);
  expect(mail, `a mail to ${to} about ${subject}`).toBeDefined();
  const link = new URL(linkFromMail(mail!.text)!);
  expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/appeal`);
  return link.searchParams.get('token')!;
}
const appealId = async (token: string) => {
  const row = await t.db.selectFrom('appeals').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  expect((await call('appeal/statement', { token })).json().appeal).not.toBeNull();
  return row.id;
};

describe('an appeal of a suspension', () => {
  it('is made from the link in the statement, without signing in, once; upheld, the account is back and told why', async () => {
    const member = await aUser(t.db, { name: 'Sam Suspended' });
    const caseId = await reportedCase(t, reader, 'account', member.id);
    await decisions().decide(caseId, 'suspend', 'Selling pills in every comment.', 'command line', { forMs: parseDuration('2w')! });
    const token = await appealToken(member.email, /suspended/);

    // The page's call: the statement, no appeal yet, and until when one can be made.
    const statement = await call('appeal/statement', { token });
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json()).toMatchObject({ action: { kind: 'suspend', what: 'your account', reason: 'Selling pills in every comment.', lifted_at: null }, appeal: null });
    expect(Date.parse(statement.json().window_ends_at) - Date.now()).toBeGreaterThan(19.9 * 86_400_000);
    // A forged token sees nothing.
    expect((await call('appeal/statement', { token: `${token}x` })).json()).toMatchObject({ errors: { token: [APPEAL_INVALID_LINK] } });
    expect((await call('appeal', { token: 'forged', text: 'Let me back.' })).statusCode).toBe(422);

    // Signed in it cannot be (suspended); the link needs no session.
    expect((await call('login', { email: member.email, password: PASSWORD })).statusCode).toBe(403);
    const made = await call('appeal', { token, text: 'I sold nothing: those were links to my own shop’s blog.' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ message: APPEAL_RECEIVED, appeal: { status: 'open', reply: null } });
    const again = await call('appeal', { token, text: 'Again.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(APPEAL_MADE_ALREADY);
    const id = await appealId(token);
    expect((await appeals().list('open')).map((a) => a.id)).toContain(id);

    const done = await appeals().decide(id, { outcome: 'approve' }, 'Fair enough: the links were to your own writing.', 'command line');
    expect(done.status).toBe('approved');
    expect((await call('login', { email: member.email, password: PASSWORD })).statusCode).toBe(200);
    const mails = await mailsTo(member.email);
    expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining(['Your Inkwell account is back', 'The moderators answered your appeal']));
    const answered = mails.find((m) => m.subject === 'The moderators answered your appeal')!;
    expect(answered.text).toContain('Your appeal was upheld: the action is lifted.');
    expect(answered.text).toContain('Their reasons: Fair enough: the links were to your own writing.');
    // Its fresh link shows the answer; the first link no longer works.
    const fresh = new URL(linkFromMail(answered.text)!).searchParams.get('token')!;
    expect((await call('appeal/statement', { token: fresh })).json()).toMatchObject({
      appeal: { status: 'approved', reply: 'Fair enough: the links were to your own writing.' },
      action: { lifted_at: expect.any(String) },
    });
    expect((await call('appeal/statement', { token })).statusCode).toBe(422);

    const [line] = await readAudit(t.db, { limit: 1, actions: ['appeal.decide'] });
    expect(line).toMatchObject({ actor: { name: 'command line' }, target: { kind: 'appeal', id }, case_id: caseId, after: { status: 'approved' } });
    await expect(appeals().decide(id, { outcome: 'reject' }, 'Changed my mind.', 'command line')).rejects.toThrow(`Appeal ${id} was answered already.`);
  });

  it('is refused after the window, and its form sent before the app starts keeps the words', async () => {
    const member = await aUser(t.db, { name: 'Late Larry' });
    const caseId = await reportedCase(t, reader, 'account', member.id);
    await decisions().decide(caseId, 'suspend', 'Abuse.', 'command line');
    const token = await appealToken(member.email, /suspended/);
    const form = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: '/appeal',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
        payload: new URLSearchParams({ token, text }).toString(),
      });
    const empty = await form('   ');
    expect(empty.statusCode).toBe(422);
    expect(empty.body).toContain('The text field is required.');

    await t.db
      .updateTable('moderation_actions')
      .set({ starts_at: new Date(Date.now() - 21 * 86_400_000).toISOString() })
      .where('subject_id', '=', member.id)
      .execute();
    const late = await form('Please reconsider: I was quoting someone.');
    expect(late.statusCode).toBe(422);
    expect(late.body).toContain(APPEAL_CLOSED);
    expect(late.body).toContain('Please reconsider: I was quoting someone.');
    expect(await t.db.selectFrom('appeals').select('id').where('appellant_id', '=', member.id).execute()).toEqual([]);
  });

  it('sent before the app starts, lands and the page shows it', async () => {
    const member = await aUser(t.db, { name: 'Early Erin' });
    const caseId = await reportedCase(t, reader, 'account', member.id);
    await decisions().decide(caseId, 'suspend', 'Spam.', 'command line');
    const token = await appealToken(member.email, /suspended/);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/appeal',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({ token, text: 'It was not spam.' }).toString(),
    });
    expect(sent.statusCode, sent.body).toBe(303);
    expect(sent.headers.location).toBe(`/appeal?token=${encodeURIComponent(token)}`);
    const page = await t.app.inject({ method: 'GET', url: sent.headers.location! });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('It was not spam.');
  });
});

describe('an appeal of a hide or a stop of comments', () => {
  it('turned down leaves the hide; changed gives the stop a new end, or lifts it when that end has passed', async () => {
    const rudeUser = await aged(t.db, await aUser(t.db, { name: 'Rude Rita' }));
    const rude = await signIn(t.app, rudeUser);
    const commentId = (await call('comment', { user_id: rude.id, post_id: postId, comments: 'Nobody reads this drivel.' }, rude.headers)).json().id as number;
    await decisions().decide(await reportedCase(t, reader, 'comment', commentId), 'hide', 'Insults are not criticism.', 'command line', { forMs: parseDuration('3d')! });
    const hideToken = await appealToken(rudeUser.email, /hid something you wrote/);
    const hideMail = (await mailsTo(rudeUser.email)).find((m) => /hid something/.test(m.subject))!;
    expect(hideMail.text).toContain('have hidden your comment “Nobody reads this drivel.” from readers until');
    expect(hideMail.text).toContain('Their reasons: Insults are not criticism.');
    expect((await call('appeal/statement', { token: hideToken })).json().action).toMatchObject({ kind: 'hide', what: 'your comment “Nobody reads this drivel.”' });
    expect((await call('appeal', { token: hideToken, text: 'It was a joke.' })).statusCode).toBe(201);
    await appeals().decide(await appealId(hideToken), { outcome: 'reject' }, 'It reads as an insult.', 'command line');
    const hidden = await t.db.selectFrom('comments').select('hidden').where('id', '=', commentId).executeTakeFirstOrThrow();
    expect(hidden.hidden).toBe('moderators');
    expect((await mailsTo(rudeUser.email)).at(-1)!.text).toContain('Your appeal was turned down: the action stays.');

    await decisions().decide(await reportedCase(t, reader, 'account', rude.id), 'no-comments', 'Three insults this week.', 'command line', { forMs: parseDuration('2w')! });
    const stopToken = await appealToken(rudeUser.email, /stopped your comments/);
    expect((await call('appeal', { token: stopToken, text: 'Two weeks is long.' })).statusCode).toBe(201);
    const stopAppeal = await appealId(stopToken);
    const changed = await appeals().decide(stopAppeal, { outcome: 'change', forMs: parseDuration('3d')! }, 'Three days, then.', 'command line');
    expect(changed.status).toBe('changed');
    expect(Date.parse(changed.endsAt!) - Date.now()).toBeLessThan(3 * 86_400_000 + 60_000);
    expect((await call('comment', { user_id: rude.id, post_id: postId, comments: 'Still stopped?' }, rude.headers)).statusCode).toBe(403);
    expect((await mailsTo(rudeUser.email)).at(-1)!.text).toMatch(/now ends \d{1,2} \w+ \d{4}, \d\d:\d\d UTC/);
  });

  it('changed to an end already past lifts the action at once', async () => {
    const loudUser = await aged(t.db, await aUser(t.db, { name: 'Loud Lou' }));
    const loud = await signIn(t.app, loudUser);
    await decisions().decide(await reportedCase(t, reader, 'account', loud.id), 'no-comments', 'Shouting.', 'command line');
    const token = await appealToken(loudUser.email, /stopped your comments/);
    expect((await call('appeal', { token, text: 'I have calmed down.' })).statusCode).toBe(201);
    await t.db
      .updateTable('moderation_actions')
      .set({ starts_at: new Date(Date.now() - 2 * 86_400_000).toISOString() })
      .where('subject_id', '=', loud.id)
      .execute();
    await appeals().decide(await appealId(token), { outcome: 'change', forMs: parseDuration('1d')! }, 'A day was enough.', 'command line');
    expect((await call('comment', { user_id: loud.id, post_id: postId, comments: 'Thank you.' }, loud.headers)).statusCode).toBe(200);
    expect((await mailsTo(loudUser.email)).at(-1)!.text).toContain('now has ended');
    // An appeal goes with its appellant's account.
    expect(await t.db.selectFrom('appeals').select('id').where('appellant_id', '=', loudUser.id).execute()).toHaveLength(1);
    await t.db.deleteFrom('users').where('id', '=', loudUser.id).execute();
    expect(await t.db.selectFrom('appeals').select('id').where('appellant_id', '=', loudUser.id).execute()).toEqual([]);
  });

  it('needs reasons, and is kept by migration 0071 both ways', async () => {
    await expect(appeals().decide(999_999, { outcome: 'reject' }, '  ', 'command line')).rejects.toThrow(/needs its reasons/);
    await expect(appeals().decide(999_999, { outcome: 'reject' }, 'No.', 'command line')).rejects.toThrow('There is no appeal 999999.');
    await expectMigrationRoundTrip('0070_statement_presets', 'appeals', ['appeals']);
    await expectColumnRoundTrip('0070_statement_presets', 'moderation_actions', 'appeal_token');
  });
});
