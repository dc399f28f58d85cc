import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../audit/audit.ts';
import type { TestApp } from '../test/app.ts';
import { moderationCast } from './moderation.testkit.ts';
import { type Session, aPost, aUser, anAccountElsewhere } from '../test/factories.ts';
import { CaseError, DECISION_NOTE_MAX, createDecisions } from './decisions.service.ts';
import { offlineEvents } from '../offline-events.ts';

/** A case decided (ADR 0093), on SQLite or PostgreSQL: the case, its reports, the audit row and who is told what. */
let t: TestApp;
let writer: Session;
let reader: Session;
let another: Session;
beforeAll(async () => {
  ({ t, writer, reader, another } = await moderationCast());
});
afterAll(() => t.close());

const report = async (who: Session, kind: string, targetId: number) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/report', payload: { user_id: who.id, kind, target_id: targetId, category: 'spam' }, headers: who.headers });
  expect(res.statusCode, res.body).toBe(201);
  const made = await t.db.selectFrom('reports').select(['id', 'case_id']).where('id', '=', res.json().report_id).executeTakeFirstOrThrow();
  return made;
};
const toldTo = (userId: number) =>
  t.db.selectFrom('notifications').select(['type', 'actor_id', 'report_id', 'message']).where('user_id', '=', userId).where('type', '=', 'responses').orderBy('id').execute();

describe('deciding a case', () => {
  it('closes it and its reports, tells every reporter the outcome and nobody else, and writes the audit row', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'Fine, really' });
    const first = await report(reader, 'post', post.id);
    const second = await report(another, 'post', post.id);
    expect(second.case_id).toBe(first.case_id);
    const before = await toldTo(writer.id);

    expect(await createDecisions(t.db, 'http://inkwell.test', offlineEvents()).decide(first.case_id, 'none', '  Satire, not spam.  ', 'command line')).toEqual({
      reporters: 2,
      warned: null,
      suspended: null,
      hidden: null,
    });

    const decided = await t.db.selectFrom('cases').selectAll().where('id', '=', first.case_id).executeTakeFirstOrThrow();
    expect(decided).toMatchObject({ status: 'resolved', decision: 'none', decision_note: 'Satire, not spam.', decided_by: null, resolved_at: expect.any(String) });
    expect(await t.db.selectFrom('reports').select('status').where('case_id', '=', first.case_id).execute()).toEqual([{ status: 'closed' }, { status: 'closed' }]);
    const outcome = 'The moderators decided on your report of the story “Fine, really”: it breaks no rule of this server, so nothing was done. Their note: Satire, not spam.';
    expect(await toldTo(reader.id)).toContainEqual({ type: 'responses', actor_id: null, report_id: first.id, message: outcome });
    expect(await toldTo(another.id)).toContainEqual({ type: 'responses', actor_id: null, report_id: second.id, message: outcome });
    // The writer of what was reported hears nothing of a report found groundless.
    expect(await toldTo(writer.id)).toEqual(before);
    const [row] = await readAudit(t.db, { limit: 1, actions: ['case.decide'] });
    expect(row).toMatchObject({ actor: { id: null, name: 'command line' }, case_id: first.case_id, target: { kind: 'post', id: post.id, label: 'story: Fine, really' } });
  });

  it('warns a member with the moderator’s reasons, and their reporters are told so', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'Buy now' });
    const made = await report(reader, 'post', post.id);
    const staff = await aUser(t.db, { name: 'Mo Derator' });
    expect(
      await createDecisions(t.db, 'http://inkwell.test', offlineEvents()).decide(made.case_id, 'warn', 'Advertising belongs in ads.', { id: staff.id, name: 'Mo Derator' }),
    ).toEqual({
      reporters: 1,
      warned: writer.id,
      suspended: null,
      hidden: null,
    });
    expect((await t.db.selectFrom('cases').select('decided_by').where('id', '=', made.case_id).executeTakeFirstOrThrow()).decided_by).toBe(staff.id);
    expect((await toldTo(writer.id)).at(-1)).toEqual({
      type: 'responses',
      actor_id: null,
      report_id: null,
      message: 'The moderators warned you about your story “Buy now”: Advertising belongs in ads.',
    });
    expect((await toldTo(reader.id)).at(-1)?.message).toContain('its author has been warned.');
  });

  it('refuses what it cannot do, and changes nothing then', async () => {
    const decisions = createDecisions(t.db, 'http://inkwell.test', offlineEvents());
    const post = await aPost(t.db, { userId: writer.id });
    const made = await report(reader, 'post', post.id);
    const far = await anAccountElsewhere(t.db, 'far');
    const elsewhere = await report(reader, 'account', far.id);
    const refused = async (work: Promise<unknown>, message: RegExp) => {
      await expect(work).rejects.toThrow(CaseError);
      await expect(work).rejects.toThrow(message);
    };
    await refused(decisions.decide(made.case_id, 'warn', '   ', 'command line'), /A warning needs a note/);
    await refused(decisions.decide(made.case_id, 'none', 'x'.repeat(DECISION_NOTE_MAX + 1), 'command line'), /may not be longer/);
    await refused(decisions.decide(made.case_id, 'delete' as never, '', 'command line'), /must be one of none, note, warn, hide, no-comments, limit, suspend/);
    await refused(decisions.decide(elsewhere.case_id, 'warn', 'Spam', 'command line'), /Only a member of this server can be warned here/);
    await refused(decisions.decide(999_999, 'none', '', 'command line'), /There is no case 999999/);
    expect(await t.db.selectFrom('cases').select('status').where('id', 'in', [made.case_id, elsewhere.case_id]).execute()).toEqual([{ status: 'open' }, { status: 'open' }]);
    expect(await readAudit(t.db, { limit: 10, actions: ['case.decide'] }).then((rows) => rows.some((r) => r.case_id === made.case_id))).toBe(false);

    await decisions.decide(elsewhere.case_id, 'note', '', 'command line');
    await refused(decisions.decide(elsewhere.case_id, 'none', '', 'command line'), /was decided already/);
  });
});
