import { APPEAL_NOT_YOURS, APPEAL_OUTCOMES, STAFF_ONLY } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../audit/audit.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';
import { linkFromMail } from '../test/smtp.ts';
import { reportedCase } from './moderation.testkit.ts';
import { createRolesService } from './roles.service.ts';

/**
 * Appeals in the console (issue 47, ADR 0106) on SQLite or PostgreSQL: staff who manage appeals list
 * them with the action each is about and answer with reasons, under their own names in the audit log;
 * with APPEAL_OTHER_MODERATOR on, whoever took the action cannot answer its appeal.
 */
let t: TestApp;
let mo: Session;
let max: Session;
let reader: Session;
let member: { id: number; email: string };
let appealId: number;

const api = (url: string, payload: object, who: Session, query = '') => t.app.inject({ method: 'POST', url: `/api/mod/${url}${query}`, payload, headers: who.headers });
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp({ config: { appealOtherModerator: true, publicUrl: 'http://inkwell.test' } });
  const roles = createRolesService(t.db);
  const staff = await Promise.all(
    ['Mo Derator', 'Max Imum'].map(async (name) => {
      const user = await aUser(t.db, { name });
      await roles.grant('command line', 'moderator', user.email);
      return signIn(t.app, user);
    }),
  );
  [mo, max] = [staff[0]!, staff[1]!];
  reader = await signIn(t.app, await aUser(t.db, { name: 'Rae Reader' }));
  member = await aUser(t.db, { name: 'Sam Suspended' });
  // Mo suspends the member from the console for a week; the member appeals from the statement's link.
  const caseId = await reportedCase(t, reader, 'account', member.id);
  const decided = await api('cases/resolve', { ids: [caseId], decision: 'suspend', for: '7d', note: 'Selling pills in every comment.' }, mo);
  expect(decided.statusCode, decided.body).toBe(200);
  await t.app.outbox.drain();
  const mail = t.sent.filter((m) => m.to === member.email && /suspended/.test(m.subject)).at(-1)!;
  const token = new URL(linkFromMail(mail.text)!).searchParams.get('token')!;
  const made = await t.app.inject({ method: 'POST', url: '/api/user/appeal', payload: { token, text: 'Those were links to my own blog.' } });
  expect(made.statusCode, made.body).toBe(201);
  appealId = (await t.db.selectFrom('appeals').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
});
afterAll(() => t?.close());

describe('appeals in the console', () => {
  it('are for staff who manage appeals: a member gets 403 in one wording, to the list and the answer alike', async () => {
    for (const [url, body] of [
      ['appeals', {}],
      ['appeals/answer', { id: appealId, answer: 'approve', reply: 'Fine.' }],
    ] as const) {
      const refused = await api(url, body, reader);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(STAFF_ONLY);
    }
    expect((await t.db.selectFrom('appeals').select('status').where('id', '=', appealId).executeTakeFirstOrThrow()).status).toBe('open');
  });

  it('lists the open ones oldest first with the action, who took it, and whether this moderator may answer', async () => {
    const seenByMo = (await api('appeals', {}, mo)).json();
    expect(seenByMo.open_count).toBe(1);
    expect(seenByMo.appeals).toHaveLength(1);
    expect(seenByMo.appeals[0]).toMatchObject({
      id: appealId,
      status: 'open',
      text: 'Those were links to my own blog.',
      decided_by: null,
      appellant: { id: member.id, name: 'Sam Suspended', address: member.email },
      action: { kind: 'suspend', what: 'their account', reason: expect.stringContaining('Selling pills'), lifted_at: null, taken_by: 'Mo Derator' },
      may_answer: false,
      why_not: APPEAL_NOT_YOURS,
    });
    const seenByMax = (await api('appeals', {}, max)).json();
    expect(seenByMax.appeals[0]).toMatchObject({ may_answer: true, why_not: null });
    expect((await api('appeals', { status: 'answered' }, max)).json().appeals).toEqual([]);
    expect((await api('appeals', { status: 'closed' }, max)).statusCode).toBe(422);
  });

  it('refuses the moderator who took the action, an answer without reasons, a change without a length, and an appeal that is not there', async () => {
    const own = await api('appeals/answer', { id: appealId, answer: 'approve', reply: 'I was wrong.' }, mo);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(APPEAL_NOT_YOURS);
    const bare = await api('appeals/answer', { id: appealId, answer: 'reject', reply: '   ' }, max);
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors.reply).toBeDefined();
    const noLength = await api('appeals/answer', { id: appealId, answer: 'change', reply: 'A day is enough.' }, max);
    expect(noLength.statusCode).toBe(422);
    expect(noLength.json().errors.for).toBeDefined();
    expect((await api('appeals/answer', { id: 987_654, answer: 'reject', reply: 'No.' }, max)).statusCode).toBe(404);
    expect((await t.db.selectFrom('appeals').select('status').where('id', '=', appealId).executeTakeFirstOrThrow()).status).toBe('open');
  });

  it('takes another moderator’s change: the new end from the action’s start, audited under their name, told to the appellant, once', async () => {
    const action = await t.db.selectFrom('moderation_actions').select(['starts_at', 'ends_at']).where('subject_id', '=', member.id).executeTakeFirstOrThrow();
    const done = await api('appeals/answer', { id: appealId, answer: 'change', for: '3d', reply: 'Three days is enough for a first time.' }, max);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ message: `Appeal ${appealId} answered: the action was changed.`, status: 'changed' });
    expect(Date.parse(done.json().ends_at) - Date.parse(action.starts_at)).toBe(3 * DAY);
    const after = await t.db.selectFrom('moderation_actions').select(['ends_at', 'lifted_at']).where('subject_id', '=', member.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ ends_at: done.json().ends_at, lifted_at: null });

    const [row] = await readAudit(t.db, { actions: ['appeal.decide'], limit: 1 });
    expect(row).toMatchObject({ actor: { id: max.id, name: 'Max Imum' }, after: { status: 'changed', reply: 'Three days is enough for a first time.' } });
    const told = await t.db.selectFrom('notifications').select('message').where('user_id', '=', member.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(told.message).toBe(`${APPEAL_OUTCOMES.changed} Three days is enough for a first time.`);

    const again = await api('appeals/answer', { id: appealId, answer: 'approve', reply: 'On second thought.' }, max);
    expect(again.statusCode).toBe(409);
    const answered = (await api('appeals', { status: 'answered' }, mo)).json();
    expect(answered.open_count).toBe(0);
    expect(answered.appeals[0]).toMatchObject({
      id: appealId,
      status: 'changed',
      decided_by: 'Max Imum',
      reply: 'Three days is enough for a first time.',
      may_answer: false,
      why_not: `Appeal ${appealId} was answered already.`,
    });
    expect((await api('appeals', {}, mo)).json().appeals).toEqual([]);
  });
});
