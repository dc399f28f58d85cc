import { Follow } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INKWELL_VERSION, inkwellUserAgent } from '../lib/user-agent.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, signIn } from '../test/factories.ts';
import { type FediversePeer, startFediversePeer } from '../test/fediverse-peer.ts';
import { anActor, federatedApp, received } from './federation.testkit.ts';

/**
 * What other servers see of this one in their logs (issue 45): every request it makes to them names
 * Inkwell, its version and the instance, as Mastodon and its peers do, whether Fedify makes it
 * itself (a signed fetch, a WebFinger lookup) or from our queue (a delivery), over real sockets to
 * another server that records each request's User-Agent.
 */
let t: TestApp;
let base: string;
let peer: FediversePeer;

beforeAll(async () => {
  ({ t, base } = await federatedApp());
  // It serves its accounts only to signed fetches: a lookup of one that succeeds was signed.
  peer = await startFediversePeer(['alice'], { signedFetchOnly: true });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const userAgentOf = (request: string | RegExp) => {
  const index = peer.requests.findIndex((line) => (typeof request === 'string' ? line === request : request.test(line)));
  expect(index, `${String(request)} in ${peer.requests.join(', ')}`).toBeGreaterThanOrEqual(0);
  return peer.userAgents[index];
};

describe('the User-Agent of requests to other servers', () => {
  it('names Inkwell, its version and the instance: a signed fetch, a delivery and a WebFinger lookup', async () => {
    const userAgent = inkwellUserAgent(base);
    expect(userAgent).toBe(`Inkwell/${INKWELL_VERSION} (Fedify/2.3.6; Node.js/${process.versions.node}; +${base}/)`);
    const ada = await anActor(t, base);
    const session = await signIn(t.app, { ...ada, password: PASSWORD });
    // Following the peer's account: it is looked up with a signed fetch, then sent a Follow from the queue.
    const found = await t.app.inject({
      method: 'POST',
      url: '/api/user/fediverse-accounts/lookup',
      headers: session.headers,
      payload: { user_id: ada.id, account: peer.actorUri('alice').href },
    });
    expect(found.statusCode, found.body).toBe(200);
    const follow = await t.app.inject({
      method: 'POST',
      url: '/api/user/follow-unfollow',
      headers: session.headers,
      payload: { user_id: ada.id, follow_id: found.json().account.id, followType: 1 },
    });
    expect(follow.statusCode, follow.body).toBe(200);
    await received(peer, (activity) => activity instanceof Follow && activity.actorId?.href === ada.actor.id.href);
    // "Follow from the fediverse" asks the reader's server by WebFinger.
    const remote = await t.app.inject({ method: 'POST', url: '/api/user/remote-follow', payload: { user_id: ada.id, handle: peer.actorUri('alice').href } });
    expect(remote.statusCode, remote.body).toBe(200);

    expect(userAgentOf('GET /users/alice')).toBe(userAgent);
    expect(userAgentOf(/^POST \/(users\/alice\/)?inbox$/)).toBe(userAgent);
    expect(userAgentOf(/^GET \/\.well-known\/webfinger\?/)).toBe(userAgent);
    // And nothing went out without it.
    expect(new Set(peer.userAgents)).toEqual(new Set([userAgent]));
  });
});
