import { describe, expect, it } from 'vitest';
import { DomainEventBus } from '../events/domain-events.ts';
import { createCasesService } from '../moderation/cases.service.ts';
import { createForwarding } from '../moderation/forwarding.service.ts';
import { PASSWORD, type Session, signIn } from '../test/factories.ts';
import { until } from '../test/until.ts';
import { anActor, expectColumnRoundTrip, twoInstances } from './federation.testkit.ts';
import { flagContent, oweFlag, readFlagContent } from './forward-flags.ts';

/**
 * A case forwarded to the server of the account it concerns (ADR 0097), between two Inkwell instances
 * on 127.0.0.1 (their own ports and databases, SQLite or PostgreSQL as INKWELL_TEST_DB says), with real
 * signatures: a reader of One reports an account of Two; One's moderator forwards the case; Two gets a
 * Flag from One's instance actor and makes a case of it about its member, with the category kept and
 * the moderator's words — and nothing of who reported it.
 */
const both = twoInstances();

/** One's forwarding as the command line does it: the Flag owed in the transaction, sent by One's running deliveries job. */
function forwarding() {
  const events = new DomainEventBus();
  events.on('case.forwarded', { owe: oweFlag });
  return createForwarding(both.one.t.db, events);
}

/** A reader's report on One, as the report call makes it; the id of its case. */
async function reportOnOne(session: Session, report: { kind: string; target_id: number; category: string; note?: string }): Promise<number> {
  const reported = await both.one.t.app.inject({ method: 'POST', url: '/api/user/report', headers: session.headers, payload: { user_id: session.id, ...report } });
  expect(reported.statusCode, reported.body).toBe(201);
  return (await both.one.t.db.selectFrom('reports').select('case_id').where('id', '=', reported.json().report_id).executeTakeFirstOrThrow()).case_id;
}

describe('a case forwarded to another server', () => {
  it('arrives there as a Flag from this server: one case about its member, with the category and the words, and no reporter', async () => {
    const bo = await anActor(both.two.t, both.two.base);
    const ada = await anActor(both.one.t, both.one.base);
    const session = await signIn(both.one.t.app, { ...ada, password: PASSWORD });
    const found = await both.one.t.app.inject({
      method: 'POST',
      url: '/api/user/fediverse-accounts/lookup',
      headers: session.headers,
      payload: { user_id: ada.id, account: bo.actor.id.href },
    });
    expect(found.statusCode, found.body).toBe(200);
    const accountOnOne = found.json().account.id as number;
    const caseId = await reportOnOne(session, { kind: 'account', target_id: accountOnOne, category: 'harassment', note: 'Ada’s own words, for One only' });

    expect(await forwarding().forward(caseId, 'Threats in replies to three of our members.', 'command line')).toEqual({ server: new URL(both.two.base).host });
    await expect(forwarding().forward(caseId, 'again', 'command line')).rejects.toThrow(/forwarded already/);
    await both.one.t.app.jobs.runNow('federation-deliveries');

    const report = await until(() => both.two.t.db.selectFrom('reports').selectAll().where('reporter_server', '=', new URL(both.one.base).host).executeTakeFirst(), 20_000);
    expect(report).toMatchObject({ target_kind: 'account', target_id: bo.id, reporter_id: null, category: 'harassment', note: 'Threats in replies to three of our members.' });
    expect(report.ap_id).toBe(`${both.one.base}/ap/users/instance#flags/${caseId}`);
    const there = await createCasesService(both.two.t.db).show(report.case_id);
    expect(JSON.stringify(there)).not.toContain('Ada');
    expect((await both.one.t.db.selectFrom('audit_log').select(['action', 'case_id']).where('action', '=', 'case.forward').execute()).map((r) => r.case_id)).toEqual([caseId]);
  });

  it('is refused for a case about a member of this server, and for no case', async () => {
    const cleo = await anActor(both.one.t, both.one.base);
    const dan = await anActor(both.one.t, both.one.base);
    const session = await signIn(both.one.t.app, { ...dan, password: PASSWORD });
    const caseId = await reportOnOne(session, { kind: 'account', target_id: cleo.id, category: 'spam' });
    await expect(forwarding().forward(caseId, '', 'command line')).rejects.toThrow(/Only a case about an account elsewhere/);
    await expect(forwarding().forward(999_999, '', 'command line')).rejects.toThrow(/There is no case 999999/);
    expect(await both.one.t.db.selectFrom('federation_deliveries').select('id').where('subject', 'like', 'flag:%').execute()).toEqual([]);
  });

  it('writes its category first, and reads it back from another Inkwell only', () => {
    expect(flagContent(['spam', 'harassment', 'spam'], 'Words.')).toBe('Category: spam. Words.');
    expect(flagContent([], '')).toBe('Category: other.');
    expect(readFlagContent('Category: illegal. See the link.')).toEqual({ category: 'illegal', words: 'See the link.' });
    expect(readFlagContent('Category: nonsense. Hi')).toEqual({ category: 'other', words: 'Category: nonsense. Hi' });
    expect(readFlagContent('Please look at this user')).toEqual({ category: 'other', words: 'Please look at this user' });
  });

  it('is kept with migration 0066 (cases.forwarded_at, forward_note), which goes with its down', async () => {
    await expectColumnRoundTrip('0065_moderation_actions', 'cases', 'forwarded_at');
  });
});
