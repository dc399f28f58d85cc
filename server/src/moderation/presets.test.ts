import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../audit/audit.ts';
import { expectMigrationRoundTrip } from '../federation/federation.testkit.ts';
import { offlineEvents } from '../offline-events.ts';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { type Session, aPost, aUser, signIn } from '../test/factories.ts';
import { createDecisions } from './decisions.service.ts';
import { reportedCase } from './moderation.testkit.ts';
import { createPresets } from './presets.service.ts';

/** Statement presets (issue 47, ADR 0102), on SQLite or PostgreSQL: set, replaced, removed, audited, and a decision starting from one. */
let t: TestApp;
let writer: Session;
let reader: Session;
beforeAll(async () => {
  t = await buildTestApp();
  const [first, second] = await Promise.all(['Writer', 'Reader'].map(async (name) => signIn(t.app, await aUser(t.db, { name }))));
  [writer, reader] = [first!, second!];
});
afterAll(() => t.close());

describe('statement presets', () => {
  it('are made, replaced and removed by name, each audited; a decision starts from one and keeps its words', async () => {
    const presets = createPresets(t.db);
    expect(await presets.set('spam-link', 'Links to  shops are\nadvertising here.', 'command line')).toBe('made');
    expect(await presets.set('spam-link', 'Links to shops are advertising here.', 'command line')).toBe('changed');
    await expect(presets.set('Spam Link', 'x', 'command line')).rejects.toThrow(/small letters, digits and dashes/);
    await expect(presets.set('empty', '  ', 'command line')).rejects.toThrow(/needs its words/);
    expect((await presets.list()).map((p) => [p.name, p.text])).toEqual([['spam-link', 'Links to shops are advertising here.']]);

    const post = await aPost(t.db, { userId: writer.id, title: 'Shop window' });
    const caseId = await reportedCase(t, reader, 'post', post.id, 'spam');
    const decisions = createDecisions(t.db, t.config.publicUrl, offlineEvents());
    await expect(decisions.decide(caseId, 'warn', '', 'command line', { preset: 'nothing-such' })).rejects.toThrow('There is no preset nothing-such');
    // A warning needs words: a preset gives them.
    await decisions.decide(caseId, 'warn', 'Second time this week.', 'command line', { preset: 'spam-link' });
    const note = (await t.db.selectFrom('cases').select('decision_note').where('id', '=', caseId).executeTakeFirstOrThrow()).decision_note;
    expect(note).toBe('Links to shops are advertising here. Second time this week.');

    await presets.remove('spam-link', 'command line');
    await expect(presets.remove('spam-link', 'command line')).rejects.toThrow('There is no preset spam-link.');
    expect((await t.db.selectFrom('cases').select('decision_note').where('id', '=', caseId).executeTakeFirstOrThrow()).decision_note).toBe(note);
    expect((await readAudit(t.db, { limit: 10, actions: ['preset.set', 'preset.remove'] })).map((l) => l.action)).toEqual(['preset.remove', 'preset.set', 'preset.set']);
  });

  it('come with migration 0070, which goes with its down', async () => {
    await expectMigrationRoundTrip('0069_server_rules', 'statement_', ['statement_presets']);
  });
});
