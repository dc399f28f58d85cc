import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/app.ts';
import { aPost } from '../test/factories.ts';
import { type Member, aMember, call } from './social.testkit.ts';

/**
 * What a like, a save and a follow cost PostgreSQL in round trips (issue 45: the app's CPU per call in
 * a burst went mostly to them, each a statement through node-postgres). Counted at the client, every
 * statement the app sends while the call runs: its session looked up (any write drops the kept ones)
 * and the transaction with BEGIN and COMMIT. The test app keeps no caches, so it announces no write to
 * other processes (with caches, writes finishing together share one: db/write-signal.ts). Before
 * issue 45’s work, counted so, a notifying like took 11, a follow 15, a save 3 (this file fails on it).
 */
let t: TestApp;
let writer: Member;
let reader: Member;
beforeAll(async () => {
  t = await buildTestApp();
  writer = await aMember(t, 'Grace Hopper');
  reader = await aMember(t, 'Ada Lovelace');
});
afterAll(() => t?.close());

/** The statements sent by any pg client while `work` runs, by their first words. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text: string };
    sent.push((typeof config === 'string' ? config : config.text).trim().split(/\s+/).slice(0, 3).join(' '));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent;
}

/** Runs the call and checks it was served (a write in between makes the next call look its session up). */
const served = (path: string, body: object, as: Member) => async () => expect((await call(t, path, body, as)).statusCode).toBe(200);

describe.skipIf(process.env.INKWELL_TEST_DB !== 'postgres')('round trips of a burst’s calls (PostgreSQL)', () => {
  it('a like that notifies: 7 (session, BEGIN, post and name, like, notification with its mail and NOTIFY, count, COMMIT), an unlike alike', async () => {
    const post = await aPost(t.db, { userId: writer.id, title: 'Engines' });
    const sent = await statementsOf(served('/like', { user_id: reader.id, post_id: post.id, status: 1 }, reader));
    expect(sent, sent.join('\n')).toHaveLength(7);
    const unlike = await statementsOf(served('/like', { user_id: reader.id, post_id: post.id, status: 0 }, reader));
    expect(unlike, unlike.join('\n')).toHaveLength(7);
  });

  it('a save: 2 (session, the save), an unsave alike', async () => {
    const post = await aPost(t.db, { userId: writer.id });
    for (const flag of [1, 0]) {
      const sent = await statementsOf(served('/posts/save', { user_id: reader.id, post_id: post.id, save_unsave: flag }, reader));
      expect(sent, sent.join('\n')).toHaveLength(2);
    }
  });

  it('a follow that notifies: 8 (session, BEGIN, member with name and blocks, follow, notification, two counts, COMMIT), an unfollow alike', async () => {
    const followed = await aMember(t);
    const sent = await statementsOf(served('/follow-unfollow', { user_id: reader.id, follow_id: followed.id, followType: 1 }, reader));
    expect(sent, sent.join('\n')).toHaveLength(8);
    const unfollow = await statementsOf(served('/follow-unfollow', { user_id: reader.id, follow_id: followed.id, followType: 0 }, reader));
    expect(unfollow, unfollow.join('\n')).toHaveLength(8);
  });
});
