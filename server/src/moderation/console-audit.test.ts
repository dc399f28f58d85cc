import { AUDIT_PAGE_SIZE, STAFF_ONLY } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../audit/audit.ts';
import type { TestApp } from '../test/app.ts';
import { type Session, aUser, anAccountElsewhere, signIn } from '../test/factories.ts';
import { moderationCast } from './moderation.testkit.ts';
import { createRolesService } from './roles.service.ts';

/** The audit log in the console (issue 47, ADR 0105): who may read it, its filters, its pages, and its CSV. */
let t: TestApp;
let reader: Session;
let moderator: Session;
let moderatorId: number;
const write = (entry: Parameters<typeof audit>[1]) => t.db.transaction().execute((trx) => audit(trx, entry));
beforeAll(async () => {
  ({ t, reader } = await moderationCast());
  const mod = await aUser(t.db, { name: 'Mo Derator' });
  await createRolesService(t.db).grant('command line', 'moderator', mod.email);
  moderator = await signIn(t.app, mod);
  moderatorId = mod.id;
  await write({
    actor: { id: moderatorId, name: 'Mo Derator' },
    action: 'case.decide',
    target: { kind: 'post', id: 7, label: 'story: Casino nights' },
    after: { decision: 'warn' },
    caseId: 3,
  });
  await write({ actor: 'command line', action: 'domain.block', target: { kind: 'domain', label: 'spam.example' }, after: { severity: 'suspend' } });
  await write({ actor: 'command line', action: 'account.no-comments', target: { kind: 'account', id: 9, label: '@troll@spam.example' } });
  await write({ actor: 'command line', action: 'rule.add', target: { kind: 'rule', id: 1, label: '=HYPERLINK("http://evil.example")' } });
});
afterAll(() => t.close());

const list = (body: Record<string, unknown> = {}, who: Session = moderator, cursor?: string) =>
  t.app.inject({ method: 'POST', url: `/api/mod/audit${cursor ? `?cursor=${cursor}` : ''}`, payload: body, headers: who.headers });
const actions = async (body: Record<string, unknown>) => (await list(body)).json().entries.map((e: { action: string }) => e.action);

describe('the audit log in the console', () => {
  it('is for staff who may read it: a member gets 403 in one wording', async () => {
    const refused = await list({}, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STAFF_ONLY);
    expect((await t.app.inject({ method: 'GET', url: '/api/mod/audit.csv', headers: reader.headers })).statusCode).toBe(403);
  });

  it('lists the entries newest first, with the kinds of action and the staff to filter by', async () => {
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.entries.map((e: { action: string }) => e.action).slice(0, 4)).toEqual(['rule.add', 'account.no-comments', 'domain.block', 'case.decide']);
    expect(body.entries[3]).toMatchObject({
      actor: { id: moderatorId, name: 'Mo Derator' },
      target: { kind: 'post', id: 7, label: 'story: Casino nights' },
      after: { decision: 'warn' },
      case_id: 3,
    });
    expect(body.actions).toEqual(expect.arrayContaining(['case.decide', 'domain.block', 'rule.add']));
    expect(body.actors).toContainEqual({ id: moderatorId, name: 'Mo Derator' });
  });

  it('filters by moderator, action, kind, server and days', async () => {
    expect(await actions({ actor_id: moderatorId })).toEqual(['case.decide']);
    expect(await actions({ action: 'domain.block' })).toEqual(['domain.block']);
    expect(await actions({ target_kind: 'rule' })).toEqual(['rule.add']);
    expect(await actions({ server: 'SPAM.example' })).toEqual(['account.no-comments', 'domain.block']);
    const today = new Date().toISOString().slice(0, 10);
    expect(await actions({ from: today, to: today, action: 'case.decide' })).toEqual(['case.decide']);
    expect(await actions({ to: '2001-01-01' })).toEqual([]);
    const backwards = await list({ from: '2026-12-02', to: '2026-12-01' });
    expect(backwards.statusCode).toBe(422);
    expect((await list({ from: 'yesterday' })).statusCode).toBe(422);
    expect((await list({ server: 'spam.example/%' })).statusCode).toBe(422);
  });

  it('pages by cursor', async () => {
    for (let i = 0; i < AUDIT_PAGE_SIZE; i += 1)
      await t.db.transaction().execute((trx) => audit(trx, { actor: 'the clock', action: 'bench.page', target: { kind: 'case', id: i, label: `case ${i}` } }));
    const first = (await list({ action: 'bench.page' })).json();
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.next_cursor).toBeNull();
    const all = (await list()).json();
    expect(all.next_cursor).not.toBeNull();
    const second = (await list({}, moderator, all.next_cursor)).json();
    // The page after holds what was written before the bench rows, the moderator's own role grant last.
    expect(second.entries.map((e: { action: string }) => e.action)).toEqual(['rule.add', 'account.no-comments', 'domain.block', 'case.decide', 'role.grant']);
    expect(second.next_cursor).toBeNull();
  });

  it('exports the rows that match as CSV, each cell inert for spreadsheets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/mod/audit.csv?target_kind=rule', headers: moderator.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="inkwell-audit-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,at,actor_id,actor,action,target_kind,target_id,target,case_id,before,after');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,command line,rule.add,rule,1,"'=HYPERLINK(""http://evil.example"")",,,`);
  });

  it('finds what was done to an account elsewhere by its server, though its label names it by its name', async () => {
    const far = await anAccountElsewhere(t.db, 'Far Troll');
    await write({ actor: 'command line', action: 'account.limit', target: { kind: 'account', id: far.id, label: 'Far Troll' } });
    expect(await actions({ server: new URL(far.apId).hostname })).toEqual(['account.limit']);
    expect(await actions({ server: 'SPAM.example' })).toEqual(['account.no-comments', 'domain.block']);
  });
});
