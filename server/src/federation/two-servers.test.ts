import { Create } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../posts/testing.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, signIn } from '../test/factories.ts';
import { type FediversePeer, startFediversePeer } from '../test/fediverse-peer.ts';
import { until } from '../test/until.ts';
import { anActor, federatedApp, followedBy } from './federation.testkit.ts';

/**
 * Two app servers of one deployment (one database: PostgreSQL in CI's PostgreSQL suite, else one
 * SQLite file), both working the federation's queue and the stories owed to the fediverse (ADR 0066,
 * 0069): stories published on either reach a follower elsewhere once each, never twice.
 */
let t: TestApp;
let other: TestApp;
let base: string;
let peer: FediversePeer;

beforeAll(async () => {
  ({ t, base } = await federatedApp());
  other = await t.another();
  other.app.jobs.start();
  peer = await startFediversePeer(['carol']);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await peer?.close();
});

describe('two app servers on one database', () => {
  it('deliver each story to a follower elsewhere once', async () => {
    const ada = await anActor(t, base);
    await followedBy(peer, 'carol', ada);
    // The peer's inboxes would take a second copy of an activity without a word (Fedify drops an id it
    // has seen): what it was sent is counted at its door.
    const posts = () => peer.requests.filter((request) => /^POST \/(users\/carol\/)?inbox$/.test(request)).length;
    const before = posts();
    const on = [t, other, t, other, other, t, t, other];
    const ids: number[] = [];
    for (const [index, app] of on.entries()) {
      const session = await signIn(app.app, { ...ada, password: PASSWORD });
      ids.push((await createPost(app, session, { title: `Story ${index} of two servers` })).id);
    }
    const creates = () =>
      peer.received
        .map(({ activity }) => activity)
        .filter((activity) => activity instanceof Create)
        .map((activity) => activity.objectId?.href);
    const wanted = ids.map((id) => `${base}/ap/posts/${id}`);
    await until(() => (wanted.every((uri) => creates().includes(uri)) ? true : undefined), 30_000);
    // Anything sent twice would have come by now: both servers' queues are worked every few hundred ms.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(
      creates()
        .filter((uri) => uri !== undefined && wanted.includes(uri))
        .sort(),
    ).toEqual([...wanted].sort());
    expect(posts() - before).toBe(wanted.length);
    // Nothing is left owed or queued.
    expect(await t.db.selectFrom('federation_deliveries').select('id').execute()).toEqual([]);
  });
});
