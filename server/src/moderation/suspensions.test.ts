import { ACCOUNT_SUSPENDED, TEXT, encodeId } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../audit/audit.ts';
import { nowIso } from '../db/database.ts';
import { type TestApp, buildRenderingTestApp } from '../test/app.ts';
import { PASSWORD, type Session, aPost, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';
import { linkFromMail } from '../test/smtp.ts';
import { expectMigrationRoundTrip } from '../federation/federation.testkit.ts';
import { createDecisions } from './decisions.service.ts';
import { offlineEvents } from '../offline-events.ts';
import { createSuspensions, parseDuration } from './suspensions.service.ts';

/**
 * Suspensions (issue 47, ADR 0096) on SQLite or PostgreSQL as INKWELL_TEST_DB says: out of sight as a
 * deactivated account is, signed out, every way in refused with the reasons, 410 where it was, lifted by
 * the clock or by hand, each with its audit row and its mail.
 */
let t: TestApp;
const PUBLIC_URL = 'http://inkwell.test';
let suspensions: ReturnType<typeof createSuspensions>;

beforeAll(async () => {
  t = await buildRenderingTestApp({ publicUrl: PUBLIC_URL });
  suspensions = createSuspensions(t.db, PUBLIC_URL);
});
afterAll(() => t?.close());

const call = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: `/api/user/${url}`, payload, headers });
const login = (email: string) => call('login', { email, password: PASSWORD });
const profile = (id: number) => call('get-profile-data', { id });
const post = (id: number) => call('post/details', { post_id: id });
const mailsTo = async (to: string) => {
  await t.app.outbox.drain();
  return t.sent.filter((m) => m.to === to);
};
const latestIds = async () => ((await call('view-posts', {})).json().data as Array<{ id: number }>).map((p) => p.id);

async function aWriter(name: string): Promise<{ session: Session; postId: number; email: string }> {
  const user = await aUser(t.db, { name });
  const session = await signIn(t.app, user);
  const postId = (await aPost(t.db, { userId: user.id, title: `${name}’s story` })).id;
  return { session, postId, email: user.email };
}

describe('a suspension', () => {
  it('takes the member out of sight and out, with the reasons, until the clock lifts it', async () => {
    const { session, postId, email } = await aWriter('Sam Spammer');
    expect(await latestIds()).toContain(postId);
    const { endsAt } = await suspensions.suspend(session.id, { forMs: parseDuration('3d'), reason: 'Advertising in every comment.', by: 'command line' });
    expect(Date.parse(endsAt!) - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);

    // Signed out; a sign-in refused with the reasons and the end.
    expect((await call('profile', { id: session.id }, session.headers)).statusCode).toBe(401);
    const refused = await login(email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Your account is suspended until \d{1,2} \w+ \d{4}, \d\d:\d\d UTC\. Their reasons: Advertising in every comment\.$/);
    expect(refused.json().errors.account).toEqual([refused.json().message]);
    // The login form sent before the app runs shows it on the form, not as "not verified".
    const form = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({ email, password: PASSWORD }).toString(),
    });
    expect(form.statusCode).toBe(403);
    expect(form.body).toContain('Their reasons: Advertising in every comment.');
    expect(form.headers['set-cookie']).toBeUndefined();

    // Gone from what others read; its profile and story answer 410, as API and as pages.
    expect(await latestIds()).not.toContain(postId);
    for (const res of [await profile(session.id), await post(postId)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe(ACCOUNT_SUSPENDED);
    }
    for (const url of [`/view-profile/${encodeId(session.id)}`, `/view-post/${encodeId(postId)}`]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(410);
      expect(page.body).toContain('Account suspended');
    }

    // Told by mail, with the reasons and the end; written to the audit log.
    const [told] = await mailsTo(email);
    expect(told).toMatchObject({ subject: 'Your Inkwell account is suspended' });
    expect(told!.text).toContain('Their reasons: Advertising in every comment.');
    expect(told!.text).toMatch(/suspended your account until \d{1,2} \w+ \d{4}, \d\d:\d\d UTC\./);
    const [line] = await readAudit(t.db, { limit: 1, actions: ['account.suspend'] });
    expect(line).toMatchObject({
      actor: { id: null, name: 'command line' },
      target: { kind: 'account', id: session.id, label: 'Sam Spammer' },
      after: { reason: 'Advertising in every comment.', ends_at: endsAt },
    });

    // A second one is refused while this one lasts; nothing is lifted before its end.
    await expect(suspensions.suspend(session.id, { reason: 'Again', by: 'command line' })).rejects.toThrow(/suspended already/);
    expect(await suspensions.liftDue()).toBe(0);

    // The clock, once its end has come: back in sight, in again, told.
    expect(await suspensions.liftDue(new Date(Date.parse(endsAt!) + 1000).toISOString())).toBe(1);
    expect(await suspensions.liftDue(new Date(Date.parse(endsAt!) + 2000).toISOString())).toBe(0);
    expect((await login(email)).statusCode).toBe(200);
    expect((await profile(session.id)).statusCode).toBe(200);
    expect(await latestIds()).toContain(postId);
    const back = (await mailsTo(email)).at(-1)!;
    expect(back.subject).toBe('Your Inkwell account is back');
    expect(linkFromMail(back.text)).toBe(`${PUBLIC_URL}/login`);
    const [lifted] = await readAudit(t.db, { limit: 1, actions: ['account.unsuspend'] });
    expect(lifted).toMatchObject({ actor: { id: null, name: 'the clock' }, target: { id: session.id } });
  });

  it('refuses a reset link while it lasts (which would sign in), and is lifted by hand', async () => {
    const { session, email } = await aWriter('Rhea Reset');
    await suspensions.suspend(session.id, { reason: 'Threats.', by: { id: session.id, name: 'Mo Derator' } });
    expect((await call('forgot-password', { email })).statusCode).toBe(200);
    const link = (await mailsTo(email)).find((m) => /reset/i.test(m.subject));
    const token = new URL(linkFromMail(link!.text)!).searchParams.get('token')!;
    const reset = await call('reset-password', { token, password: 'Fresh#2026', password_confirmation: 'Fresh#2026' });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().message).toBe('Your account is suspended until the moderators lift it. Their reasons: Threats.');
    expect((await t.db.selectFrom('users').select('deactivated_at').where('id', '=', session.id).executeTakeFirstOrThrow()).deactivated_at).not.toBeNull();

    await suspensions.lift(session.id, 'command line');
    await expect(suspensions.lift(session.id, 'command line')).rejects.toThrow(/not suspended/);
    expect((await login(email)).statusCode).toBe(200);
  });

  it('leaves a member who had deactivated their account deactivated when it ends', async () => {
    const { session, email } = await aWriter('Dee Activated');
    expect((await call('deactivate', { user_id: session.id, current_password: PASSWORD }, session.headers)).statusCode).toBe(200);
    await suspensions.suspend(session.id, { forMs: parseDuration('1h'), reason: 'Spam.', by: 'command line' });
    await suspensions.lift(session.id, 'command line');
    expect((await t.db.selectFrom('users').select('deactivated_at').where('id', '=', session.id).executeTakeFirstOrThrow()).deactivated_at).not.toBeNull();
    // Signing in brings it back, as it did before.
    const back = await login(email);
    expect(back.statusCode).toBe(200);
    expect(back.json().message).toBe(TEXT.accountReactivated);
  });

  it('needs reasons, a member of this server, and a duration it can read', async () => {
    const { session } = await aWriter('Nora Reasons');
    await expect(suspensions.suspend(session.id, { reason: '  ', by: 'command line' })).rejects.toThrow(/needs its reasons/);
    const elsewhere = await anAccountElsewhere(t.db, 'Far Away');
    await expect(suspensions.suspend(elsewhere.id, { reason: 'Spam.', by: 'command line' })).rejects.toThrow(/Only a member of this server/);
    expect(['30m', '12h', '3d', '2w'].map(parseDuration)).toEqual([1_800_000, 43_200_000, 259_200_000, 1_209_600_000]);
    for (const bad of ['', '3', 'd', '0d', '-1d', '3y', '1.5h', '99999w']) expect(parseDuration(bad), bad).toBeUndefined();
  });

  it('decides a case: its member suspended, its reporters told', async () => {
    const { session, postId } = await aWriter('Case Subject');
    const reader = await signIn(t.app, await aUser(t.db, { name: 'Case Reader' }));
    const made = await call('report', { user_id: reader.id, kind: 'post', target_id: postId, category: 'spam' }, reader.headers);
    expect(made.statusCode, made.body).toBe(201);
    const caseId = (await t.db.selectFrom('reports').select('case_id').where('id', '=', made.json().report_id).executeTakeFirstOrThrow()).case_id;
    const decisions = createDecisions(t.db, PUBLIC_URL, offlineEvents());
    await expect(decisions.decide(caseId, 'note', 'x', 'command line', { forMs: 60_000 })).rejects.toThrow(/Only a hide, a stop of comments, a limit or a suspension has an end/);
    await expect(decisions.decide(caseId, 'suspend', '', 'command line')).rejects.toThrow(/needs a note/);
    const done = await decisions.decide(caseId, 'suspend', 'Spam, again and again.', 'command line', { forMs: parseDuration('2w')! });
    expect(done).toMatchObject({ reporters: 1, warned: null, suspended: { id: session.id } });
    const action = await t.db.selectFrom('moderation_actions').selectAll().where('subject_id', '=', session.id).executeTakeFirstOrThrow();
    expect(action).toMatchObject({ kind: 'suspend', case_id: caseId, reason: 'Spam, again and again.', lifted_at: null });
    const notice = await t.db.selectFrom('notifications').select('message').where('user_id', '=', reader.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(notice.message).toContain('its author has been suspended.');
    expect((await post(postId)).statusCode).toBe(410);
    // The audit log has the decision and the suspension, both of the case.
    expect((await readAudit(t.db, { limit: 2 })).map((l) => [l.action, l.case_id])).toEqual([
      ['account.suspend', caseId],
      ['case.decide', caseId],
    ]);
    expect(nowIso() < action.ends_at!).toBe(true);
  });

  it('is kept with migration 0065 (moderation_actions), which goes with its down', async () => {
    await expectMigrationRoundTrip('0064_reports_from_elsewhere', 'moderation_', ['moderation_actions']);
  });
});
