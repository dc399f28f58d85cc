import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/app.ts';
import { type FediversePeer, startFediversePeer } from '../test/fediverse-peer.ts';
import { aFollow, accepted, anActor, federatedApp } from './federation.testkit.ts';

/**
 * RATE_LIMIT_FEDERATION_HOST (ADR 0070), over real sockets with real signatures: a remote server's
 * verified activities count against one allowance whatever address they come from; forged ones that
 * name it do not.
 */
const AS = 'application/activity+json';
const LIMIT = 2;
let t: TestApp;
let base: string;
let peer: FediversePeer;

beforeAll(async () => {
  ({ t, base } = await federatedApp({ rateLimits: { federationHost: { max: LIMIT, windowMs: 60_000 } } }));
  peer = await startFediversePeer(['alice']);
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe('activities per remote server', () => {
  it('takes RATE_LIMIT_FEDERATION_HOST verified ones a window, then answers 429 with Retry-After; forged ones spend nothing', async () => {
    const members = await Promise.all([1, 2, 3].map(() => anActor(t, base)));
    // Unsigned posts in the peer's name: refused by the signature check, and not counted against it.
    for (let i = 0; i < LIMIT + 3; i++) {
      const forged = aFollow(peer, 'alice', members[0]!.actor.id);
      const res = await fetch(members[0]!.actor.inboxId, { method: 'POST', headers: { 'content-type': AS }, body: JSON.stringify(await forged.toJsonLd()) });
      expect(res.status).toBe(401);
    }
    for (const member of members.slice(0, LIMIT)) {
      const follow = aFollow(peer, 'alice', member.actor.id);
      await peer.send('alice', member.actor, follow);
      await accepted(peer, follow.id!);
    }
    await expect(peer.send('alice', members[2]!.actor, aFollow(peer, 'alice', members[2]!.actor.id))).rejects.toThrow(/429/);
    const refused = await fetch(members[2]!.actor.inboxId, {
      method: 'POST',
      headers: { 'content-type': AS },
      body: JSON.stringify(await aFollow(peer, 'alice', members[2]!.actor.id).toJsonLd()),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await t.db.selectFrom('follows').select('follower_id').where('following_id', '=', members[2]!.id).execute()).toEqual([]);
  });
});
