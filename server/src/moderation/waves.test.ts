import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineEvents } from '../offline-events.ts';
import type { TestApp } from '../test/app.ts';
import { type Session, aPost, aUser } from '../test/factories.ts';
import { CaseError } from './case-error.ts';
import { createDecisions } from './decisions.service.ts';
import { moderationCast, reportedCase } from './moderation.testkit.ts';
import { decideWave } from './waves.ts';

/**
 * A wave of cases decided alike (issue 47), on SQLite or PostgreSQL, four side by side: each case in its
 * own transaction, the outcomes in the order asked, a refusal leaving the others decided, and two
 * suspensions of one account never both taken.
 */
let t: TestApp;
let reader: Session;
beforeAll(async () => {
  ({ t, reader } = await moderationCast());
});
afterAll(() => t.close());

const decisions = () => createDecisions(t.db, 'http://inkwell.test', offlineEvents());

describe('a wave of cases', () => {
  it('decides each, side by side, and says each outcome in the order asked; one decided already is refused alone', async () => {
    const writers = await Promise.all(Array.from({ length: 6 }, (_, i) => aUser(t.db, { name: `Spammer ${i}` })));
    const ids: number[] = [];
    for (const w of writers) for (let i = 0; i < 3; i += 1) ids.push(await reportedCase(t, reader, 'post', (await aPost(t.db, { userId: w.id })).id));
    await decisions().decide(ids[4]!, 'note', 'Seen.', 'command line');
    const outcomes = await decideWave(t.db, decisions(), [...ids, 987_654], 'warn', 'Advertising.', 'command line', {}, { parallel: 4 });
    expect(outcomes.map((o) => o.id)).toEqual([...ids, 987_654]);
    expect(outcomes.filter((o) => 'done' in o).map((o) => o.id)).toEqual(ids.filter((id) => id !== ids[4]));
    const refused = outcomes.filter((o): o is { id: number; error: unknown } => 'error' in o);
    expect(refused.map((o) => [o.id, (o.error as CaseError).kind])).toEqual([
      [ids[4], 'conflict'],
      [987_654, 'missing'],
    ]);
    const open = await t.db.selectFrom('cases').select('id').where('id', 'in', ids).where('status', '=', 'open').execute();
    expect(open).toEqual([]);
    // One warning per case decided, each to its writer.
    const warnings = await t.db
      .selectFrom('notifications')
      .select('user_id')
      .where(
        'user_id',
        'in',
        writers.map((w) => w.id),
      )
      .where('type', '=', 'responses')
      .execute();
    expect(warnings).toHaveLength(ids.length - 1);
  });

  it('suspends an account once, however many of its cases come side by side', async () => {
    const spammer = await aUser(t.db, { name: 'One Spammer' });
    const others = await Promise.all([aUser(t.db, { name: 'Two Spammer' }), aUser(t.db, { name: 'Three Spammer' })]);
    const ids = [
      await reportedCase(t, reader, 'account', spammer.id),
      await reportedCase(t, reader, 'post', (await aPost(t.db, { userId: spammer.id })).id),
      await reportedCase(t, reader, 'post', (await aPost(t.db, { userId: spammer.id })).id),
      ...(await Promise.all(others.map((o) => reportedCase(t, reader, 'account', o.id)))),
    ];
    const outcomes = await decideWave(t.db, decisions(), ids, 'suspend', 'Pills.', 'command line', {}, { parallel: 4 });
    expect(outcomes.filter((o) => 'done' in o).map((o) => o.id)).toEqual([ids[0], ids[3], ids[4]]);
    for (const o of outcomes.slice(1, 3)) expect('error' in o && o.error instanceof CaseError && o.error.message).toMatch(/is suspended already/);
    const actions = await t.db
      .selectFrom('moderation_actions')
      .select('subject_id')
      .where('kind', '=', 'suspend')
      .where('subject_id', 'in', [spammer.id, ...others.map((o) => o.id)])
      .execute();
    expect(actions.map((a) => a.subject_id).sort()).toEqual([spammer.id, ...others.map((o) => o.id)].sort());
  });
});
