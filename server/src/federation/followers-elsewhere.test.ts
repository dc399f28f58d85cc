import { Reject, Undo } from '@fedify/vocab';
import { JSDOM } from 'jsdom';
import { FOLLOWER_NOT_LISTED, FOLLOWER_REMOVED, FOLLOW_LIST_PAGE_SIZE, paths } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db/database.ts';
import type { TestApp } from '../test/app.ts';
import { type FediversePeer, startFediversePeer } from '../test/fediverse-peer.ts';
import { until } from '../test/until.ts';
import { PASSWORD, signIn } from '../test/factories.ts';
import { aFollow, accepted, anActor, federatedApp, received } from './federation.testkit.ts';
import { saveRemoteActor } from './followers.repository.ts';
import { addToFollowCounts, keepFollowFrom } from '../social/follows.repository.ts';

/**
 * A member's followers on other servers, counted on the profile and listed in the ordinary followers
 * list (issue 30; one graph, ADR 0085), on SQLite or PostgreSQL as INKWELL_TEST_DB says: a follow from
 * a real Fedify peer shows, its Undo takes it away, and the member removes it with the ordinary call.
 */
let t: TestApp;
let base: string;
let peer: FediversePeer;

const renderedCounts = async (id: number) => {
  const html = (await t.app.inject({ method: 'GET', url: paths.viewProfile.getHref(id) })).body;
  return new JSDOM(html).window.document.querySelector('[data-testid=profile-counts]')?.textContent;
};

beforeAll(async () => {
  // The pages' cache on: a follow and its Undo must drop what showed the count before.
  ({ t, base } = await federatedApp({ feedCacheMs: 60_000 }, { rendering: true }));
  peer = await startFediversePeer(['alice']);
}, 240_000);
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const call = async (path: string, payload: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/user/${path}`, payload });
  return { status: res.statusCode, json: res.json() as Record<string, unknown> & { data: Record<string, unknown> & Array<Record<string, unknown>> } };
};
const profileCount = async (id: number) => (await call('get-profile-data', { id })).json.data.followers_count;
const followersOf = async (id: number, cursor?: string) =>
  (await call(`followers${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { profile_id: id })).json as unknown as {
    data: Array<{ id: number; name: string | null; elsewhere: { handle: string } | null }>;
    next_page_url: string | null;
  };

describe('followers on other servers, on the site', () => {
  it('counts a follow from the fediverse among the followers and lists it in the ordinary list, and its Undo takes it away', async () => {
    const ada = await anActor(t, base);
    expect(await profileCount(ada.id)).toBe(0);
    expect(await renderedCounts(ada.id)).toBe('0 posts0 followers0 following');
    const follow = aFollow(peer, 'alice', ada.actor.id);
    await peer.send('alice', ada.actor, follow);
    await accepted(peer, follow.id!);

    // One count (ADR 0083): an account elsewhere follows like a member.
    expect(await profileCount(ada.id)).toBe(1);
    // The page rendered before, kept in the pages' cache, went with the follow.
    expect(await renderedCounts(ada.id)).toBe('0 posts1 follower0 following');
    // One list (ADR 0085): it is a row of the ordinary followers list, with what the site shows of it.
    const list = await followersOf(ada.id);
    expect(list).toEqual({
      data: [
        {
          id: expect.any(Number),
          name: 'Alice of the peer',
          username: null,
          bio: null,
          profile_picture: null,
          followers_count: 0,
          is_following: false,
          elsewhere: { handle: `@alice@${new URL(peer.origin).host}`, icon_url: `${peer.origin}/avatars/alice.png`, profile_url: `${peer.origin}/@alice`, url: null },
        },
      ],
      next_page_url: null,
    });

    await peer.send('alice', ada.actor, new Undo({ id: new URL(`${follow.id!.href}#undo`), actor: peer.actorUri('alice'), object: follow }));
    await until(async () => ((await profileCount(ada.id)) === 0 ? true : undefined), 15_000);
    expect((await followersOf(ada.id)).data).toEqual([]);
    expect(await renderedCounts(ada.id)).toBe('0 posts0 followers0 following');
  });

  it('lists newest first, a page at a time, to the last', async () => {
    const ada = await anActor(t, base);
    const total = FOLLOW_LIST_PAGE_SIZE + 5;
    for (let i = 0; i < total; i++) {
      const uri = `https://far.example/users/f${ada.id}-${i}`;
      const { userId: actor } = await saveRemoteActor(
        t.db,
        { uri, inbox: `${uri}/inbox`, shared_inbox: null, handle: `@f${i}@far.example`, name: null, icon_url: null, url: null },
        nowIso(),
      );
      await keepFollowFrom(t.db, actor, ada.id, `${uri}#follow`, nowIso());
      await addToFollowCounts(t.db, actor, ada.id, 1);
    }
    const first = await followersOf(ada.id);
    expect(first.data).toHaveLength(FOLLOW_LIST_PAGE_SIZE);
    expect(first.data[0]!.elsewhere!.handle).toBe(`@f${total - 1}@far.example`);
    const second = await followersOf(ada.id, decodeURIComponent(first.next_page_url!.split('cursor=')[1]!));
    expect(second.data.map((f) => f.elsewhere!.handle)).toEqual([4, 3, 2, 1, 0].map((i) => `@f${i}@far.example`));
    expect(second.next_page_url).toBeNull();
    expect(await profileCount(ada.id)).toBe(total);
  });

  it('lets the member remove one: gone from the list and the count, and its server gets a signed Reject of the follow', async () => {
    const ada = await anActor(t, base);
    const follow = aFollow(peer, 'alice', ada.actor.id);
    await peer.send('alice', ada.actor, follow);
    await accepted(peer, follow.id!);
    const [row] = (await followersOf(ada.id)).data;
    const remove = async (as: { id: number }, headers: Record<string, string>, followerId: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/user/followers/remove', headers, payload: { user_id: as.id, follower_id: followerId } });

    // Nobody else removes it: another member names the row as theirs (404), or as Ada's (403).
    const bo = await anActor(t, base);
    const boSession = await signIn(t.app, { ...bo, password: PASSWORD });
    expect((await remove(bo, boSession.headers, row!.id)).json()).toEqual({ message: FOLLOWER_NOT_LISTED });
    expect((await remove(ada, boSession.headers, row!.id)).statusCode).toBe(403);
    expect(await profileCount(ada.id)).toBe(1);

    const session = await signIn(t.app, { ...ada, password: PASSWORD });
    const res = await remove(ada, session.headers, row!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FOLLOWER_REMOVED });
    expect(await profileCount(ada.id)).toBe(0);
    expect((await followersOf(ada.id)).data).toEqual([]);
    const { recipient, activity } = await received(peer, (a) => a instanceof Reject && a.objectId?.href === follow.id!.href);
    expect(recipient).toBe('alice');
    expect(activity.actorId?.href).toBe(ada.actor.id.href);
    expect((await remove(ada, session.headers, row!.id)).statusCode).toBe(404);
  });
});
