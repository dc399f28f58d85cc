import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../audit/audit.ts';
import { expectMigrationRoundTrip } from '../federation/federation.testkit.ts';
import { offlineEvents } from '../offline-events.ts';
import { type TestApp, buildRenderingTestApp } from '../test/app.ts';
import { type Session, aPost, aUser, signIn } from '../test/factories.ts';
import { createDecisions } from './decisions.service.ts';
import { reportedCase } from './moderation.testkit.ts';
import { createRules } from './rules.service.ts';

/**
 * The server's rules (issue 47, ADR 0102), on SQLite or PostgreSQL: kept in order, edited and removed
 * with their audit rows, read by everybody (the call and the server-rendered /rules), and named by a case
 * decided under one — to its reporters and to the account.
 */
let t: TestApp;
let writer: Session;
let reader: Session;

beforeAll(async () => {
  t = await buildRenderingTestApp({ publicUrl: 'http://localhost:3000' });
  const [first, second] = await Promise.all(['Writer', 'Reader'].map(async (name) => signIn(t.app, await aUser(t.db, { name }))));
  [writer, reader] = [first!, second!];
});
afterAll(() => t?.close());

const listed = async () => (await t.app.inject({ method: 'GET', url: '/api/user/rules' })).json().rules as Array<{ id: number; number: number; title: string; body: string }>;

describe('the server’s rules', () => {
  it('are numbered in order for everybody, and each change is audited; a removed rule leaves the list', async () => {
    expect(await listed()).toEqual([]);
    const rules = createRules(t.db);
    const kind = await rules.add({ title: '  Be kind  ', body: 'No name-calling.\nNo threats.' }, 'command line');
    const spam = await rules.add({ title: 'No spam' }, 'command line');
    const topic = await rules.add({ title: 'Stay on topic', body: '' }, 'command line');
    expect(await listed()).toEqual([
      { id: kind, number: 1, title: 'Be kind', body: 'No name-calling.\nNo threats.' },
      { id: spam, number: 2, title: 'No spam', body: '' },
      { id: topic, number: 3, title: 'Stay on topic', body: '' },
    ]);
    await rules.edit(spam, { body: 'No advertising in comments.' }, 'command line');
    await rules.remove(kind, 'command line');
    expect((await listed()).map((r) => [r.number, r.title, r.body])).toEqual([
      [1, 'No spam', 'No advertising in comments.'],
      [2, 'Stay on topic', ''],
    ]);
    await expect(rules.edit(kind, { title: 'Back' }, 'command line')).rejects.toThrow(`There is no rule ${kind}.`);
    await expect(rules.add({ title: ' ' }, 'command line')).rejects.toThrow('A rule needs its title.');
    await expect(rules.add({ title: 'x'.repeat(141) }, 'command line')).rejects.toThrow(/longer than 140/);
    expect((await readAudit(t.db, { limit: 5 })).map((l) => l.action)).toEqual(['rule.remove', 'rule.edit', 'rule.add', 'rule.add', 'rule.add']);

    // The page, rendered for a visitor before any script runs.
    const page = await t.app.inject({ method: 'GET', url: '/rules', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const doc = new JSDOM(page.body).window.document;
    expect([...doc.querySelectorAll('ol[aria-label="Rules"] h2')].map((h) => h.textContent)).toEqual(['No spam', 'Stay on topic']);
    expect(doc.title).toBe('Rules · Inkwell');
  });

  it('a case decided under a rule names it to its reporters and the account; a removed or unknown one is refused', async () => {
    const rules = createRules(t.db);
    const civil = await rules.add({ title: 'Argue the point, not the person' }, 'command line');
    const number = (await listed()).find((r) => r.id === civil)!.number;
    const post = await aPost(t.db, { userId: writer.id, title: 'Harbour walls' });
    const caseId = await reportedCase(t, reader, 'post', post.id, 'rule');
    const decisions = createDecisions(t.db, t.config.publicUrl, offlineEvents());

    await expect(decisions.decide(caseId, 'warn', 'x', 'command line', { ruleId: 99_999 })).rejects.toThrow('There is no rule 99999');
    await expect(decisions.decide(caseId, 'none', '', 'command line', { ruleId: civil })).rejects.toThrow(/names no rule/);
    await decisions.decide(caseId, 'warn', 'Mind the tone.', 'command line', { ruleId: civil });

    const said = `It breaks rule ${number}, “Argue the point, not the person”. Mind the tone.`;
    const last = async (userId: number) =>
      (await t.db.selectFrom('notifications').select('message').where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirstOrThrow()).message;
    expect(await last(writer.id)).toBe(`The moderators warned you about your story “Harbour walls”: ${said}`);
    expect(await last(reader.id)).toContain(`Their note: ${said}`);
    expect(await t.db.selectFrom('cases').select(['rule_id', 'decision_note']).where('id', '=', caseId).executeTakeFirstOrThrow()).toEqual({
      rule_id: civil,
      decision_note: 'Mind the tone.',
    });
  });

  it('come with migration 0069, which goes with its down', async () => {
    await expectMigrationRoundTrip('0068_hidden_by_moderators', 'server_', ['server_rules']);
  });
});
