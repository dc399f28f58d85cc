import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_RECEIVED } from '@inkwell/contract';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aUser, signIn } from '../test/factories.ts';
import { multipart } from '../storage/testing.ts';

let t: TestApp;
let member: Session;
beforeAll(async () => {
  t = await buildTestApp();
  member = await signIn(t.app, await aUser(t.db));
});
afterAll(() => t.close());

const requests = () => t.db.selectFrom('help_requests').selectAll().orderBy('id').execute();

describe('POST /api/user/help', () => {
  it('stores the signed-in user’s request, trimmed, as JSON or as a form', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/help', payload: { user_id: member.id, message: '  I cannot upload a cover.  ' }, headers: member.headers });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: HELP_RECEIVED });
    const form = multipart({ user_id: member.id, message: 'Sent as a form' });
    const asForm = await t.app.inject({ method: 'POST', url: '/api/user/help', payload: form.payload, headers: { ...member.headers, ...form.headers } });
    expect(asForm.statusCode).toBe(201);
    expect((await requests()).map((r) => [r.user_id, r.message, r.status])).toEqual([
      [member.id, 'I cannot upload a cover.', 'open'],
      [member.id, 'Sent as a form', 'open'],
    ]);
  });

  it('refuses visitors (401), someone else’s user_id (403), an empty or too long message (422)', async () => {
    const before = (await requests()).length;
    expect((await t.app.inject({ method: 'POST', url: '/api/user/help', payload: { user_id: member.id, message: 'x' } })).statusCode).toBe(401);
    const other = await aUser(t.db);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/help', payload: { user_id: other.id, message: 'x' }, headers: member.headers })).statusCode).toBe(403);
    const empty = await t.app.inject({ method: 'POST', url: '/api/user/help', payload: { user_id: member.id, message: '   ' }, headers: member.headers });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.message[0]).toBe('The message field is required.');
    const long = await t.app.inject({ method: 'POST', url: '/api/user/help', payload: { user_id: member.id, message: 'x'.repeat(5001) }, headers: member.headers });
    expect(long.statusCode).toBe(422);
    expect((await requests()).length).toBe(before);
  });
});
