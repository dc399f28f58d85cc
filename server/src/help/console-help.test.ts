import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../audit/audit.ts';
import { createRolesService } from '../moderation/roles.service.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';
import { expectColumnRoundTrip } from '../federation/federation.testkit.ts';
import { createHelpService } from './help.service.ts';

/**
 * The members' help requests in the console (issue 47, ADR 0110) on SQLite or PostgreSQL: staff who
 * manage users list them and answer in place, under their own names in the audit log and on the
 * request; the member reads the answer under Help; the command line's answers are audited too.
 */
let t: TestApp;
let mo: Session;
let asker: Session;

const api = (url: string, payload: object, who: Session = mo, query = '') => t.app.inject({ method: 'POST', url: `/api/mod/${url}${query}`, payload, headers: who.headers });
const ask = async (message: string, who: Session = asker) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/help', payload: { user_id: who.id, message }, headers: who.headers });
  expect(res.statusCode, res.body).toBe(201);
  return (await t.db.selectFrom('help_requests').select('id').where('message', '=', message).executeTakeFirstOrThrow()).id;
};

beforeAll(async () => {
  t = await buildTestApp();
  const user = await aUser(t.db, { name: 'Mo Derator' });
  await createRolesService(t.db).grant('command line', 'moderator', user.email);
  mo = await signIn(t.app, user);
  asker = await signIn(t.app, await aUser(t.db, { name: 'Ada Asks', email: 'ada.asks@example.com' }));
});
afterAll(() => t?.close());

describe('help requests in the console', () => {
  it('lists the open ones oldest first with who asked, answers one under the moderator’s name, and the member reads it', async () => {
    const first = await ask('My cover does not upload.');
    const second = await ask('How do I change my username?');
    const open = await api('help', {});
    expect(open.statusCode, open.body).toBe(200);
    const page = open.json();
    expect(page.open_count).toBe(2);
    expect(page.requests.map((r: { id: number }) => r.id)).toEqual([first, second]);
    expect(page.requests[0]).toMatchObject({
      status: 'open',
      message: 'My cover does not upload.',
      answer: null,
      answered_by: null,
      member: { id: asker.id, name: 'Ada Asks', address: 'ada.asks@example.com' },
    });

    const done = await api('help/answer', { id: first, answer: '  Covers must be JPEG, PNG or WebP under 10 MB.  ' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(`Help request ${first} answered: the member reads it under Help in their notifications.`);
    const answered = (await api('help', { status: 'answered' })).json();
    expect(answered.requests[0]).toMatchObject({ id: first, status: 'answered', answer: 'Covers must be JPEG, PNG or WebP under 10 MB.', answered_by: 'Mo Derator' });
    expect((await api('help', {})).json()).toMatchObject({ open_count: 1, requests: [{ id: second }] });
    const [row] = await readAudit(t.db, { actions: ['help.answer'], limit: 50 });
    expect(row).toMatchObject({
      actor: { id: mo.id, name: 'Mo Derator' },
      target: { kind: 'help request', id: first },
      after: { answer: 'Covers must be JPEG, PNG or WebP under 10 MB.' },
    });
    const notices = await t.app.inject({ method: 'POST', url: '/api/user/notifications', payload: { user_id: asker.id }, headers: asker.headers });
    expect(notices.json().notifications[0].message).toBe('We answered your help request: Covers must be JPEG, PNG or WebP under 10 MB.');
  });

  it('refuses an answer to one answered already (409), to none (404), and an empty one (422 on the answer)', async () => {
    const id = await ask('Where are my drafts?');
    expect((await api('help/answer', { id, answer: 'Under Write.' })).statusCode).toBe(200);
    const again = await api('help/answer', { id, answer: 'Under Write, really.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Help request ${id} was already answered.`);
    expect((await api('help/answer', { id: 987_654_321, answer: 'Hello.' })).statusCode).toBe(404);
    const empty = await api('help/answer', { id: await ask('Anyone?'), answer: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.answer[0]).toBe('Write the answer: it is what the member reads.');
  });

  it('pages by cursor, and audits an answer from the command line as the command line’s', async () => {
    const id = await ask('Paging, please.');
    const all = (await api('help', {})).json().requests as Array<{ id: number }>;
    const after = (await api('help', {}, mo, `?cursor=${all[0]!.id}`)).json().requests as Array<{ id: number }>;
    expect(after.map((r) => r.id)).toEqual(all.slice(1).map((r) => r.id));
    await createHelpService(t.db).answer(id, 'Answered at the shell.');
    const rows = await readAudit(t.db, { actions: ['help.answer'], limit: 50 });
    expect(rows.find((r) => r.target.id === id)).toMatchObject({ actor: { id: null, name: 'command line' } });
    expect((await api('help', { status: 'answered' })).json().requests[0]).toMatchObject({ id, answered_by: 'command line' });
  });

  it('is kept with migration 0075 (help_requests.answered_by), which goes with its down', () => expectColumnRoundTrip('0074_server_policies', 'help_requests', 'answered_by'));
});
