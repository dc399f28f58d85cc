import { Undo } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/app.ts';
import { type FediversePeer, startFediversePeer } from '../test/fediverse-peer.ts';
import { until } from '../test/until.ts';
import { createDomainBlocks } from './domain-blocks.ts';
import { DomainEventBus } from '../events/domain-events.ts';
import { createFollowsService } from '../social/follows.service.ts';
import { aFollow, accepted as acceptedBy, anActor, expectMigrationRoundTrip, federatedApp } from './federation.testkit.ts';

/**
 * Follows from the fediverse (ADR 0068), over real sockets with real signatures, on SQLite or
 * PostgreSQL as INKWELL_TEST_DB says: another server (Fedify on 127.0.0.1) follows a member, is
 * accepted through the queue, is listed in the member's followers collection, and undoes it.
 */
const AS = 'application/activity+json';
let t: TestApp;
let base: string;
let peer: FediversePeer;

beforeAll(async () => {
  ({ t, base } = await federatedApp());
  peer = await startFediversePeer(['alice', 'bob']);
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const member = (fields: { username?: string | null; deactivated?: boolean } = {}) => anActor(t, base, fields);

/** The member's followers elsewhere as the one model keeps them (ADR 0083): rows of `follows` from the accounts' rows of `users`. */
const followersOf = (userId: number) =>
  t.db
    .selectFrom('follows as f')
    .innerJoin('users as u', 'u.id', 'f.follower_id')
    .select(['u.ap_id as uri', 'u.handle', 'u.name', 'u.icon_url', 'u.url', 'u.inbox', 'u.shared_inbox', 'u.domain', 'u.email', 'f.activity_id as follow_uri'])
    .where('f.following_id', '=', userId)
    .where('u.domain', 'is not', null)
    .orderBy('f.created_at')
    .orderBy('f.follower_id')
    .execute();

let serial = 1000;
const follow = (from: string, object: URL, actor = peer.actorUri(from)) => aFollow(peer, from, object, actor);
const accepted = (followId: URL) => acceptedBy(peer, followId);
const collection = async (url: string) => (await (await fetch(url, { headers: { accept: AS } })).json()) as Record<string, unknown>;

describe('a Follow from the fediverse', () => {
  it('is accepted with a signed Accept, and the follower is kept with its name and handle', async () => {
    const ada = await member();
    const activity = follow('alice', ada.actor.id);
    await peer.send('alice', ada.actor, activity);
    const { recipient, activity: accept } = await accepted(activity.id!);
    expect(recipient).toBe('alice');
    expect(accept.actorId?.href).toBe(ada.actor.id.href);
    const [row] = await followersOf(ada.id);
    expect(row).toEqual({
      uri: peer.actorUri('alice').href,
      handle: `@alice@${new URL(peer.origin).host}`,
      name: 'Alice of the peer',
      icon_url: `${peer.origin}/avatars/alice.png`,
      url: `${peer.origin}/@alice`,
      inbox: `${peer.actorUri('alice').href}/inbox`,
      shared_inbox: `${peer.origin}/inbox`,
      domain: new URL(peer.origin).host,
      email: null,
      follow_uri: activity.id!.href,
    });
  });

  it('lists the follower in the member’s followers collection, named on the actor, and a second Follow keeps one row', async () => {
    const ada = await member();
    for (const from of ['alice', 'alice', 'bob']) {
      const activity = follow(from, ada.actor.id);
      await peer.send(from, ada.actor, activity);
      await accepted(activity.id!);
    }
    expect(await followersOf(ada.id)).toHaveLength(2);
    const actor = await collection(ada.actor.id.href);
    expect(actor.followers).toBe(`${ada.actor.id.href}/followers`);
    const followers = await collection(`${ada.actor.id.href}/followers`);
    expect(followers).toMatchObject({ type: 'OrderedCollection', totalItems: 2 });
    const page = await collection(followers.first as string);
    expect(page.orderedItems).toEqual([peer.actorUri('alice').href, peer.actorUri('bob').href]);
  });

  it('is ended by its own actor’s Undo, and by nobody else’s', async () => {
    const ada = await member();
    const byAlice = follow('alice', ada.actor.id);
    await peer.send('alice', ada.actor, byAlice);
    await accepted(byAlice.id!);
    // Bob cannot undo Alice's follow. One listener handles the inbox in order: once Bob's own later
    // Follow is accepted, his Undo has been handled.
    await peer.send('bob', ada.actor, new Undo({ id: new URL(`${peer.origin}/undo/${++serial}`), actor: peer.actorUri('bob'), object: byAlice }));
    const byBob = follow('bob', ada.actor.id);
    await peer.send('bob', ada.actor, byBob);
    await accepted(byBob.id!);
    expect((await followersOf(ada.id)).map((row) => row.follow_uri)).toEqual([byAlice.id!.href, byBob.id!.href]);
    // Alice can.
    await peer.send('alice', ada.actor, new Undo({ id: new URL(`${peer.origin}/undo/${++serial}`), actor: peer.actorUri('alice'), object: byAlice }));
    await until(async () => ((await followersOf(ada.id)).length === 1 ? true : undefined), 15_000);
    expect((await followersOf(ada.id)).map((row) => row.uri)).toEqual([peer.actorUri('bob').href]);
    expect(await collection(`${ada.actor.id.href}/followers`)).toMatchObject({ totalItems: 1 });
  });
});

describe('what changes nothing', () => {
  it('refuses an unsigned Follow (401), and one signed by another actor than its own', async () => {
    const ada = await member();
    const unsigned = await fetch(ada.actor.inboxId, {
      method: 'POST',
      headers: { 'content-type': AS },
      body: JSON.stringify(await follow('alice', ada.actor.id).toJsonLd()),
    });
    expect(unsigned.status).toBe(401);
    // Bob signs a Follow that says Alice sent it.
    await expect(peer.send('bob', ada.actor, follow('bob', ada.actor.id, peer.actorUri('alice')))).rejects.toThrow(/401 Unauthorized/);
    expect(await followersOf(ada.id)).toEqual([]);
  });

  it('takes no follower for a deactivated member, nor for an address that is not a member', async () => {
    const gone = await member({ deactivated: true });
    const shared = { id: new URL(`${base}/ap/users/instance`), inboxId: new URL(`${base}/ap/inbox`) };
    const toGone = follow('alice', gone.actor.id);
    await peer.send('alice', shared, toGone);
    const elsewhere = follow('alice', peer.actorUri('bob'));
    await peer.send('alice', shared, elsewhere);
    // A Follow sent after them and accepted shows the queue has handled them.
    const ada = await member();
    const later = follow('alice', ada.actor.id);
    await peer.send('alice', shared, later);
    await accepted(later.id!);
    expect(await followersOf(gone.id)).toEqual([]);
    expect(await t.db.selectFrom('follows').select('following_id').where('activity_id', 'in', [toGone.id!.href, elsewhere.id!.href]).execute()).toEqual([]);
    expect(peer.received.some(({ activity }) => [toGone.id!.href, elsewhere.id!.href].includes((activity as { objectId: URL | null }).objectId?.href ?? ''))).toBe(false);
  });
});

describe('a blocked server', () => {
  it('has its activities refused (403), and blocking it ends its accounts’ follows', async () => {
    const ada = await member();
    const first = follow('alice', ada.actor.id);
    await peer.send('alice', ada.actor, first);
    await accepted(first.id!);
    const blocks = createDomainBlocks(t.db, createFollowsService(t.db, new DomainEventBus(), { federates: true }).severedFrom);
    const done = await blocks.block(new URL(peer.origin).hostname, 'command line');
    try {
      expect(done?.endedFollows).toBeGreaterThanOrEqual(1);
      expect(await followersOf(ada.id)).toEqual([]);
      await expect(peer.send('alice', ada.actor, follow('alice', ada.actor.id))).rejects.toThrow(/403 Forbidden/);
      expect(await followersOf(ada.id)).toEqual([]);
    } finally {
      await blocks.unblock(new URL(peer.origin).hostname, 'command line');
    }
    // Lifted: the same account may follow again.
    const again = follow('alice', ada.actor.id);
    await peer.send('alice', ada.actor, again);
    await accepted(again.id!);
  });
});

describe('migration 0030', () => {
  it('makes remote_actors, remote_followers and takes them away again', () =>
    expectMigrationRoundTrip('0029_federation_keys', 'remote_', ['remote_actors', 'remote_followers'], '0048_notices_name_accounts'));
});
