import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineEvents } from '../offline-events.ts';
import { aPost, aUser } from '../test/factories.ts';
import { createDecisions } from './decisions.service.ts';
import { type ModerationCast, moderationCast, reportedCase } from './moderation.testkit.ts';
import { createModerationYears } from './moderation-years.ts';

/**
 * The moderators' work year by year for everybody (issue 47, ADR 0107), on SQLite or PostgreSQL:
 * reports (and those from other servers), held writings, decisions by kind and appeals, each counted
 * in its own year; nobody named.
 */
let cast: ModerationCast;
beforeAll(async () => {
  cast = await moderationCast();
  const { t, writer, reader, another } = cast;
  const decide = createDecisions(t.db, 'http://inkwell.test', offlineEvents());
  const posts = await Promise.all(['One', 'Two', 'Three'].map((title) => aPost(t.db, { userId: writer.id, title })));
  const noted = await reportedCase(t, reader, 'post', posts[0]!.id);
  await reportedCase(t, another, 'post', posts[0]!.id, 'harassment');
  const warned = await reportedCase(t, reader, 'post', posts[1]!.id);
  await reportedCase(t, reader, 'post', posts[2]!.id); // still open
  await decide.decide(noted, 'note', 'Keeping an eye on it.', 'command line');
  await decide.decide(warned, 'warn', 'Advertising belongs in ads.', 'command line');
  // A year ago: a report from another server whose case was suspended, appealed and turned down; a held writing.
  const spammer = await aUser(t.db, { name: 'Old Spammer' });
  const old = await reportedCase(t, reader, 'account', spammer.id);
  await decide.decide(old, 'suspend', 'Spam, for months.', 'command line');
  const action = await t.db.selectFrom('moderation_actions').select('id').where('subject_id', '=', spammer.id).executeTakeFirstOrThrow();
  await t.db
    .insertInto('appeals')
    .values({ action_id: action.id, appellant_id: spammer.id, text: 'Not me.', status: 'rejected', created_at: '2025-03-01T10:00:00.000Z' })
    .execute();
  await t.db.updateTable('reports').set({ created_at: '2025-02-01T10:00:00.000Z', reporter_server: 'far.example', reporter_id: null }).where('case_id', '=', old).execute();
  await t.db.updateTable('cases').set({ opened_at: '2025-02-01T10:00:00.000Z', resolved_at: '2025-02-02T10:00:00.000Z' }).where('id', '=', old).execute();
  await t.db.updateTable('cases').set({ held_for: 'a first link from a new account' }).where('id', '=', warned).execute();
});
afterAll(() => cast?.t.close());

describe('the moderators’ work year by year', () => {
  it('counts each thing in its own year, newest first, for a visitor, naming nobody', async () => {
    const res = await cast.t.app.inject({ method: 'GET', url: '/api/user/moderation' });
    expect(res.statusCode, res.body).toBe(200);
    const thisYear = new Date().getUTCFullYear();
    expect(res.json()).toEqual({
      years: [
        { year: thisYear, reports: 4, from_servers: 0, held: 1, decisions: { note: 1, warn: 1 }, appeals: { made: 0, upheld: 0, turned_down: 0, changed: 0 } },
        { year: 2025, reports: 1, from_servers: 1, held: 0, decisions: { suspend: 1 }, appeals: { made: 1, upheld: 0, turned_down: 1, changed: 0 } },
      ],
      servers: [],
    });
    expect(res.body).not.toMatch(/Spammer|Reader|Writer|far\.example|Not me/);
  });

  it('keeps the counts a minute, then reads them again', async () => {
    let clock = 1_000_000;
    const counts = createModerationYears(
      cast.t.db,
      async () => [],
      () => clock,
    );
    const before = (await counts.years()).years[0]!.reports;
    await reportedCase(cast.t, cast.another, 'account', cast.writer.id);
    expect((await counts.years()).years[0]!.reports).toBe(before);
    clock += 61_000;
    expect((await counts.years()).years[0]!.reports).toBe(before + 1);
  });
});
