import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/app.ts';
import { type Session, aPost, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';
import { moderationCast, reportedCase } from './moderation.testkit.ts';
import { createRolesService } from './roles.service.ts';

/** One account in the console (issue 47): a member or an account elsewhere alike, what is in force on it, its past, its server. */
let t: TestApp;
let writer: Session;
let reader: Session;
let another: Session;
let moderator: Session;
beforeAll(async () => {
  ({ t, writer, reader, another } = await moderationCast());
  const user = await aUser(t.db, { name: 'Mo Derator' });
  await createRolesService(t.db).grant('command line', 'moderator', user.email);
  moderator = await signIn(t.app, user);
});
afterAll(() => t.close());

const account = (id: number, who: Session | null = moderator) =>
  t.app.inject({ method: 'POST', url: '/api/mod/account', payload: { id }, ...(who ? { headers: who.headers } : {}) });
const resolve = async (ids: number[], decision: string, more: Record<string, unknown> = {}) => {
  const done = await t.app.inject({ method: 'POST', url: '/api/mod/cases/resolve', payload: { ids, decision, ...more }, headers: moderator.headers });
  expect(done.statusCode, done.body).toBe(200);
};

describe('an account in the console', () => {
  it('shows a member: who, what is in force now, what ended, the cases about them and how their own reports fared', async () => {
    await aPost(t.db, { userId: writer.id, title: 'One story' });
    // Limited for three days (in force), warned once (ended at once: no end, nothing in force), and a case dismissed.
    await resolve([await reportedCase(t, reader, 'account', writer.id)], 'limit', { note: 'Follow-for-follow.', for: '3d' });
    await resolve([await reportedCase(t, another, 'account', writer.id, 'other')], 'none');
    // The writer's own report of someone, acted on.
    await resolve([await reportedCase(t, writer, 'account', another.id)], 'note', { note: 'Kept.' });

    const shown = await account(writer.id);
    expect(shown.statusCode, shown.body).toBe(200);
    const body = shown.json();
    expect(body.account).toMatchObject({ id: writer.id, name: 'Writer', elsewhere: false, role: null, posts: expect.any(Number), deactivated_at: null });
    expect(body.account.address).toContain('@');
    expect(body.account.href).toMatch(/^\/view-profile\//);
    expect(body.in_force.map((a: { kind: string }) => a.kind)).toEqual(['limit']);
    expect(body.history.actions).toEqual([]);
    expect(body.history.cases.map((c: { decision: string }) => c.decision)).toEqual(['none', 'limit']);
    expect(body.reports).toEqual({ reports: 1, upheld: 1 });
    expect(body.server).toBeNull();

    // Lifted: no longer in force, still in the history.
    await t.db.updateTable('moderation_actions').set({ lifted_at: new Date().toISOString() }).where('subject_id', '=', writer.id).execute();
    const after = (await account(writer.id)).json();
    expect(after.in_force).toEqual([]);
    expect(after.history.actions.map((a: { kind: string }) => a.kind)).toContain('limit');
  });

  it('shows an account elsewhere by its handle, its profile on its server, and its server’s standing', async () => {
    const far = await anAccountElsewhere(t.db, 'Far Writer');
    const body = (await account(far.id)).json();
    expect(body.account).toMatchObject({
      id: far.id,
      name: 'Far Writer',
      elsewhere: true,
      address: expect.stringMatching(/^@farwriter@/),
      href: expect.stringMatching(/^https:\/\//),
    });
    expect(body.server).toMatchObject({ host: expect.stringMatching(/\.example$/), block: null, accounts: 1, cases: { open: 0, acted: 0, dismissed: 0 } });
  });

  it('is staff’s alone, and says when there is no such account', async () => {
    expect((await account(writer.id, reader)).statusCode).toBe(403);
    expect((await account(writer.id, null)).statusCode).toBe(401);
    expect((await account(987_654_321)).statusCode).toBe(404);
    expect((await account(0)).statusCode).toBe(422);
  });
});
